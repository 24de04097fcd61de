// A document of two API-key schemes, an operation taking only the second (a metrics key in `X-ZQ-Metrics-Key` beside
// the key every other operation sends in `Authorization`): both were drafted `apiKey`, the second made `apiKey2`, so a
// call without it said "apiKey2: is required", naming no credential a user knows. A second scheme's parameter is named
// after its header or query key now (`xZqMetricsKey`), else its scheme's name; the first keeps `apiKey`.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
/** A call of `tool` with these credentials: "sent", or its refusal, and how many requests left. */
async function called(tool: ToolSpec, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(tool, params, { baseUrl: "https://api.acme.test", retries: 0, fetch });
  return { message: result.success ? "sent" : result.error.message, sent: seen.length };
}

const key = (name: string, where = "header") => ({ type: "apiKey", in: where, name });

function document(second: Record<string, unknown>) {
  return openapi(
    {
      "/zqchunks": { get: { operationId: "listZqChunks", responses: answer } },
      "/zqmetrics": { get: { operationId: "getZqMetrics", security: [{ zqMetricsKey: [] }], responses: answer } },
    },
    { securitySchemes: { zqKey: key("Authorization"), zqMetricsKey: second } },
    { security: [{ zqKey: [] }] },
  );
}

describe("an operation taking only a second key scheme", () => {
  it("names its parameter after the scheme's header, and a call without it says so", async () => {
    const d = drafted(document(key("X-ZQ-Metrics-Key")), ["listZqChunks", "getZqMetrics"], "zqmetrics");
    expect(Object.keys(d.manifest.params ?? {})).toEqual(["apiKey", "xZqMetricsKey"]);
    expect(d.manifestText).not.toContain("apiKey2");
    expect(await linkProblems(d, "zqmetrics")).toEqual([]);
    const tools = await linkedTools(d, "zqmetrics");
    const metrics = tools.find((t) => t.operationId === "getZqMetrics")!;
    expect(await called(metrics, { apiKey: "zq-key-00000001" })).toEqual({
      message: "xZqMetricsKey: is required",
      sent: 0,
    });
    expect(await called(metrics, { xZqMetricsKey: "zq-key-00000002" })).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("names it after its scheme where its key's name is the other's in another case (`apiKey`, `api_key`)", () => {
    const d = drafted(
      openapi(
        {
          "/zqchunks": { get: { operationId: "listZqChunks", responses: answer } },
          "/zqmetrics": { get: { operationId: "getZqMetrics", security: [{ zqMetricsKey: [] }], responses: answer } },
        },
        { securitySchemes: { zqKey: key("apiKey", "query"), zqMetricsKey: key("api_key", "header") } },
        { security: [{ zqKey: [] }] },
      ),
      ["listZqChunks", "getZqMetrics"],
      "zqmetrics",
    );
    expect(Object.keys(d.manifest.params ?? {}).sort()).toEqual(["apiKey", "zqKey"]);
  });
});
