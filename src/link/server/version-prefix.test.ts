// A made-up API (`zqthings`) that moved its version out of the server's address into its paths: `https://zq.example
// .test/v4` with `/zqthings`, then `https://zq.example.test` with `/{zqVersion}/zqthings`, every tool's `zqVersion`
// defaulting to `v4`. A call given no address, and one given its own, goes where it went; `diff` said the default
// address and the path every request carries changed, two breaking lines.
import { describe, expect, it } from "vitest";
import type { ProviderIR } from "../../model/ir.js";
import { defaultAddressSurface } from "./default-address.js";

const zqVersion = (fallback?: string) => ({
  name: "zqVersion",
  type: "string",
  required: true,
  ...(fallback ? { default: fallback } : {}),
  wire: { in: "path", name: "zqVersion" },
});
function ir(server: { default: string; basePath?: string }, paths: string[], fallback?: string): ProviderIR {
  const operations = paths.map((path) => ({
    tool: { path, params: path.startsWith("/{") ? [zqVersion(fallback)] : [] },
  }));
  return { server, operations } as unknown as ProviderIR;
}

function changes(a: ProviderIR, b: ProviderIR): string[] {
  const out: string[] = [];
  const read = (x: ProviderIR) => defaultAddressSurface.read(defaultAddressSurface.record(x) as never);
  defaultAddressSurface.diff(read(a), read(b), (kind) => out.push(kind));
  return out;
}

const OLDER = ir({ default: "https://zq.example.test/v4", basePath: "/v4" }, ["/zqthings", "/zqboxes"]);

describe("the server's path moved into every tool's path as a parameter defaulting to it", () => {
  it("is no change of the default address or of the path every request carries", () => {
    const newer = ir({ default: "https://zq.example.test" }, ["/{zqVersion}/zqthings", "/{zqVersion}/zqboxes"], "v4");
    expect(changes(OLDER, newer)).toEqual([]);
  });

  it("is a change where the parameter defaults to another version, has none, or a tool does not start with it", () => {
    const to = (paths: string[], fallback?: string) =>
      changes(OLDER, ir({ default: "https://zq.example.test" }, paths, fallback));
    expect(to(["/{zqVersion}/zqthings", "/{zqVersion}/zqboxes"], "v5")).toEqual(["defaultChanged", "basePathChanged"]);
    expect(to(["/{zqVersion}/zqthings", "/{zqVersion}/zqboxes"])).toEqual(["defaultChanged", "basePathChanged"]);
    expect(to(["/{zqVersion}/zqthings", "/zqboxes"], "v4")).toEqual(["defaultChanged", "basePathChanged"]);
  });
});
