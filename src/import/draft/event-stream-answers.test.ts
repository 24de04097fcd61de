// An answer that is only a stream of server-sent events (`text/event-stream`), with or without a schema: drafted
// `stream: true`, linked as a stream of events (its data JSON where the schema says an object or a list), and read by
// the runtime into `data` (the events) and `metadata.count`, never as one JSON value. A Swagger 2.0 operation that
// produces one with no schema keeps it as its answer's content.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ClientOptions,
  createClient,
  executeToolDefinition,
  fileSupport,
  wireConstants,
} from "@blockwright/runtime";
import { outputTsType } from "../../emit/emit-tool-types.js";
import type { OperationIR, TypeRef } from "../../model/ir.js";
import { convertSwagger2 } from "../document/swagger2.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const watching = (media: Json) =>
  openapi({
    "/zqwatch": {
      get: {
        operationId: "watchChanges",
        responses: { "200": { description: "Changes as they happen.", content: { "text/event-stream": media } } },
      },
    },
  });
const change = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
const STREAM = 'retry: 500\n\ndata: {"id":"zq1"}\n\n: kept alive\nevent: removed\nid: 9\ndata: {"id":"zq2"}\n\n';

async function called(media: Json, body: string) {
  const d = drafted(watching(media), ["watchChanges"]);
  const [tool] = await linkedTools(d);
  let accept: string | null = null;
  const fetchFn = async (request: Request) => {
    accept = request.headers.get("accept");
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001" },
    { baseUrl: "https://api.acme.test", fetch: fetchFn },
  );
  return { tool: tool!, result, accept };
}

describe("an answer that is a stream of server-sent events", () => {
  it("is drafted stream: true with no outputs of its own, says so, and links", async () => {
    for (const media of [{}, { schema: { type: "string" } }, { schema: change }]) {
      const d = drafted(watching(media), ["watchChanges"]);
      const op = d.manifest.operations.acme_watch_changes!;
      expect(op.stream).toBe(true);
      expect(op.outputs).toEqual({});
      expect(notesAt(d, "operations.acme_watch_changes").join("\n")).toContain(
        "watchChanges answers a stream of server-sent events (text/event-stream): drafted stream: true",
      );
      expect(await linkProblems(d)).toEqual([]);
    }
  });

  it("is read into its events, the data parsed where the schema is an object, asking for the stream", async () => {
    const { tool, result, accept } = await called({ schema: change }, STREAM);
    expect(tool.stream).toMatchObject({ mediaTypes: ["text/event-stream"], events: "json" });
    expect(accept).toBe("text/event-stream, application/json;q=0.5");
    expect(result).toEqual({
      success: true,
      output: {
        data: [
          { event: "message", data: { id: "zq1" }, retry: 500 },
          { event: "removed", data: { id: "zq2" }, id: "9" },
        ],
        metadata: { count: 2 },
      },
    });
  });

  it("is refused, naming the part to pass, by a caller given the files support without the parser", async () => {
    const d = drafted(watching({ schema: change }), ["watchChanges"]);
    const [tool] = await linkedTools(d);
    const client = createClient(
      {
        methods: { watchChanges: tool! },
        credentials: ["accessToken"],
        support: { files: fileSupport, constants: wireConstants },
      },
      {
        accessToken: "zq-token-0001",
        baseUrl: "https://api.acme.test",
        fetch: async () => new Response(STREAM, { status: 200, headers: { "content-type": "text/event-stream" } }),
      } as ClientOptions,
    ) as { watchChanges: (input: Record<string, unknown>) => Promise<unknown> };
    const result = await client.watchChanges({});
    expect(result).toMatchObject({ success: false, error: { type: "validation" } });
    expect(JSON.stringify(result)).toContain("pass eventFileSupport (from @blockwright/runtime) as files");
  });

  it("keeps each event's data as text where the schema is a text, or there is none", async () => {
    for (const media of [{}, { schema: { type: "string" } }]) {
      const { tool, result } = await called(media, STREAM);
      expect(tool.stream?.events).toBe("text");
      expect(result).toMatchObject({ success: true, output: { data: [{ data: '{"id":"zq1"}' }, { id: "9" }] } });
    }
  });

  it("reads an event's data as JSON where OpenAPI 3.2's itemSchema says so", async () => {
    const itemSchema = {
      type: "object",
      properties: { event: { type: "string" }, data: { type: "string", contentMediaType: "application/json" } },
    };
    const { tool, result } = await called({ itemSchema }, STREAM);
    expect(tool.stream?.events).toBe("json");
    expect(result).toMatchObject({ success: true, output: { data: [{ data: { id: "zq1" } }, { event: "removed" }] } });
  });

  it("types each output item as an event whose data is the schema's type (or the text a closing word is)", () => {
    const op = (data: TypeRef | undefined, json: boolean) =>
      ({
        tool: { params: [], outputs: [] },
        types: {
          outputs: [{ path: "data", optional: false, types: [{ kind: "list", of: { kind: "event", json, data } }] }],
        },
      }) as unknown as OperationIR;
    const schema: TypeRef = {
      kind: "response",
      operationId: "watchChanges",
      status: 200,
      mediaType: "text/event-stream",
      steps: [],
    };
    expect(outputTsType(op(schema, true))).toContain(
      'data: Array<{ event: string; data: operations["watchChanges"]["responses"][200]["content"]' +
        '["text/event-stream"] | string; id?: string; retry?: number }>',
    );
    expect(outputTsType(op(undefined, false))).toContain("data: string;");
    expect(outputTsType(op(undefined, true))).toContain("data: unknown;");
  });
});

describe("a Swagger 2.0 operation that produces server-sent events with no schema", () => {
  it("answers the event stream (content without a schema), its errors no body", () => {
    const converted = convertSwagger2({
      swagger: "2.0",
      info: { title: "zqswagger", version: "1" },
      paths: {
        "/zqwatch": {
          get: {
            operationId: "watch",
            produces: ["application/json", "text/event-stream"],
            responses: { "200": { description: "SSE event stream" }, "404": { description: "Gone" } },
          },
        },
      },
    }) as Json;
    const responses = converted.paths["/zqwatch"].get.responses;
    expect(responses["200"]).toEqual({ description: "SSE event stream", content: { "text/event-stream": {} } });
    expect(responses["404"]).toEqual({ description: "Gone" });
  });
});
