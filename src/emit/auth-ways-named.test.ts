// issue 59: a document whose operations take an API key as the query parameter `key` beside OAuth a browser meets is
// drafted with the key as a way of its own, the secret input `apiKey` (an API key scheme's input, whatever the place's
// name: every entry takes it so, executeTool's and the client's `apiKey`, the environment's <PROVIDER>_API_KEY, call's
// --param apiKey=…). The README said "`key` query parameter; or `Authorization: Bearer <token>` header with
// `Authorization: Bearer <token>` header … from the `apiKey` parameter": one input for every way, and the place's name
// where a caller looks for the input's; a caller wrote `key`, which no entry takes. Now, of several ways or
// credentials, each place names its input; one way of one credential reads as before.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { describeAuth } from "./emit.js";
import { emitReadme } from "./emit-readme.js";
import { loadProvider } from "./link-provider.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY_WORDS = "API key. Your API key identifies your project. Required unless you provide an OAuth 2.0 token.";
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const browserOauth = {
  zqCode: {
    type: "oauth2",
    flows: {
      authorizationCode: {
        authorizationUrl: "https://zq.test/a",
        tokenUrl: "https://zq.test/t",
        scopes: { zq: "you" },
      },
    },
  },
};

/** The drafted and linked provider of one operation taking `key` under these schemes. */
async function linked(schemes: Record<string, unknown>, security: unknown[], folder: string, keyed = true) {
  const document = openapi(
    {
      "/zqreports": {
        get: {
          operationId: "getZqReport",
          security,
          parameters: keyed ? [{ name: "key", in: "query", description: KEY_WORDS, schema: { type: "string" } }] : [],
          responses: ok,
        },
      },
    },
    { securitySchemes: schemes },
    { security: [] },
  );
  const d = drafted(document, ["getZqReport"], "zqreports");
  const dir = join(draftWorkFolder, folder, "specs", "zqreports");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  return loadProvider(join(draftWorkFolder, folder), dir);
}

describe("where each way's credential goes, in the docs", () => {
  it("names each place's input where there are several ways, and the input is what a call takes", async () => {
    const ir = await linked(browserOauth, [{ zqCode: ["zq"] }], "named");
    const words =
      "`key` query parameter from `apiKey`; or `Authorization: Bearer <token>` header from `accessToken` " +
      "(the first whose parameters a call gives)";
    expect(describeAuth(ir.auth)).toBe(words);
    const readme = emitReadme(ir, { name: "@zq/zqreports" });
    expect(readme).toContain(`| Authentication | ${words} |`);
    expect(readme).toContain("`ZQREPORTS_API_KEY` for `apiKey`");
    // The input the docs name is the one a call takes; the place's name is none.
    const tool = ir.operations[0]!.tool;
    const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
    const sent = await executeToolDefinition(tool, { apiKey: "zq-key-0000000001" }, { fetch, retries: 0 });
    expect(sent.success).toBe(true);
    expect(new URL(seen[0]!.url).searchParams.get("key")).toBe("zq-key-0000000001");
    const byPlace = await executeToolDefinition(tool, { key: "zq-key-0000000001" }, { fetch, retries: 0 });
    expect(byPlace.success ? "" : byPlace.error.message).toMatch(/^key: not a parameter of zqreports_get_zq_report/);
  });

  it("reads as before for one way of one credential: the input after it", async () => {
    const ir = await linked({ zqBearer: { type: "http", scheme: "bearer" } }, [{ zqBearer: [] }], "single", false);
    expect(describeAuth(ir.auth)).toBe("`Authorization: Bearer <token>` header");
    expect(emitReadme(ir, { name: "@zq/zqreports" })).toContain(
      "| Authentication | `Authorization: Bearer <token>` header from the `accessToken` parameter |",
    );
  });
});
