// A client credentials flow whose document describes its own token endpoint as taking a JSON object
// (`{grant_type, client_id, client_secret}`), no form: add drafts `tokenFormat: json` and the client in the body, the
// link holds the flow to that operation (a form refused, naming it; its vendor JSON type carried), and the auth case
// holds the runtime's token request to the JSON, passing on what the runtime sends.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../import/__fixtures__/draft-kit.js";
import { draftedAuthCase, runOnLoopbackApi } from "./__fixtures__/auth-case.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const FIRST_CASE =
  "clientCredentials: one JSON token request, then the call with the issued token; each secret only where it belongs";

const TOKEN_FIELDS = {
  type: "object",
  properties: {
    grant_type: { type: "string", enum: ["client_credentials"] },
    client_id: { type: "string" },
    client_secret: { type: "string" },
  },
};

/** A document whose token endpoint, on the API's host, takes its request in `tokenTypes` (each the same fields). */
const documentTaking = (tokenTypes: string[], fields: Record<string, unknown> = TOKEN_FIELDS) =>
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
      "/zqauth/token": {
        post: {
          operationId: "zqToken",
          security: [],
          requestBody: {
            content: Object.fromEntries(tokenTypes.map((type) => [type, jsonBody(fields).content["application/json"]])),
          },
          responses: { "200": reply({ type: "object", properties: { access_token: { type: "string" } } }) },
        },
      },
    },
    {
      securitySchemes: {
        zqOauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/zqauth/token", scopes: {} } } },
      },
    },
    { security: [] },
  );

async function runFirstCase(d: ReturnType<typeof drafted>, tool: ToolSpec): Promise<void> {
  await runOnLoopbackApi(draftedAuthCase(d.openapiText, tool, "zqledger", FIRST_CASE));
}

describe("a token endpoint the document types as JSON", () => {
  it("is drafted as tokenFormat json with the client in the body, links, and the auth case passes", async () => {
    const d = drafted(documentTaking(["application/json"]), ["getZqentry"], "zqledger");
    const flow = d.manifest.auth?.flows?.clientCredentials;
    expect(flow).toMatchObject({ tokenUrl: "https://api.acme.test/zqauth/token", tokenFormat: "json" });
    expect(flow?.clientAuth).toBe("body");
    expect(notesAt(d, "auth.flows.clientCredentials").join()).toMatch(/as JSON \(tokenFormat: json\)/);
    expect(await linkProblems(d, "zqledger")).toEqual([]);
    const [tool] = await linkedTools(d, "zqledger");
    if (!tool) throw new Error("no tool linked");
    await runFirstCase(d, tool);
  });

  it("is drafted as JSON whatever fields the document's token operation names, as the link asks", async () => {
    const grants = { type: "object", properties: { "Get a token by a code": { type: "object" } } };
    const d = drafted(documentTaking(["application/json"], grants), ["getZqentry", "zqToken"], "zqledger");
    expect(d.manifest.auth?.flows?.clientCredentials).toMatchObject({ tokenFormat: "json", clientAuth: "basic" });
    expect(await linkProblems(d, "zqledger")).toEqual([]);
  });

  it("is drafted as a form where the document offers one beside JSON", () => {
    const d = drafted(documentTaking(["application/json", "application/x-www-form-urlencoded"]), ["getZqentry"], "zq");
    expect(d.manifest.auth?.flows?.clientCredentials?.tokenFormat).toBeUndefined();
  });

  it("refuses a form where the document's operation takes only JSON, naming the operation and the field", async () => {
    const d = drafted(documentTaking(["application/json"]), ["getZqentry", "zqToken"], "zqledger");
    const formed = { ...d, manifestText: d.manifestText.replace(/\n\s*tokenFormat: json/, "") };
    expect(formed.manifestText).not.toMatch(/^\s*tokenFormat:/m);
    const problems = (await linkProblems(formed, "zqledger")).join("\n");
    expect(problems).toMatch(/auth\.flows\.clientCredentials: the document's own token endpoint POST \/zqauth\/token/);
    expect(problems).toMatch(/application\/json only.*declare tokenFormat: json/);
  });

  it("refuses JSON where the document's operation takes only a form", async () => {
    const d = drafted(documentTaking(["application/x-www-form-urlencoded"]), ["getZqentry", "zqToken"], "zqledger");
    const jsoned = {
      ...d,
      manifestText: d.manifestText.replace(/(\n(\s*)clientAuth: \w+)/, "$1\n$2tokenFormat: json"),
    };
    expect(jsoned.manifestText).toContain("tokenFormat: json");
    expect((await linkProblems(jsoned, "zqledger")).join("\n")).toMatch(
      /clientCredentials\.tokenFormat: tokenFormat json, but .*application\/x-www-form-urlencoded only/,
    );
  });

  it("is sent as the document's own JSON type, and the auth case holds it to that type", async () => {
    const d = drafted(documentTaking(["application/vnd.zqledger.auth+json"]), ["getZqentry", "zqToken"], "zqledger");
    expect(d.manifest.auth?.flows?.clientCredentials?.tokenFormat).toBe("json");
    const [tool] = (await linkedTools(d, "zqledger")).filter((t) => t.oauth);
    if (!tool) throw new Error("no tool with flows linked");
    expect(tool.oauth?.flows[0]?.tokenMediaType).toBe("application/vnd.zqledger.auth+json");
    await runFirstCase(d, tool);
  });
});
