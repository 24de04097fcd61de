// Streams of JSON values in a draft: an answer that is newline-delimited JSON
// (or JSON text sequences) is drafted `stream: true`, links, and the runtime
// reads it item by item, each item bounded, into `data` and `metadata.count`.
import { rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  type ClientOptions,
  createClient,
  executeToolDefinition,
  fileSupport,
  wireConstants,
} from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";
import { HANG_GUARD_MS } from "../../../test-support/runtime/hang-guard.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const item = { type: "object", properties: { id: { type: "string" }, kind: { type: "string" } } };
const exporting = (responses: Json) => openapi({ "/zqexports": { get: { operationId: "exportRecords", responses } } });
const ndjson = (mediaType = "application/x-ndjson") => ({
  "200": { description: "One record a line.", content: { [mediaType]: { schema: item } } },
});

async function called(
  responses: Json,
  body: string,
  contentType: string,
): Promise<{ result: Awaited<ReturnType<typeof executeToolDefinition>>; accept: string | null }> {
  const d = drafted(exporting(responses), ["exportRecords"]);
  const [tool] = await linkedTools(d);
  let accept: string | null = null;
  const fetchFn = async (request: Request) => {
    accept = request.headers.get("accept");
    return new Response(body, { status: 200, headers: { "content-type": contentType } });
  };
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001" },
    { baseUrl: "https://api.acme.test", fetch: fetchFn },
  );
  return { result, accept };
}

describe("an answer that is a stream of JSON values", () => {
  it("is drafted stream: true with no outputs of its own, says so, and links", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    const op = d.manifest.operations.acme_export_records!;
    expect(op.stream).toBe(true);
    expect(op.outputs).toEqual({});
    expect(op.pagination).toBeUndefined();
    expect(notesAt(d, "operations.acme_export_records")).toContain(
      "exportRecords answers a stream of JSON values (application/x-ndjson): drafted stream: true, whose outputs " +
        "are its items (data) and their count, each item at most 1 MiB",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is read one item a line into data and metadata.count, asking for the stream's type", async () => {
    const { result, accept } = await called(
      ndjson(),
      '{"id":"zq1","kind":"a"}\n\n{"id":"zq2","kind":"b"}\r\n{"id":"zq3"}',
      "application/x-ndjson",
    );
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "zq1", kind: "a" }, { id: "zq2", kind: "b" }, { id: "zq3" }], metadata: { count: 3 } },
    });
    expect(accept).toBe("application/x-ndjson, application/json;q=0.5");
  });

  it("reads JSON text sequences (RFC 7464: each value after a record separator)", async () => {
    const { result } = await called(
      ndjson("application/json-seq"),
      '\u001e{"id":"zq1"}\n\u001e{"id":"zq2"}\n',
      "application/json-seq",
    );
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "zq1" }, { id: "zq2" }], metadata: { count: 2 } },
    });
  });

  it("ends the call at an item larger than itemBytes, naming the item, the rest unread", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    expect(d.manifestText).toContain("stream: true");
    const [tool] = await linkedTools({
      ...d,
      manifestText: d.manifestText.replace("stream: true", "stream: { itemBytes: 32 }"),
    });
    const long = JSON.stringify({ id: "zq2", kind: "x".repeat(64) });
    const fetchFn = async () =>
      new Response(`{"id":"zq1"}\n${long}\n{"id":"zq3"}\n`, {
        status: 200,
        headers: { "content-type": "application/x-ndjson" },
      });
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
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
    expect((await linkProblems({ ...d, openapiText: json.openapiText })).join("\n")).toMatch(
      /answers no stream of JSON values .*200: application\/json/,
    );
  });
});

describe("a client's method of a stream", () => {
  it("gives the items through .items(), one by one", async () => {
    const d = drafted(exporting(ndjson()), ["exportRecords"]);
    const [tool] = await linkedTools(d);
    const fetchFn = async () =>
      new Response('{"id":"zq1"}\n{"id":"zq2"}\n', {
        status: 200,
        headers: { "content-type": "application/x-ndjson" },
      });
    const client = createClient(
      {
        methods: { exportRecords: tool! },
        credentials: ["accessToken"],
        support: { files: fileSupport, constants: wireConstants },
      },
      {
        accessToken: "zq-token-0001",
        baseUrl: "https://api.acme.test",
        fetch: fetchFn,
      } as ClientOptions,
    ) as {
      exportRecords: { items: (input: Record<string, unknown>) => AsyncIterable<unknown> };
    };
    const seen: unknown[] = [];
    for await (const one of client.exportRecords.items({})) seen.push(one);
    expect(seen).toEqual([{ id: "zq1" }, { id: "zq2" }]);
  });

  /**
   * A loopback upstream that sends the first line of a stream, then the rest when `rest` says (never, when it gives
   * undefined).
   */
  async function slowUpstream(rest: (res: ServerResponse) => void) {
    const hungUp: ServerResponse[] = [];
    const srv = createServer((req, res) => {
      req.resume();
      res.on("close", () => hungUp.push(res));
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.write('{"id":"zq1"}\n');
      rest(res);
    });
    await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    const [tool] = await linkedTools(drafted(exporting(ndjson()), ["exportRecords"]));
    const client = createClient(
      {
        methods: { exportRecords: tool! },
        credentials: ["accessToken"],
        support: { files: fileSupport, constants: wireConstants },
      },
      {
        accessToken: "zq-token-0001",
        baseUrl: url,
      } as ClientOptions,
    ) as {
      exportRecords: {
        items: (input: Record<string, unknown>, options?: { maxItems?: number }) => AsyncIterable<unknown>;
      };
    };
    return {
      client,
      hungUp,
      close: () =>
        new Promise<void>((resolve) => {
          srv.close(() => resolve());
          srv.closeAllConnections();
        }),
    };
  }

  it("gives each item as its line arrives: the first before the last is sent (issue 55)", async () => {
    const events: string[] = [];
    let gotFirst: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (gotFirst = resolve));
    let guard: ReturnType<typeof setTimeout> | undefined;
    // The last line once the caller holds the first; the timer only ends a hang (a caller that waits for the whole
    // answer then gets it, and the order below fails).
    const upstream = await slowUpstream((res) => {
      void Promise.race([first, new Promise((resolve) => (guard = setTimeout(resolve, HANG_GUARD_MS)))]).then(() => {
        events.push("last sent");
        res.end('{"id":"zq2"}\n');
      });
    });
    try {
      for await (const one of upstream.client.exportRecords.items({})) {
        events.push(`got ${(one as { id: string }).id}`);
        gotFirst();
      }
      expect(events).toEqual(["got zq1", "last sent", "got zq2"]);
    } finally {
      clearTimeout(guard);
      await upstream.close();
    }
  });

  it("stops reading a stream that never ends once maxItems are given: the connection is closed", async () => {
    const upstream = await slowUpstream(() => undefined);
    try {
      const seen: unknown[] = [];
      for await (const one of upstream.client.exportRecords.items({}, { maxItems: 1 })) seen.push(one);
      expect(seen).toEqual([{ id: "zq1" }]);
      await vi.waitFor(() => expect(upstream.hungUp).toHaveLength(1), { timeout: HANG_GUARD_MS });
    } finally {
      await upstream.close();
    }
  });
});
