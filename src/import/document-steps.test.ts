// Every path that drafts from a published document runs the same steps (document-steps.ts): add, whose
// cut's header now names what they added (the schemes a required Authorization header parameter shows, before: only
// in each scheme's description); upstream --accept's re-cut of a newer document, which lost the requirements add wrote
// on the operations (the token was drafted and never required again); and the corpus's picker (its own test file).
import { describe, expect, it } from "vitest";
import { recut } from "../upstream/recut.js";
import { type Json, drafted, openapi, reply } from "./__fixtures__/draft-kit.js";

const text = { type: "string" };
const op = (operationId: string, parameters: unknown[]) => ({
  get: {
    operationId,
    parameters,
    responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
  },
});
const bearerParam = {
  name: "Authorization",
  in: "header",
  required: true,
  schema: { type: "string", example: "Bearer ZQ_OAUTH_TOKEN" },
};

/** A document declaring a key scheme, whose `getZqMine` also requires an Authorization parameter showing a token. */
function document(description = "Mine."): Json {
  return openapi(
    {
      "/zqmine": op("getZqMine", [bearerParam, { name: "zqNote", in: "query", description, schema: text }]),
      "/zqopen": op("getZqOpen", []),
    },
    { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Api-Key" } } },
    { security: [{ zqKey: [] }] },
  );
}

/** The comment lines at the top of a cut. */
const headerOf = (cutText: string) => cutText.split("\n").filter((l) => l.startsWith("# "));

describe("the document steps on every drafting path", () => {
  it("add: the cut's header names the scheme and the requirement the Authorization parameter added", () => {
    const d = drafted(document(), ["getZqMine", "getZqOpen"], "zqsteps");
    const header = headerOf(d.openapiText).join("\n");
    expect(header).toContain("components.securitySchemes.authorizationBearer (for Authorization: Bearer …)");
    expect(header).toContain("GET /zqmine.security (each requires the Authorization header parameter");
    expect(d.added).toContain("components.securitySchemes.authorizationBearer");
  });

  it("upstream --accept: the re-cut of a newer document keeps the token's requirement add wrote", () => {
    const d = drafted(document(), ["getZqMine", "getZqOpen"], "zqsteps");
    const cut = recut(
      d.openapiText,
      document("Mine, in the newer version."),
      [
        { method: "get", path: "/zqmine" },
        { method: "get", path: "/zqopen" },
      ],
      "zqsteps-2.json",
      "1".repeat(64),
    );
    const mine = cut.text.slice(cut.text.indexOf("/zqmine:"), cut.text.indexOf("/zqopen:"));
    expect(mine).toMatch(/security:\n\s+- zqKey: \[\]\n\s+authorizationBearer: \[\]/);
    expect(mine).toContain("in the newer version");
    expect(headerOf(cut.text).join("\n")).toContain("GET /zqmine.security (each requires the Authorization header");
  });
});
