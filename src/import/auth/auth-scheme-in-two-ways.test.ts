// One security scheme in two requirements (a key alone, or the key with a
// virtual key): one header, one input, and a call that gives both sends both.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "u1" });
const doc = openapi(
  {
    "/zqrefs": { get: { operationId: "zqRefs", security: [{ zqKey: [] }], responses: { "200": answer } } },
    "/zqchat": {
      post: { operationId: "zqChat", security: [{ zqKey: [], zqVirtual: [] }], responses: { "200": answer } },
    },
  },
  {
    securitySchemes: {
      zqKey: { type: "apiKey", in: "header", name: "x-zq-api-key" },
      zqVirtual: { type: "apiKey", in: "header", name: "x-zq-virtual-key" },
    },
  },
  { security: null },
);

describe("one scheme in two ways", () => {
  it("drafts one parameter for the scheme's header, the fuller way first", async () => {
    const d = drafted(doc, ["zqRefs", "zqChat"]);
    expect(d.manifest.auth).toEqual({
      scheme: "zqKey",
      param: "apiKey",
      also: [{ scheme: "zqVirtual", param: "xZqVirtualKey" }],
      alternatives: [{ scheme: "zqKey", param: "apiKey" }],
    });
    expect(Object.keys(d.manifest.params!).sort()).toEqual(["apiKey", "xZqVirtualKey"]);
    expect(d.manifest.params!.apiKey).toMatchObject({ secret: true });
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const sent: Record<string, string | null>[] = [];
    const fetch = async (r: Request) => {
      sent.push({ key: r.headers.get("x-zq-api-key"), virtual: r.headers.get("x-zq-virtual-key") });
      return new Response(JSON.stringify({ id: "u1" }), { headers: { "content-type": "application/json" } });
    };
    const chat = tools.find((t) => t.id.endsWith("zq_chat"))!;
    const refs = tools.find((t) => t.id.endsWith("zq_refs"))!;
    const options = { fetch, baseUrl: "http://127.0.0.1:9" };
    const both = await executeToolDefinition(
      chat,
      { apiKey: "zq-key-secret", xZqVirtualKey: "zq-virtual-secret" },
      options,
    );
    expect(both).toMatchObject({ success: true });
    expect((await executeToolDefinition(refs, { apiKey: "zq-key-secret" }, options)).success).toBe(true);
    expect(sent).toEqual([
      { key: "zq-key-secret", virtual: "zq-virtual-secret" },
      { key: "zq-key-secret", virtual: null },
    ]);
  });
});
