// Streams of JSON values in a draft: an answer that is newline-delimited JSON
// (or JSON text sequences) is drafted `stream: true`, links, and the runtime
// reads it item by item, each item bounded, into `data` and `metadata.count`.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type ClientOptions, createClient, executeToolDefinition, fileSupport, wireConstants } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi, reply, type Json } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const item = { type: "object", properties: { id: { type: "string" }, kind: { type: "string" } } };
const exporting = (responses: Json) => openapi({ "/zqexports": { get: { operationId: "exportRecords", responses } } });
const ndjson = (mediaType = "application/x-ndjson") => ({ "200": { description: "One record a line.", content: { [mediaType]: { schema: item } } } });

async function called(responses: Json, body: string, contentType: string): Promise<{ result: Awaited<ReturnType<typeof executeToolDefinition>>; accept: string | null }> {
  const d = drafted(exporting(responses), ["exportRecords"]);
  const [tool] = await linkedTools(d);
  let accept: string | null = null;
  const fetchFn = async (request: Request) => {
    accept = request.headers.get("accept");
    return new Response(body, { status: 200, headers: { "content-type": contentType } });
  };
  const result = await executeToolDefinition(tool!, { accessToken: "zq-token-0001" }, { baseUrl: "https://api.acme.test", fetch: fetchFn });
  return { result, accept };
}

describe("an answer that is a stream of JSON values", () => {
  it("is drafted stream: true with no outputs of its own, says so, and links", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    const op = d.manifest.operations.acme_export_records!;
    expect(op.stream).toBe(true);
    expect(op.outputs).toEqual({});
    expect(op.pagination).toBeUndefined();
    expect(notesAt(d, "operations.acme_export_records")).toContain("exportRecords answers a stream of JSON values (application/x-ndjson): drafted stream: true, whose outputs are its items (data) and their count, each item at most 1 MiB");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is read one item a line into data and metadata.count, asking for the stream's type", async () => {
    const { result, accept } = await called(ndjson(), '{"id":"zq1","kind":"a"}\n\n{"id":"zq2","kind":"b"}\r\n{"id":"zq3"}', "application/x-ndjson");
    expect(result).toMatchObject({ success: true, output: { data: [{ id: "zq1", kind: "a" }, { id: "zq2", kind: "b" }, { id: "zq3" }], metadata: { count: 3 } } });
    expect(accept).toBe("application/x-ndjson, application/json;q=0.5");
  });

  it("reads JSON text sequences (RFC 7464: each value after a record separator)", async () => {
    const { result } = await called(ndjson("application/json-seq"), '\u001e{"id":"zq1"}\n\u001e{"id":"zq2"}\n', "application/json-seq");
    expect(result).toMatchObject({ success: true, output: { data: [{ id: "zq1" }, { id: "zq2" }], metadata: { count: 2 } } });
  });

  it("ends the call at an item larger than itemBytes, naming the item, the rest unread", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    expect(d.manifestText).toContain("stream: true");
    const [tool] = await linkedTools({ ...d, manifestText: d.manifestText.replace("stream: true", "stream: { itemBytes: 32 }") });
    const long = JSON.stringify({ id: "zq2", kind: "x".repeat(64) });
    const fetchFn = async () => new Response(`{"id":"zq1"}\n${long}\n{"id":"zq3"}\n`, { status: 200, headers: { "content-type": "application/x-ndjson" } });
    const result = await executeToolDefinition(tool!, { accessToken: "zq-token-0001" }, { baseUrl: "https://api.acme.test", fetch: fetchFn });
    expect(result).toMatchObject({ success: false, error: { type: "upstream", code: "ITEM_TOO_LARGE", status: 200 } });
    expect(JSON.stringify(result)).toContain("item 2 of the stream");
  });

  it("fails an item that is not JSON as an upstream error naming the item", async () => {
    const { result } = await called(ndjson(), '{"id":"zq1"}\n{"id":\n', "application/x-ndjson");
    expect(result).toMatchObject({ success: false, error: { type: "upstream", code: "INVALID_JSON" } });
    expect(JSON.stringify(result)).toContain("item 2 is not valid JSON");
  });

  it("is not drafted where the answer is JSON", () => {
    const d = drafted(exporting({ "200": reply({ type: "array", items: item }) }), ["exportRecords"]);
    expect(d.manifest.operations.acme_export_records!.stream).toBeUndefined();
  });

  it("refuses stream on an operation that answers no stream, naming what it answers", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    const json = drafted(exporting({ "200": reply(item) }), ["exportRecords"]);
    expect((await linkProblems({ ...d, openapiText: json.openapiText })).join("\n")).toMatch(/answers no stream of JSON values .*200: application\/json/);
  });
});

describe("a client's method of a stream", () => {
  it("gives the items through .items(), one by one", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    const [tool] = await linkedTools(d);
    const fetchFn = async () => new Response('{"id":"zq1"}\n{"id":"zq2"}\n', { status: 200, headers: { "content-type": "application/x-ndjson" } });
    const client = createClient({ methods: { exportRecords: tool! }, credentials: ["accessToken"], support: { files: fileSupport, constants: wireConstants } }, {
      accessToken: "zq-token-0001",
      baseUrl: "https://api.acme.test",
      fetch: fetchFn,
    } as ClientOptions) as {
      exportRecords: { items: (input: Record<string, unknown>) => AsyncIterable<unknown> };
    };
    const seen: unknown[] = [];
    for await (const one of client.exportRecords.items({})) seen.push(one);
    expect(seen).toEqual([{ id: "zq1" }, { id: "zq2" }]);
  });
});
