// The MCP SDK is an optional peer dependency of blockwright: a project that
// runs `blockwright mcp` without it is told what to install, before anything
// is loaded or started.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../test-support/repo.js";
import { missingMcpSdk } from "./mcp.js";

const here = createRequire(import.meta.url);
const { peerDependencies, peerDependenciesMeta } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

describe("the MCP SDK, an optional peer dependency", () => {
  it("is declared as one, so that npm installs it only when a project asks", () => {
    expect(peerDependencies["@modelcontextprotocol/sdk"]).toMatch(/^\^1\./);
    expect(peerDependenciesMeta["@modelcontextprotocol/sdk"]).toEqual({ optional: true });
  });

  it("missing, makes blockwright mcp say how to install the range it is tested with", () => {
    const absent = Object.assign((id: string) => here(id), {
      resolve: (id: string): string => {
        throw Object.assign(new Error(`Cannot find module '${id}'`), { code: "MODULE_NOT_FOUND" });
      },
    });
    expect(missingMcpSdk(absent)).toBe(
      `needs the MCP SDK, which blockwright leaves to the projects that serve MCP: ` +
        `npm install -D "@modelcontextprotocol/sdk@${peerDependencies["@modelcontextprotocol/sdk"]}"`,
    );
  });

  it("installed (here, a devDependency), lets it serve", () => {
    expect(missingMcpSdk(here)).toBeUndefined();
  });
});
