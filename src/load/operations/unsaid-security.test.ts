// A document with no security for all whose operations name their own, but for one (a report's download by its id,
// public): OpenAPI puts no requirement on that one, and the request judge refused the credential a manifest written
// by hand from the document sent it ("header authorization is not declared"), though generate linked it. The
// operation is read as taking no credential, as add's cut writes it out (`security: []`): its tool sends none, the
// others theirs.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../../link/__fixtures__/hand-written.js";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { linkedTools, reply } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const document = (global?: object) => ({
  openapi: "3.0.3",
  info: { title: "zqreports", version: "1" },
  servers: [{ url: "https://api.acme.test" }],
  ...(global ? { security: [global] } : {}),
  components: { securitySchemes: { zqBearer: { type: "http", scheme: "bearer" } } },
  paths: {
    "/zqreports": { post: { operationId: "zqRender", security: [{ zqBearer: [] }], responses: answer } },
    "/zqreports/{id}": {
      get: {
        operationId: "zqFetch",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
        responses: answer,
      },
    },
  },
});

const manifest = handManifest(
  "zqreports",
  "Reports of a made-up service.",
  {
    operations: {
      zqreports_render: {
        operationId: "zqRender",
        title: "Render",
        description: "Renders.",
        outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
      },
      zqreports_fetch: {
        operationId: "zqFetch",
        title: "Fetch",
        description: "Fetches.",
        params: { id: { type: "string", required: true, maxLength: 20, description: "The id.", wire: { in: "path" } } },
        outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
      },
    },
  },
  { auth: { scheme: "zqBearer", param: "accessToken" } },
);

async function authorizations(doc: object): Promise<Record<string, string | null>> {
  const tools = await linkedTools(handWritten(doc, manifest), "zqreports");
  const out: Record<string, string | null> = {};
  for (const tool of tools) {
    const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
    const result = await executeToolDefinition(
      tool,
      { accessToken: "zq-token-0000000001", ...(tool.params.some((p) => p.name === "id") ? { id: "r1" } : {}) },
      { baseUrl: "https://api.acme.test", retries: 0, fetch },
    );
    expect(result.success, JSON.stringify(result)).toBe(true);
    out[tool.id] = (seen[0] as { headers: Headers }).headers.get("authorization");
  }
  return out;
}

describe("an operation naming no security where others name theirs and the document none for all", () => {
  it("is read as taking no credential", () => {
    const read = new OpenApiDocument(parseYamlSource(JSON.stringify(document()), "openapi.yaml"));
    expect([...read.operations.values()].map((op) => [op.operationId, op.security])).toEqual([
      ["zqRender", ["zqBearer"]],
      ["zqFetch", []],
    ]);
  });

  it("its tool sends no credential, the others theirs", async () => {
    expect(await authorizations(document())).toEqual({
      zqreports_render: "Bearer zq-token-0000000001",
      zqreports_fetch: null,
    });
  });

  it("where the document says security for all, every operation naming none takes it", async () => {
    expect(await authorizations(document({ zqBearer: [] }))).toEqual({
      zqreports_render: "Bearer zq-token-0000000001",
      zqreports_fetch: "Bearer zq-token-0000000001",
    });
  });
});
