// How a reply's body is read (issue 24, D3 and D7): once, counting bytes as
// they arrive, never past the tool's `limits.replyBytes`, and never past the
// deadline — the download stops, not only the wait for it.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { DEFAULT_REPLY_BYTES } from "./read-body.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { HANG_GUARD_MS } from "../../test-support/runtime/hang-guard.js";

const shelf = irFixture("shelf");
const wild = irFixture("zqpayments");
const listBooks = shelf.operations.find((o) => o.tool.id === "shelf_list_books")!.tool;
const listCustomers = wild.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const params = { apiKey: KEY, shelfId: "fiction" };
const withLimit = (tool: ToolSpec, replyBytes: number): ToolSpec => ({
  ...tool,
  server: { ...tool.server, replyBytes },
});

/** A body that never ends (one chunk a millisecond), saying whether its reader cancelled it and how much was read. */
function endlessBody(chunkBytes = 16 * 1024) {
  const state = { cancelled: false, pulled: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (state.cancelled) return; // a pull under way when the reader cancelled
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    state,
    response: () => new Response(stream, { status: 200, headers: { "content-type": "application/json" } }),
  };
}

describe("the deadline stops the download (D3)", () => {
  it("cancels an endless body when the time is up, not only the wait for it", async () => {
    const body = endlessBody();
    const result = await executeToolDefinition(listBooks, params, {
      fetch: async () => body.response(),
      timeoutMs: 100,
      retries: 0,
    });
    expect(result).toMatchObject({ success: false, error: { type: "timeout" } });
    // Cancelled by the deadline itself: no timer of the test's decides it.
    await vi.waitFor(() => expect(body.state.cancelled).toBe(true), { timeout: 60_000, interval: 10 });
    const read = body.state.pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(body.state.pulled).toBe(read);
  });

  it("closes the connection of a real endless download when the time is up", async () => {
    await withEndlessServer(undefined, async (fetching, closed) => {
      const result = await executeToolDefinition(listBooks, params, { ...fetching, timeoutMs: 200, retries: 0 });
      expect(result).toMatchObject({ success: false, error: { type: "timeout" } });
      await closed();
    });
  });

  it(
    "closes the connection of a reply that arrives after the time is up: its body is cancelled, " +
      "not left to the garbage collector",
    async () => {
      let answer!: () => void;
      const late = new Promise<void>((resolve) => (answer = resolve));
      await withEndlessServer(late, async (fetching, closed) => {
        const result = await executeToolDefinition(listBooks, params, { ...fetching, timeoutMs: 100, retries: 0 });
        expect(result).toMatchObject({ success: false, error: { type: "timeout" } });
        // Only now does the reply begin: the call has answered, nobody reads it.
        answer();
        await closed();
      });
    },
  );
});

/**
 * A loopback server whose reply never ends (16 KiB a millisecond at most), its head sent once `start`
 * resolves, and a fetch that keeps every Response it gives: undici closes the
 * connection of a Response the garbage collector takes, so only a reply whose
 * reader cancels it can close here. `closed` resolves when the server sees
 * the connection closed, and fails naming the bytes written if it is still
 * open 10 s later.
 */
async function withEndlessServer(
  start: Promise<void> | undefined,
  run: (options: { baseUrl: string; fetch: typeof fetch }, closed: () => Promise<void>) => Promise<void>,
): Promise<void> {
  let written = 0;
  let close!: () => void;
  const gone = new Promise<void>((resolve) => (close = resolve));
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  const server = createServer(async (_req, res: ServerResponse) => {
    res.on("close", close);
    await start;
    res.writeHead(200, { "content-type": "application/json" });
    // Paced (a chunk a millisecond at most): a reply that outran the deadline to the reply limit (64 MiB in
    // 200 ms on a quiet machine) would end the call on the limit instead, so the test would hang on timing.
    const more = () => {
      if (res.destroyed) return;
      res.write(chunk);
      written += chunk.length;
      setTimeout(more, 1);
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closed = () =>
    Promise.race([
      gone,
      new Promise<void>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`still downloading: ${written} bytes written`)), HANG_GUARD_MS)),
      ),
    ]);
  const kept: Response[] = [];
  const keeping: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    kept.push(response);
    return response;
  };
  try {
    await run({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fetch: keeping }, closed);
    expect(kept.length).toBe(1);
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe("replies are read once and bounded (D7)", () => {
  it(
    "stops reading a reply past limits.replyBytes: an " + "upstream error that says the limit, the stream cancelled",
    async () => {
      const body = endlessBody(1024);
      const result = await executeToolDefinition(withLimit(listBooks, 10_000), params, {
        fetch: async () => body.response(),
      });
      expect(result).toEqual({
        success: false,
        error: {
          type: "upstream",
          provider: "shelf",
          operation: "shelf_list_books",
          status: 200,
          code: "REPLY_TOO_LARGE",
          message: "shelf answered 200 with more than 10000 bytes (limits.replyBytes); the rest was not read",
          retryable: false,
        },
      });
      expect(body.state.cancelled).toBe(true);
      expect(body.state.pulled).toBeLessThanOrEqual(10_000 + 2 * 1024);
    },
  );

  it("closes the connection of a real endless download past limits.replyBytes", async () => {
    await withEndlessServer(undefined, async (fetching, closed) => {
      const result = await executeToolDefinition(withLimit(listBooks, 10_000), params, { ...fetching, retries: 0 });
      expect(result).toMatchObject({ success: false, error: { type: "upstream", code: "REPLY_TOO_LARGE" } });
      await closed();
    });
  });

  it("refuses a reply whose Content-Length is over the limit without reading it", async () => {
    let read = false;
    const stream = new ReadableStream(
      {
        pull(controller) {
          read = true;
          controller.enqueue(new Uint8Array(10));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    ); // pulled only when read
    const fetch = async () =>
      new Response(stream, { status: 200, headers: { "content-type": "application/json", "content-length": "50000" } });
    const result = await executeToolDefinition(withLimit(listBooks, 1000), params, { fetch });
    expect(result).toMatchObject({ success: false, error: { code: "REPLY_TOO_LARGE", status: 200 } });
    expect(read).toBe(false);
  });

  it("applies a default limit to tools whose manifest sets none", async () => {
    expect(listBooks.server.replyBytes).toBeUndefined();
    // A finite reply just past the default: read up to the limit, then refused.
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > DEFAULT_REPLY_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const result = await executeToolDefinition(listBooks, params, {
      fetch: async () => new Response(stream, { status: 200 }),
    });
    expect(result).toMatchObject({
      success: false,
      error: {
        code: "REPLY_TOO_LARGE",
        message:
          `shelf answered 200 with more than ${DEFAULT_REPLY_BYTES} bytes (limits.replyBytes); ` +
          `the rest was not read`,
      },
    });
  });

  it("bounds an error reply too, and an upstream error message of any length", async () => {
    const huge = "x".repeat(200_000);
    const { fetch } = scriptedFetch(json(400, { error: { code: "BAD", message: huge } }));
    const result = await executeToolDefinition(listBooks, params, { fetch });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.message.length).toBeLessThan(1_200);
    expect(result.error.message).toMatch(/… \(200000 characters\)$/);
    const tooBig = await executeToolDefinition(withLimit(listBooks, 1000), params, { fetch });
    expect(tooBig).toMatchObject({ success: false, error: { code: "REPLY_TOO_LARGE", status: 400 } });
  });

  it(
    "keeps all pages of one allPages call within the limit: " +
      "growing pages end the call with an error naming the page",
    async () => {
      const page = (n: number, more: boolean) =>
        json(200, {
          object: "list",
          has_more: more,
          data: Array.from({ length: n }, (_, i) => ({ id: `cus_${n}_${i}`, object: "customer" })),
        });
      // Each page fits the limit; together they do not.
      const { fetch, seen } = scriptedFetch(page(10, true), page(20, true), page(40, true), page(80, true));
      const result = await executeToolDefinition(
        withLimit(listCustomers, 4_000),
        { apiKey: "sk_test_4eC39HqLyjWDarjt" },
        { fetch, allPages: true },
      );
      expect(result).toMatchObject({
        success: false,
        error: { type: "upstream", code: "REPLY_TOO_LARGE", retryable: false },
      });
      if (result.success) return;
      expect(result.error.page).toBeGreaterThan(1);
      expect(result.error.message).toContain("the pages of this call came to more than 4000 bytes (limits.replyBytes)");
      expect(seen.length).toBe(result.error.page);
    },
  );
});
