// A credential the caller may leave out: a key parameter the document leaves optional, a security list with an empty
// alternative (`[{}, {key: []}]`, OpenAPI's "authentication is optional"), and a document that declares no scheme at
// all (a public API, or one that takes a bearer token). Each is drafted optional, and the linked tool sends the
// credential when a call gives it, none when not; before, every call without one was refused before any request.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, type SeenRequest, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const FORECAST = {
  operationId: "getZqForecast",
  parameters: [
    { name: "latitude", in: "query", required: true, schema: { type: "number" } },
    {
      name: "apikey",
      in: "query",
      required: false,
      description: "Only required for commercial subscriptions.",
      schema: { type: "string" },
    },
  ],
  responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "f1" }) },
};

/** A document with these schemes (none: no `components.securitySchemes`) and top-level security. */
function document(op: Json, schemes: Json | undefined, security: Json[] | undefined): Json {
  const doc = openapi({ "/zqforecast": { get: op } }, {}, { security: security ?? null });
  if (schemes) doc.components.securitySchemes = schemes;
  else delete doc.components.securitySchemes;
  if (security === undefined) delete doc.security;
  return doc;
}

/** What one call sent: its address and headers, or the refusal. */
async function sent(tool: ToolSpec, input: Json): Promise<{ url?: string; headers?: Json; refused?: Json }> {
  const { fetch, seen } = scriptedFetch(json(200, { id: "f1" }));
  const result = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch });
  if (!result.success) return { refused: { rule: result.error.rule, param: result.error.param } };
  const request = seen[0] as SeenRequest;
  return { url: request.url, headers: Object.fromEntries(request.headers) };
}

async function draftedTool(doc: Json): Promise<{ tool: ToolSpec; d: ReturnType<typeof drafted> }> {
  const d = drafted(doc, ["getZqForecast"]);
  expect(await linkProblems(d)).toEqual([]);
  const tool = (await linkedTools(d)).find((t) => t.operationId === "getZqForecast") as ToolSpec;
  return { tool, d };
}

describe("a credential the caller may leave out", () => {
  it("a key parameter the document leaves optional: drafted optional, sent only when given", async () => {
    const { tool, d } = await draftedTool(document(FORECAST, undefined, undefined));
    expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: false });
    expect(d.openapiText).toMatch(/\nsecurity:\n {2}- \{\}\n {2}- apiKeyAuth: \[\]\npaths:/);
    expect(notesAt(d, "auth")[0]).toMatch(/leaves apikey optional, so the credential is too/);
    expect(tool.authOptional).toBe(true);
    expect(await sent(tool, { latitude: 52.5 })).toEqual({
      url: "http://127.0.0.1:9/zqforecast?latitude=52.5",
      headers: expect.not.objectContaining({ authorization: expect.anything() }),
    });
    expect((await sent(tool, { latitude: 52.5, apiKey: "zq-key-0001" })).url).toBe(
      "http://127.0.0.1:9/zqforecast?latitude=52.5&apikey=zq-key-0001",
    );
  });

  it("security: [{}, {key: []}]: drafted optional, sent only when given", async () => {
    const schemes = { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } };
    const op = { ...FORECAST, parameters: FORECAST.parameters.slice(0, 1), security: [{}, { zqKey: [] }] };
    const { tool, d } = await draftedTool(document(op, schemes, undefined));
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: false });
    expect(notesAt(d, "auth").join("\n")).toMatch(/getZqForecast may also be called without a credential/);
    expect(tool.authOptional).toBe(true);
    expect(tool.params.find((p) => p.name === "apiKey")?.required).toBe(false);
    const without = await sent(tool, { latitude: 1 });
    expect(without.headers?.["x-zq-key"]).toBeUndefined();
    expect(without.url).toBe("http://127.0.0.1:9/zqforecast?latitude=1");
    expect((await sent(tool, { latitude: 1, apiKey: "zq-key-0001" })).headers?.["x-zq-key"]).toBe("zq-key-0001");
  });

  it("no security scheme at all: an optional bearer token, sent only when given", async () => {
    const op = { ...FORECAST, parameters: FORECAST.parameters.slice(0, 1) };
    const { tool, d } = await draftedTool(document(op, undefined, undefined));
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
    expect(d.manifest.params?.accessToken).toMatchObject({ secret: true, required: false });
    expect(notesAt(d, "auth")[0]).toMatch(/^the document declares no security scheme; drafted an optional bearer/);
    expect((await sent(tool, { latitude: 1 })).headers?.authorization).toBeUndefined();
    expect((await sent(tool, { latitude: 1, accessToken: "zq-token-0001" })).headers?.authorization).toBe(
      "Bearer zq-token-0001",
    );
  });

  it("a required credential stays required: a call without it is refused before any request", async () => {
    const schemes = { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } };
    const op = { ...FORECAST, parameters: FORECAST.parameters.slice(0, 1), security: [{ zqKey: [] }] };
    const { tool, d } = await draftedTool(document(op, schemes, undefined));
    expect(d.manifest.params?.apiKey).toMatchObject({ required: true });
    expect(tool.authOptional).toBeUndefined();
    expect(await sent(tool, { latitude: 1 })).toEqual({ refused: { rule: "required", param: "apiKey" } });
  });
});
