// A server stream declared as one JSON object {result, error} titled "Stream result of …" (stream-results.ts): the
// cut writes it as newline-delimited JSON, so the draft reads it `stream: true` and a call reads one item a line.
import { rmSync } from "node:fs";
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
  it("is written as newline-delimited JSON, drafted stream: true, said and noted; it links", async () => {
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
    expect(ops.filter((op) => op.stream === true)).toHaveLength(1);
    expect(ops.filter((op) => op.stream === undefined)).toHaveLength(1);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a call reads each line as an item, a failure's line too, asking for the stream first", async () => {
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
      success: true,
      output: {
        data: [
          { result: { zqId: "zq1", zqSize: 1 } },
          { result: { zqId: "zq2", zqSize: 2 } },
          { error: { code: 14, message: "zq unavailable" } },
        ],
        metadata: { count: 3 },
      },
    });
    expect(accept).toBe("application/x-ndjson, application/json;q=0.5");
  });
});
