// An answer declared `application/json` whose schema is a binary string (`type: string, format: binary`), alone: bytes,
// not a JSON value (an export of JSON lines declared so). add drafted a string output read as JSON, so the runtime
// JSON.parsed a JSON-lines body and the call failed INVALID_JSON. Drafted a download now: the body's bytes as they
// came, never parsed, asked for as `application/json`. A JSON answer of a value (an object, a list, a text) stays JSON.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { server } from "../../../test-support/runtime/loopback-server.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const LINES = '{"zqId":"a1","zqName":"é"}\n{"zqId":"a2","zqName":"b"}\n';
const zqDoc = openapi({
  "/zqassets/export.jsonl": {
    get: {
      operationId: "zqExportAssetsJsonl",
      summary: "Export assets as JSON lines",
      responses: { "200": reply({ type: "string", format: "binary" }) },
    },
  },
  "/zqassets/count": {
    get: { operationId: "zqCountAssets", responses: { "200": reply({ type: "string" }) } },
  },
});

describe("an application/json answer whose schema is a binary string", () => {
  it("is drafted a download; a JSON text answer stays JSON", async () => {
    const d = drafted(zqDoc, ["zqExportAssetsJsonl", "zqCountAssets"]);
    expect(d.manifest.operations.acme_zq_export_assets_jsonl?.download).toBe(true);
    expect(d.manifest.operations.acme_zq_export_assets_jsonl?.outputs).toEqual({});
    expect(d.manifest.operations.acme_zq_count_assets?.download).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    expect(tools.find((t) => t.id === "acme_zq_export_assets_jsonl")?.download?.mediaTypes).toEqual([
      "application/json",
    ]);
  });

  it("reads a JSON-lines body as its bytes on a loopback upstream, asking for application/json", async () => {
    const d = drafted(zqDoc, ["zqExportAssetsJsonl"]);
    const [tool] = await linkedTools(d);
    const upstream = await server(() => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: LINES,
    }));
    try {
      const result = await executeToolDefinition(tool!, { accessToken: "zq-token-0001" }, { baseUrl: upstream.url });
      expect(result).toMatchObject({ success: true, output: { contentType: "application/json" } });
      const output = (result as unknown as { output: { content: Uint8Array; size: number } }).output;
      expect(Buffer.from(output.content).equals(Buffer.from(LINES))).toBe(true);
      expect(output.size).toBe(Buffer.byteLength(LINES));
      expect(upstream.received[0]?.headers.accept).toBe("application/json");
    } finally {
      await upstream.close();
    }
  });
});
