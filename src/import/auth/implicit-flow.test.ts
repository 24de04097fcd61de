// An OAuth 2 scheme whose only flow is implicit (its description calling it client credentials, a mislabelled
// Swagger 2.0 `flow: implicit`): the implicit flow hands the token to a person's browser, which a program calling
// alone has not. add drafts the bearer token a call gives, never a flow the runtime cannot run, and its review note
// says why and what to write if the API's token endpoint does take client credentials.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { convertSwagger2 } from "../document/swagger2.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  sentHeaders,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const implicit = { authorizationUrl: "https://zq.test/authorize", scopes: { "zq:read": "read" } };

describe("an OAuth 2 scheme whose only flow is implicit", () => {
  it("described as client credentials: a bearer token the call gives, with a note, no auth.flows", async () => {
    const document = openapi(
      { "/zqitems": { get: { operationId: "listZqItems", responses: ok } } },
      {
        securitySchemes: {
          zqOauth: { type: "oauth2", description: "OAuth 2 client credentials grant.", flows: { implicit } },
        },
      },
      { security: [{ zqOauth: ["zq:read"] }] },
    );
    const d = drafted(document, ["listZqItems"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqOauth", param: "accessToken" });
    const note = notesAt(d, "auth").join("\n");
    expect(note).toContain("Its flows (implicit) need a person's consent in a browser");
    expect(note).toContain("drafted as a bearer token the caller obtains beforehand, not as auth.flows");
    expect(note).toContain("its words say client credentials");
    expect(note).toContain("write auth.flows.clientCredentials");
    expect(await linkProblems(d)).toEqual([]);
    const headers = await sentHeaders(d, { accessToken: "zq-token-0000000001" });
    expect(headers.get("authorization")).toBe("Bearer zq-token-0000000001");
  });

  it("a Swagger 2.0 `flow: implicit` so described reads the same; one without the words the browser's note", () => {
    const swagger = (description: string) => ({
      swagger: "2.0",
      info: { title: "Zq", version: "1" },
      host: "api.zq.test",
      schemes: ["https"],
      securityDefinitions: { zqOauth: { type: "oauth2", flow: "implicit", description, ...implicit } },
      security: [{ zqOauth: [] }],
      paths: {
        "/zqitems": {
          get: {
            operationId: "listZqItems",
            produces: ["application/json"],
            responses: { "200": { description: "ok", schema: { type: "object" } } },
          },
        },
      },
    });
    const said = drafted(convertSwagger2(swagger("Use your client_credentials to get a token.")), ["listZqItems"]);
    expect(said.manifest.auth.flows).toBeUndefined();
    expect(notesAt(said, "auth").join("\n")).toContain("its words say client credentials");
    const plain = drafted(convertSwagger2(swagger("Sign in with Zq.")), ["listZqItems"]);
    expect(plain.manifest.auth).toEqual({ scheme: "zqOauth", param: "accessToken" });
    const note = notesAt(plain, "auth").join("\n");
    expect(note).toContain("Its flows (implicit) need a person's consent in a browser");
    expect(note).not.toContain("client credentials");
  });

  it("beside a client credentials flow, that flow is drafted and the browser's note is not", () => {
    const clientCredentials = { tokenUrl: "https://zq.test/token", scopes: {} };
    const document = openapi(
      { "/zqitems": { get: { operationId: "listZqItems", responses: ok } } },
      { securitySchemes: { zqOauth: { type: "oauth2", flows: { implicit, clientCredentials } } } },
      { security: [{ zqOauth: [] }] },
    );
    const d = drafted(document, ["listZqItems"]);
    expect(d.manifest.auth.flows?.clientCredentials?.tokenUrl).toBe("https://zq.test/token");
    expect(d.notes.map((n) => n.note).join("\n")).not.toContain("need a person's consent in a browser");
  });
});
