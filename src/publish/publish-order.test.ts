// What `blockwright publish` decides without a registry: the order packages
// go in (each after the workspace packages it depends on), and what of npm's
// words it may show (no credential).
import { describe, expect, it } from "vitest";
import { withheld } from "./npm.js";
import { dependencyOrder, type WorkspacePackage } from "./workspaces.js";

const pkg = (name: string, dependsOn: string[] = []): WorkspacePackage => ({
  name,
  version: "1.0.0",
  dir: name.replace(/^@[^/]+\//, ""),
  private: false,
  dependsOn,
  requires: {},
});

describe("dependencyOrder", () => {
  it("puts the runtime before the providers that depend on it, whatever their folders' order", () => {
    const packages = [
      pkg("@s/alpha", ["@s/runtime", "openapi-fetch"]),
      pkg("@s/beta", ["@s/runtime"]),
      pkg("@s/runtime", ["openapi-fetch"]),
    ];
    expect(dependencyOrder(packages).map((p) => p.name)).toEqual(["@s/runtime", "@s/alpha", "@s/beta"]);
  });

  it("follows chains, and keeps the members of a cycle in folder order", () => {
    expect(dependencyOrder([pkg("a", ["b"]), pkg("b", ["c"]), pkg("c")]).map((p) => p.name)).toEqual(["c", "b", "a"]);
    expect(dependencyOrder([pkg("a", ["b"]), pkg("b", ["a"]), pkg("c")]).map((p) => p.name)).toEqual(["b", "a", "c"]);
  });
});

describe("withheld", () => {
  it("withholds what can be a credential in npm's words, and keeps the rest", () => {
    expect(withheld("403 Forbidden - PUT https://ci:s3cret@registry.example.com/@s%2falpha - not allowed")).toBe(
      "403 Forbidden - PUT https://[withheld]@registry.example.com/@s%2falpha - not allowed",
    );
    expect(withheld("//registry.example.com/:_authToken=abc123 is invalid")).toBe(
      "//registry.example.com/:_authToken=[withheld] is invalid",
    );
    expect(withheld("sent Authorization: Bearer abc.def")).toBe("sent Authorization: Bearer [withheld]");
    expect(withheld("token npm_abcdefghijklmnopqrstuvwxyz0123456789 revoked")).not.toContain("npm_abcdefghij");
    expect(withheld("E404 Not Found - GET https://registry.example.com/@s%2falpha")).toBe(
      "E404 Not Found - GET https://registry.example.com/@s%2falpha",
    );
  });
});
