// Every tool carries the provider's server (serverOf), and the document's server in it, its base path, was read again
// for each tool linked: the same reading of the same document's `servers` (its variables filled, its path cut from
// its origin, four patterns), once a tool. Now read once a document and credential variable (docs/contributing/
// performance.md, scale12).
import { describe, expect, it } from "vitest";
import type { LinkContext } from "../context.js";
import { serverOf } from "./server.js";

/** A link's context whose document counts the reads of its `servers`. */
function contextOf(url: string, variable?: string) {
  const reads = { servers: 0 };
  const data = new Proxy(
    { servers: [{ url }] },
    {
      get(target, key, receiver) {
        if (key === "servers") reads.servers++;
        return Reflect.get(target, key, receiver);
      },
    },
  );
  const ctx = {
    doc: { source: { data } },
    manifest: { server: { default: "https://zq.example/zqapi" }, auth: variable ? { variable } : {} },
  } as unknown as LinkContext;
  return { ctx, reads };
}

describe("the document's server, by the tool", () => {
  it("is read once however many tools carry it", () => {
    const { ctx, reads } = contextOf("https://zq.example/zqapi/");
    for (let i = 0; i < 50; i++)
      expect(serverOf(ctx)).toEqual({ default: "https://zq.example/zqapi", basePath: "/zqapi" });
    expect(reads.servers).toBe(1);
  });

  it("is read as the credential's variable keeps it, and each tool's server is an object of its own", () => {
    const { ctx } = contextOf("https://zq.example/{zqKey}/zqapi", "zqKey");
    const first = serverOf(ctx);
    expect(first).toEqual({ default: "https://zq.example/zqapi", basePath: "/{zqKey}/zqapi" });
    const second = serverOf(ctx);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    const other = { ...ctx, manifest: { ...ctx.manifest, auth: {} } } as LinkContext;
    // Without the credential's variable, {zqKey} is a variable of no default: no base path is known (checkBasePath
    // refuses it).
    expect(serverOf(other)).toEqual({ default: "https://zq.example/zqapi" });
  });
});
