// An operation with a cookie parameter (in: cookie) and a key in a header: the call sends the parameter in the Cookie
// header, as OpenAPI says. The suite's request check declared the Cookie header only for a key in a cookie, so it
// refused every call of such an operation ("header cookie is not declared"); a cookie it does not declare is still
// refused where the operation has no cookie at all.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkRequest } from "./request.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-cookie-param-request-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
const openapi = keyedDocument("zqcookies", {
  "/zqsession": {
    get: {
      operationId: "getZqSession",
      parameters: [{ name: "zq-session", in: "cookie", required: true, schema: { type: "string", maxLength: 80 } }],
      responses: ok,
    },
  },
  "/zqplain": { get: { operationId: "getZqPlain", responses: ok } },
});
const manifest = keyedManifest(
  "zqcookies",
  `  zqcookies_get_session:
    operationId: getZqSession
    title: Get the session
    description: Get the session.
    params:
      zqSession:
        type: string
        description: The session.
        required: true
        maxLength: 80
        wire: { in: cookie, name: zq-session }
    outputs:
      data:
        type: json
        from: $response.body
        description: The session.
  zqcookies_get_plain:
    operationId: getZqPlain
    title: Get plain
    description: Get plain.
    outputs:
      data:
        type: json
        from: $response.body
        description: The answer.
`,
);

const session = await linkedTool(work, "zqcookies", openapi, manifest, "zqcookies_get_session");

describe("a cookie parameter beside a key in a header", () => {
  it("goes in the Cookie header, which the request check takes", async () => {
    const input = { apiKey: "zq-key-0001", zqSession: "zq a;b=c" };
    const ex = await sentGet(session.tool, input);
    expect(ex.headers.get("cookie")).toMatch(/^zq-session=/);
    expect(() => checkRequest(ex, session.tool, session.linked.document, input)).not.toThrow();
  });

  it("does not let a Cookie header through on an operation that declares no cookie", async () => {
    const plain = await linkedTool(work, "zqcookies", openapi, manifest, "zqcookies_get_plain");
    const input = { apiKey: "zq-key-0001" };
    const ex = await sentGet(plain.tool, input);
    ex.headers.set("cookie", "zq-other=1");
    expect(() => checkRequest(ex, plain.tool, plain.linked.document, input)).toThrow(/header cookie is not declared/);
  });
});
