// The client credentials auth case holds the token request to the flow's
// client authentication: with `clientAuth: basic` (what add drafts where a
// document does not say, RFC 6749 §2.3.1) the client's id and secret go in
// `Authorization: Basic` and not in the form; with `body`, in the form and no
// Authorization header. The case had wanted no Authorization header whatever
// the flow said, so a correct Basic flow failed it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { draftedAuthCase, runOnLoopbackApi } from "./__fixtures__/auth-case.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const FIRST_CASE =
  "clientCredentials: one form-encoded token request, then the call with the issued token; each secret only " +
  "where it belongs";

async function firstFlowCase(words: string) {
  const scheme = {
    type: "oauth2",
    description: words,
    flows: {
      clientCredentials: { tokenUrl: "https://login.zqledger.test/oauth/token", scopes: { "zq.read": "Read." } },
    },
  };
  const doc = openapi(
    {
      "/zqentries/{id}": {
        get: {
          operationId: "getZqentry",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 24 } }],
          security: [{ zqOauth: ["zq.read"] }],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "e1" }) },
        },
      },
    },
    { securitySchemes: { zqOauth: scheme } },
    { security: [] },
  );
  const d = drafted(doc, ["getZqentry"], "zqledger");
  const [tool] = await linkedTools(d, "zqledger");
  if (!tool) throw new Error("no tool linked");
  return { tool, found: draftedAuthCase(d.openapiText, tool, "zqledger", FIRST_CASE) };
}

async function outcome(words: string): Promise<{ clientAuth: unknown; failure?: string }> {
  const { tool, found } = await firstFlowCase(words);
  try {
    await runOnLoopbackApi(found);
    return {
      clientAuth:
        tool.oauth?.flows[0] && "clientAuth" in tool.oauth.flows[0] ? tool.oauth.flows[0].clientAuth : undefined,
    };
  } catch (e) {
    return { clientAuth: undefined, failure: (e as Error).message };
  }
}

describe("the client credentials case and the client's authentication", () => {
  it(
    "clientAuth basic (the RFC's default where the document is silent): the case passes on the runtime's Basic " +
      "token request",
    async () => {
      expect(await outcome("Tokens for the Zq ledger.")).toEqual({ clientAuth: "basic" });
    },
  );

  it(
    "clientAuth body (the document says client_secret_post): the case passes on the runtime's form " + "fields",
    async () => {
      expect(await outcome("Clients authenticate with client_secret_post.")).toEqual({ clientAuth: "body" });
    },
  );
});
