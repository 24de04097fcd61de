// A credential a document declares as a plain value beside its API key header, known by its description or by the
// last words of its name: a websocket operation's query `token`, "JWT token used for authentication against this
// endpoint" (a browser opening a websocket sends no header, so the server reads the JWT there), and a form's
// `zqCloudAuthenticationKey` (another service's client secret the record keeps). Both were drafted plain: a literal
// was taken on the command line and the value could reach a message, a log or a recording. A page's token and an
// application's id stay plain.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const query = (name: string, description: string, required = false) => ({
  name,
  in: "query",
  required,
  description,
  schema: text,
});
const doc = openapi(
  {
    "/zqwebsocket/exec": {
      get: {
        operationId: "zqExec",
        parameters: [
          query("zqEndpointId", "endpoint ID of the endpoint where the resource is located", true),
          query("token", "JWT token used for authentication against this endpoint", true),
        ],
        responses: { "200": { description: "done" } },
      },
    },
    "/zqevents": {
      get: {
        operationId: "zqEvents",
        parameters: [query("token", "The token of the page to continue from, as the last page gave it")],
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "e1" }) },
      },
    },
    "/zqendpoints": {
      post: {
        operationId: "zqEndpointCreate",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqName"],
                properties: {
                  zqName: text,
                  zqCloudApplicationID: { ...text, description: "Cloud application ID." },
                  zqCloudAuthenticationKey: { ...text, description: "Cloud authentication key." },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "p1" }) },
      },
    },
  },
  { securitySchemes: { zqJwt: { type: "apiKey", in: "header", name: "Authorization" } } },
  { security: [{ zqJwt: [] }] },
);

const secretsOf = (params: Record<string, { secret?: boolean }>) =>
  Object.entries(params)
    .filter(([, p]) => p.secret)
    .map(([name]) => name)
    .sort();

describe("a token or a key its description or name says is a credential, beside an API key header", () => {
  it("drafts a query token described as a JWT used for authentication secret, a page's token plain", async () => {
    const d = drafted(doc, ["zqExec", "zqEvents", "zqEndpointCreate"]);
    const ops = d.manifest.operations!;
    expect(secretsOf(ops.acme_zq_exec!.params!)).toEqual(["token"]);
    expect(ops.acme_zq_exec!.params!.token).toMatchObject({ secret: true, visibility: "user-only", required: true });
    expect(secretsOf(ops.acme_zq_events!.params!)).toEqual([]);
    expect(secretsOf(ops.acme_zq_endpoint_create!.params!)).toEqual(["zqCloudAuthenticationKey"]);
    expect(await linkProblems(d)).toEqual([]);

    const tools = await linkedTools(d);
    const exec = tools.find((t) => t.id === "acme_zq_exec");
    const seen: { url: string; key: string | null }[] = [];
    const fetch = async (r: Request) => {
      seen.push({ url: r.url, key: r.headers.get("authorization") });
      return new Response('{"message":"no"}', { status: 403, headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      exec!,
      { apiKey: "zq-header-secret", zqEndpointId: "3", token: "zq-query-jwt-secret" },
      { fetch, baseUrl: "http://127.0.0.1:9" },
    );
    // The token goes in its declared place, the query, and the key in its header; neither in the answer's error.
    expect(seen).toEqual([
      { url: "http://127.0.0.1:9/zqwebsocket/exec?zqEndpointId=3&token=zq-query-jwt-secret", key: "zq-header-secret" },
    ]);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).not.toMatch(/zq-query-jwt-secret|zq-header-secret/);
  });
});
