// A document that declares no security scheme: add adds an optional bearer token, which is no evidence that a field
// or parameter named `token` is that credential. A created record's required `token` field was covered by the added
// scheme (auth.covers: nothing sends it), so no create call could succeed.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, jsonBody, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqrelays/{zqname}": {
    post: {
      operationId: "zqCreateRelay",
      parameters: [{ name: "zqname", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      requestBody: {
        required: true,
        ...jsonBody({
          type: "object",
          required: ["token", "zqaddr"],
          properties: { token: { type: "string" }, zqaddr: { type: "string" } },
        }),
      },
      responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "a" }) },
    },
  },
});

delete document.components.securitySchemes;
delete document.security;

describe("add on a document with no security scheme: the added bearer token covers no `token`", () => {
  const d = drafted(document, ["zqCreateRelay"]);

  it("adds the optional bearer token, covering nothing", () => {
    expect(d.manifest.auth).toMatchObject({ scheme: "bearerAuth", param: "accessToken" });
    expect(d.manifest.auth).not.toHaveProperty("covers");
  });

  it("drafts the created record's required token field as a parameter sent in the body", () => {
    const ops = d.manifest.operations as Record<string, { params: Record<string, { wire?: { in: string } }> }>;
    expect(Object.values(ops)[0]?.params.token?.wire?.in).toBe("body");
  });
});
