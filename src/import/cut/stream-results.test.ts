// A server stream declared as one JSON object {result, error} titled "Stream result of …" (stream-results.ts): the
// cut writes it as newline-delimited JSON, drafted `stream: {item: /result, failure: /error}`: a call reads each line's
// result as an item, and a line {"error": …} (a failure after the stream started) as the call's upstream error.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  type Json,
} from "../__fixtures__/draft-kit.js";
import { isStreamResult } from "./stream-results.js";
import { loadProvider } from "../../emit/link-provider.js";
import { outputTsType } from "../../emit/emit-tool-types.js";
import { startMocks } from "../../mocks/mocks.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const line = (title = "Stream result of zqListZqitemsResponse", members?: Json): Json => ({
  type: "object",
  properties: members ?? {
    result: { $ref: "#/components/schemas/zqListZqitemsResponse" },
    error: { $ref: "#/components/schemas/zqStatus" },
  },
  title,
});
const json = (schema: Json) => ({ content: { "application/json": { schema } } });
const list = (operationId: string, schema: Json) => ({
  post: {
    operationId,
    requestBody: json({ type: "object", properties: { zqName: { type: "string", maxLength: 20 } } }),
    responses: {
      "200": { description: "A successful response.(streaming responses)", ...json(schema) },
      default: { description: "An unexpected error response.", ...json({ $ref: "#/components/schemas/zqStatus" }) },
    },
  },
});
const document = openapi(
  {
    "/v1/zqitems/stream": list("ZqService_StreamZqitems", line()),
    // The same members without the generator's title: one reply in an envelope, not a stream.
    "/v1/zqitems/one": list("ZqService_OneZqitem", line("zqEnvelope")),
  },
  {
    schemas: {
      zqListZqitemsResponse: { type: "object", properties: { zqId: { type: "string" }, zqSize: { type: "integer" } } },
      zqStatus: {
        type: "object",
        properties: { code: { type: "integer", format: "int32" }, message: { type: "string" } },
      },
    },
  },
);

describe("isStreamResult", () => {
  it("reads the generator's title and exactly result and error; no other object is caught", () => {
    expect(isStreamResult(document, line())).toBe(true);
    expect(isStreamResult(document, line("zqEnvelope"))).toBe(false);
    expect(isStreamResult(document, line("Stream result of zqA and zqB"))).toBe(false);
    const { properties } = line() as { properties: Json };
    expect(isStreamResult(document, line(undefined, { result: properties.result }))).toBe(false);
    expect(isStreamResult(document, line(undefined, { ...properties, zqMore: { type: "string" } }))).toBe(false);
    expect(isStreamResult(document, line(undefined, { ...properties, result: { $ref: "#/zq/none" } }))).toBe(false);
    expect(isStreamResult(document, { ...line(), type: "array" })).toBe(false);
  });
});

describe("a server stream declared as one JSON object", () => {
  it("is written as newline-delimited JSON, drafted with its item and failure members, said and noted", async () => {
    const d = drafted(document, ["ZqService_StreamZqitems", "ZqService_OneZqitem"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    const streamed = cut.paths["/v1/zqitems/stream"].post.responses;
    expect(Object.keys(streamed["200"].content)).toEqual(["application/x-ndjson"]);
    expect(streamed["200"].content["application/x-ndjson"].schema.title).toBe("Stream result of zqListZqitemsResponse");
    expect(Object.keys(streamed.default.content)).toEqual(["application/json"]);
    expect(Object.keys(cut.paths["/v1/zqitems/one"].post.responses["200"].content)).toEqual(["application/json"]);
    expect(d.openapiText).toContain("Written as application/x-ndjson by blockwright add");
    expect(notesAt(d, "openapi").join("\n")).toContain("(application/x-ndjson) ZqService_StreamZqitems 200, which");
    const ops = Object.values(d.manifest.operations);
    expect(ops.filter((op) => op.stream !== undefined).map((op) => op.stream)).toEqual([
      { item: "/result", failure: "/error" },
    ]);
    expect(ops.filter((op) => op.stream === undefined)).toHaveLength(1);
    expect(notesAt(d, "operations.acme_zq_service_stream_zqitems").join("\n")).toContain(
      "drafted stream: {item: /result, failure: /error}, whose outputs are its items (data) (each value's result, " +
        "a failure the call's error) and their count",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a call reads each line's result as an item, then a failure's line as the call's upstream error", async () => {
    const d = drafted(document, ["ZqService_StreamZqitems"]);
    const [tool] = await linkedTools(d);
    let accept: string | null = null;
    const body =
      '{"result":{"zqId":"zq1","zqSize":1}}\n{"result":{"zqId":"zq2","zqSize":2}}\n' +
      '{"error":{"code":14,"message":"zq unavailable"}}\n';
    const fetchFn = async (request: Request) => {
      accept = request.headers.get("accept");
      return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqName: "zq" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        status: 200,
        code: "14",
        message: "acme ended the stream with a failure after 2 items: zq unavailable",
        retryable: false,
      },
    });
    expect(accept).toBe("application/x-ndjson, application/json;q=0.5");
    const items: unknown[] = [];
    const streamed = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqName: "zq" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn, onItem: (item) => void items.push(item) },
    );
    // The items before the failure were handed out as they came; none is the failure.
    expect(items).toEqual([
      { zqId: "zq1", zqSize: 1 },
      { zqId: "zq2", zqSize: 2 },
    ]);
    expect(streamed.success).toBe(false);
    const whole = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqName: "zq" },
      {
        baseUrl: "https://api.acme.test",
        fetch: async () => new Response(body.slice(0, body.lastIndexOf('{"error"'))),
      },
    );
    expect(whole).toMatchObject({
      success: true,
      output: {
        data: [
          { zqId: "zq1", zqSize: 1 },
          { zqId: "zq2", zqSize: 2 },
        ],
        metadata: { count: 2 },
      },
    });
  });

  it("types each item as the line's result: the client's data and .items() are of the streamed message", async () => {
    const d = drafted(document, ["ZqService_StreamZqitems"]);
    const dir = join(draftWorkFolder, "typed", "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const [op] = (await loadProvider(join(draftWorkFolder, "typed"), dir)).operations;
    expect(outputTsType(op!)).toContain(
      'data: Array<Exclude<operations["ZqService_StreamZqitems"]["responses"][200]["content"]' +
        '["application/x-ndjson"]["result"], undefined>>',
    );
  });

  it("the mock serves a stream that succeeds: its lines hold a result and no failure", async () => {
    const d = drafted(document, ["ZqService_StreamZqitems"]);
    const root = join(draftWorkFolder, "mocked");
    const dir = join(root, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const [tool] = (await loadProvider(root, dir)).operations.map((o) => o.tool);
    const mocks = await startMocks(["acme"], { specsDir: join(root, "specs"), root });
    try {
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", zqName: "zq" },
        { baseUrl: mocks.urls.acme! },
      );
      expect(result).toMatchObject({ success: true, output: { metadata: { count: expect.any(Number) } } });
      const { data } = (result as unknown as { output: { data: Json[] } }).output;
      expect(data.length).toBeGreaterThan(0);
      for (const item of data) {
        expect(item).not.toHaveProperty("result");
        expect(item).not.toHaveProperty("error");
        expect(Object.keys(item).every((k) => k === "zqId" || k === "zqSize")).toBe(true);
      }
    } finally {
      await mocks.close();
    }
  });

  it("a line holding no result fails the call, naming the pointer", async () => {
    const d = drafted(document, ["ZqService_StreamZqitems"]);
    const [tool] = await linkedTools(d);
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqName: "zq" },
      {
        baseUrl: "https://api.acme.test",
        fetch: async () => new Response('{"result":{"zqId":"zq1"}}\n{"zqOther":1}\n'),
      },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        code: "MISSING_OUTPUT",
        message: expect.stringContaining("item 2 holds nothing at /result"),
      },
    });
  });

  it("a pointer naming no member of the line's schema is refused at its place", async () => {
    const d = drafted(document, ["ZqService_StreamZqitems"]);
    const manifestText = d.manifestText.replace(/^(\s+item:) \/result$/m, "$1 /zqResult");
    expect(manifestText).not.toBe(d.manifestText);
    const problems = await linkProblems({ ...d, manifestText });
    // Its place: the pointer's value in the manifest.
    const lines = manifestText.split("\n");
    const row = lines.findIndex((l) => l.endsWith("item: /zqResult"));
    const column = (lines[row] ?? "").indexOf("/zqResult") + 1;
    expect(problems).toEqual([
      `specs/acme/manifest.yaml:${row + 1}:${column}: operations` +
        ".acme_zq_service_stream_zqitems.stream.item: " +
        '"/zqResult" names no member of the schema of operation "ZqService_StreamZqitems"\'s 200 ' +
        'application/x-ndjson answer in specs/acme/openapi.yaml: no "zqResult" (members: result, error)',
    ]);
  });
});
