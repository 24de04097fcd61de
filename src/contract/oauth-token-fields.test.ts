// A client credentials flow whose token request needs a fixed extra field (an Auth0 `audience`, which a Speakeasy
// document names in `x-speakeasy-token-endpoint-additional-properties`): add drafts it as the flow's tokenFields, with
// a note to check it, and the auth case holds the token request to it, passing on the runtime's request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../import/__fixtures__/draft-kit.js";
import { draftedAuthCase, runOnLoopbackApi } from "./__fixtures__/auth-case.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const FIRST_CASE =
  "clientCredentials: one form-encoded token request, then the call with the issued token; each secret only " +
  "where it belongs";

const documentWith = (flowExtra: Record<string, unknown>, schemeExtra: Record<string, unknown> = {}) =>
  openapi(
    {
      "/zqentries/{id}": {
        get: {
          operationId: "getZqentry",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 24 } }],
          security: [{ zqOauth: [] }],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "e1" }) },
        },
      },
    },
    {
      securitySchemes: {
        zqOauth: {
          type: "oauth2",
          flows: {
            clientCredentials: { tokenUrl: "https://login.zqledger.test/oauth/token", scopes: {}, ...flowExtra },
          },
          ...schemeExtra,
        },
      },
    },
    { security: [] },
  );

const EXTENSION = "x-speakeasy-token-endpoint-additional-properties";

describe("a token request's fixed fields, from the document", () => {
  it("are drafted as tokenFields with a note, link, and the auth case passes holding the request to them", async () => {
    const doc = documentWith({
      [EXTENSION]: {
        audience: { type: "string", example: "https://api.zqledger.test" },
        zq_org: { type: "string" },
        grant_type: { type: "string", example: "password" },
      },
    });
    const d = drafted(doc, ["getZqentry"], "zqledger");
    expect(d.manifest.auth?.flows?.clientCredentials?.tokenFields).toEqual({ audience: "https://api.zqledger.test" });
    expect(notesAt(d, "auth.flows.clientCredentials.tokenFields").join()).toContain(
      "audience=https://api.zqledger.test",
    );
    expect(notesAt(d, "auth.flows.clientCredentials").join()).toMatch(/names zq_org with no value to send/);
    expect(await linkProblems(d, "zqledger")).toEqual([]);
    const [tool] = await linkedTools(d, "zqledger");
    if (!tool) throw new Error("no tool linked");
    await runOnLoopbackApi(draftedAuthCase(d.openapiText, tool, "zqledger", FIRST_CASE));
  });

  it("are read from the scheme too, and none are drafted where the document names none", () => {
    const onScheme = documentWith({}, { [EXTENSION]: { audience: { type: "string", example: "zq-api" } } });
    expect(drafted(onScheme, ["getZqentry"], "zqledger").manifest.auth?.flows?.clientCredentials?.tokenFields).toEqual({
      audience: "zq-api",
    });
    const plain = drafted(documentWith({}), ["getZqentry"], "zqledger");
    expect(plain.manifest.auth?.flows?.clientCredentials).toBeDefined();
    expect(plain.manifest.auth?.flows?.clientCredentials?.tokenFields).toBeUndefined();
  });
});
