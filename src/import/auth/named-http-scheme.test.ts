// Operations that each take their own HTTP scheme of a name other than
// bearer or basic (`type: http, scheme: zq-hmac-sha256`, a signature the
// caller computes): the runtime sent none of them, so add drafted an added
// bearer scheme that no operation accepts, and generate refused every tool
// (BW2007). Such a scheme's credentials go after its name in Authorization
// (RFC 9110), as the call gives them: each operation's own scheme is drafted,
// one way each (auth.alternatives), and a call sends it as the scheme says.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const hmac = (what: string) => ({
  type: "http",
  scheme: "zq-hmac-sha256",
  description: `${what} signed in HmacSHA256`,
});
const answer = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "l1" });

const document = openapi(
  {
    "/zqlinks": {
      get: { operationId: "zqListLinks", security: [{ zqListAuth: [] }], responses: { "200": answer } },
      post: { operationId: "zqCreateLink", security: [{ zqCreateAuth: [] }], responses: { "201": answer } },
    },
    "/zqlinks/{zqid}": {
      get: {
        operationId: "zqGetLink",
        security: [{ zqOneAuth: [] }],
        parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": answer },
      },
    },
  },
  { securitySchemes: { zqCreateAuth: hmac("the link"), zqListAuth: hmac("the list"), zqOneAuth: hmac("the id") } },
  { security: null },
);

describe("operations that each take their own named HTTP scheme", () => {
  it("are drafted with the schemes they accept, which link; a call sends its scheme's name first", async () => {
    const d = drafted(document, ["zqListLinks", "zqCreateLink", "zqGetLink"]);
    const auth = d.manifest.auth as { scheme: string; alternatives?: { scheme: string }[] };
    expect([auth.scheme, ...(auth.alternatives ?? []).map((w) => w.scheme)].sort()).toEqual([
      "zqCreateAuth",
      "zqListAuth",
      "zqOneAuth",
    ]);
    expect(d.openapiText).not.toContain("bearerAuth");
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const get = tools.find((t) => t.operationId === "zqGetLink");
    const sent: Record<string, string>[] = [];
    const fetch = async (r: Request) => {
      sent.push(Object.fromEntries(r.headers));
      return new Response(JSON.stringify({ id: "l1" }), { headers: { "content-type": "application/json" } });
    };
    const ways = [auth, ...(auth.alternatives ?? [])] as { scheme: string; param: string }[];
    const param = ways.find((w) => w.scheme === "zqOneAuth") as { param: string };
    const result = await executeToolDefinition(
      get!,
      { zqid: "l1", [param.param]: "c2lnbmF0dXJlLTAwMDE=" },
      { fetch, baseUrl: "http://127.0.0.1:9" },
    );
    expect(result.success).toBe(true);
    expect(sent[0]?.authorization).toBe("zq-hmac-sha256 c2lnbmF0dXJlLTAwMDE=");
  });
});
