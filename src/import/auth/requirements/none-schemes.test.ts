// An HTTP scheme `none` declared for a document's public operations (`type: http, scheme: none`): add drafted it as a
// credential sent as `Authorization: none <value>`, so an operation naming it alone was refused without a value the
// document never asks for, and sent one with it. It is read as no credential now.
import { describe, expect, it } from "vitest";
import {
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  sentOrRefused,
} from "../../__fixtures__/draft-kit.js";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const query = [{ name: "zqq", in: "query", schema: { type: "string" } }];

function document() {
  return openapi(
    {
      "/zqsearch": { get: { operationId: "zqSearch", parameters: query, security: [{ zqOpen: [] }], responses: ok } },
      "/zqmine": { get: { operationId: "zqMine", responses: ok } },
      "/zqeither": {
        get: { operationId: "zqEither", security: [{ zqOpen: [], zqJwt: [] }], responses: ok },
      },
    },
    {
      securitySchemes: {
        zqJwt: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        zqOpen: { type: "http", scheme: "None", description: "For APIs that do not require authentication." },
      },
    },
    { security: [{ zqJwt: [] }] },
  );
}

/** The one request a tool sends with `params`: its Authorization header, or the refusal's message. */
async function authorizationSent(tool: ToolSpec, params: Record<string, unknown>): Promise<string | null> {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(tool, params, { baseUrl: "https://api.acme.test", retries: 0, fetch });
  if (!result.success) return `refused: ${result.error.message}`;
  return (seen[0] as { headers: Headers }).headers.get("authorization");
}

describe("an HTTP security scheme `none`", () => {
  it("is no credential: an operation naming it alone is sent none, the others the bearer token", async () => {
    const d = drafted(document(), ["zqSearch", "zqMine", "zqEither"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqJwt", param: "accessToken" });
    expect(Object.keys(d.manifest.params ?? {})).toEqual(["accessToken"]);
    expect(d.openapiText).not.toMatch(/zqOpen: \[\]|scheme: None/);
    expect(d.openapiText).toContain('GET /zqsearch.security (zqOpen: HTTP "none", no credential)');
    expect(notesAt(d, "auth").join(" ")).toContain('security scheme zqOpen is HTTP "none", which names no credential');
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const [search, mine, either] = ["search", "mine", "either"].map((n) => tools.find((t) => t.id.endsWith(n)));
    expect(await authorizationSent(search as ToolSpec, { zqq: "a b" })).toBeNull();
    expect(await authorizationSent(mine as ToolSpec, { accessToken: "zq-token-1" })).toBe("Bearer zq-token-1");
    expect(await authorizationSent(either as ToolSpec, { accessToken: "zq-token-1" })).toBe("Bearer zq-token-1");
    expect((await sentOrRefused(either as ToolSpec, {}, { id: "zq1" })).sent).toBe(1);
  });

  it("drafts no credential where every operation names it alone", async () => {
    const d = drafted(document(), ["zqSearch"]);
    expect(JSON.stringify(d.manifest)).not.toContain("zqOpen");
    const [search] = await linkedTools(d);
    expect(await authorizationSent(search as ToolSpec, { zqq: "x" })).toBeNull();
  });
});
