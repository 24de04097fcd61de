// The other operations' own address parameters a tool does not require (withOwnAddress) were read from every
// operation of the manifest once per operation linked: a whole API's link grew with the square of its operations
// (GitHub's 845 operations: 714,025 operations read, 5 % of generate's CPU; Graph beta's 22,361: half a billion).
// They are the manifest's, whichever operation is linked: read once per manifest, the tools' parameters the same.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import type { LinkContext } from "../context.js";
import { withOwnAddress } from "./operation-instance.js";

const param = (name: string, where: string): ParamSpec =>
  ({ name, required: true, wire: { in: where, name } }) as unknown as ParamSpec;

/** A manifest of `n` operations, the first served at an instance address of its own; its operations' reads counted. */
function manifestOf(n: number) {
  const reads = { enumerations: 0 };
  const operations: Record<string, unknown> = {};
  for (let i = 0; i < n; i++)
    operations[`zqown_op${i}`] = i === 0 ? { server: { param: "zqInstanceUrl" } } : { server: undefined };
  const counted = new Proxy(operations, {
    ownKeys(target) {
      reads.enumerations++;
      return Reflect.ownKeys(target);
    },
  });
  const ctx = { manifest: { server: { param: "zqTenantUrl" }, operations: counted } } as unknown as LinkContext;
  return { ctx, reads };
}

describe("the other operations' own addresses, by the tool", () => {
  it("reads the manifest's operations once, however many tools are linked", () => {
    const { ctx, reads } = manifestOf(300);
    const params = [param("zqInstanceUrl", "server"), param("zqTenantUrl", "server"), param("zqId", "path")];
    for (let i = 0; i < 300; i++) withOwnAddress(ctx, {} as ToolSpec["server"], params);
    expect(reads.enumerations).toBe(1);
  });

  it("still relaxes the addresses a tool is not served at, and keeps the ones it is", () => {
    const { ctx } = manifestOf(3);
    const params = [param("zqInstanceUrl", "server"), param("zqTenantUrl", "server"), param("zqId", "path")];
    const elsewhere = withOwnAddress(ctx, {} as ToolSpec["server"], params);
    expect(elsewhere.map((p) => [p.name, p.required])).toEqual([
      ["zqInstanceUrl", false],
      ["zqTenantUrl", false],
      ["zqId", true],
    ]);
    const atInstance = withOwnAddress(ctx, { param: "zqInstanceUrl" } as ToolSpec["server"], params);
    expect(atInstance.map((p) => [p.name, p.required])).toEqual([
      ["zqInstanceUrl", true],
      ["zqTenantUrl", false],
      ["zqId", true],
    ]);
    const atTenant = withOwnAddress(ctx, { param: "zqTenantUrl" } as ToolSpec["server"], params);
    expect(atTenant.map((p) => [p.name, p.required])).toEqual([
      ["zqInstanceUrl", false],
      ["zqTenantUrl", true],
      ["zqId", true],
    ]);
  });
});
