// What a call gives when it fails (the rest of a call's execution: execute.test.ts): the upstream's errors, retries,
// time-outs and cancellation.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "./execute.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { executeTool } from "../../test-support/runtime/packages.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";

const shelf = irFixture("shelf");
const tool = (id: string): ToolSpec => shelf.operations.find((o) => o.tool.id === id)!.tool;
const KEY = "shelf-key-7f3a9c2e51";

describe("upstream errors", () => {
  it("parse code, message and request id from the provider's error body", async () => {
    const { fetch } = scriptedFetch(
      json(404, { error: { code: "BookNotFound", message: "No book 'b1'." } }, { "x-request-id": "req-42" }),
    );
    expect(await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch })).toEqual({
      success: false,
      error: {
        type: "upstream",
        provider: "shelf",
        operation: "shelf_get_book",
        status: 404,
        code: "BookNotFound",
        message: "No book 'b1'.",
        requestId: "req-42",
        retryable: false,
      },
    });
  });

  it("fall back to the status when the body says nothing", async () => {
    const { fetch } = scriptedFetch(new Response("", { status: 502, statusText: "Bad Gateway" }));
    expect(
      await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch, retries: 0 }),
    ).toMatchObject({
      success: false,
      error: { type: "upstream", status: 502, message: "HTTP 502 Bad Gateway with no error message", retryable: true },
    });
  });

  it("never contain a secret, even when the upstream echoes it", async () => {
    const { fetch } = scriptedFetch(
      json(401, { error: { code: "BadKey", message: `Key ${KEY} is not valid (key=${encodeURIComponent(KEY)})` } }),
    );
    const result = await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch });
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(result).toMatchObject({
      success: false,
      error: { message: "Key [redacted] is not valid (key=[redacted])" },
    });
  });

  it(
    "redact a secret in every form a reply can carry it: raw, URL-encoded, JSON-escaped, " +
      "and in headers read as outputs",
    async () => {
      // A key with characters that URL-encoding and JSON escaping change.
      const key = 'shelf+key/7f3a="9c2e51';
      const echo = { error: { code: "BadKey", message: `raw ${key} url ${encodeURIComponent(key)}` } };
      const failed = await executeToolDefinition(
        tool("shelf_get_book"),
        { apiKey: key, bookId: "b1" },
        { fetch: scriptedFetch(json(401, echo)).fetch },
      );
      expect(failed).toMatchObject({ success: false, error: { message: "raw [redacted] url [redacted]" } });
      // A success whose body has the key JSON-escaped, and an output read from a header that echoes it.
      const base = tool("shelf_get_book");
      const echoing: ToolSpec = {
        ...base,
        outputs: [
          ...base.outputs,
          {
            path: "echo",
            type: "string",
            description: "The echo header.",
            optional: true,
            source: { expression: "$response.header.x-echo", ref: { kind: "header", name: "x-echo" } },
          },
        ],
      };
      const reply = new Response(`{"id":"b1","title":${JSON.stringify(`for ${key}`)},"state":"ready"}`, {
        status: 200,
        headers: { "content-type": "application/json", "x-echo": `key=${encodeURIComponent(key)}` },
      });
      const ok = await executeToolDefinition(
        echoing,
        { apiKey: key, bookId: "b1" },
        { fetch: scriptedFetch(reply).fetch },
      );
      expect(ok).toMatchObject({
        success: true,
        output: { book: { title: "for [redacted]" }, echo: "key=[redacted]" },
      });
      expect(JSON.stringify(ok)).not.toContain(encodeURIComponent(key));
      // Only a header echoes it, URL-encoded.
      const quiet = new Response(`{"id":"b1","title":"Dune","state":"ready"}`, {
        status: 200,
        headers: { "content-type": "application/json", "x-echo": `key=${encodeURIComponent(key)}` },
      });
      const headerOnly = await executeToolDefinition(
        echoing,
        { apiKey: key, bookId: "b1" },
        { fetch: scriptedFetch(quiet).fetch },
      );
      expect(headerOnly).toMatchObject({ success: true, output: { book: { title: "Dune" }, echo: "key=[redacted]" } });
    },
  );

  it("keep a query-string key out of network errors", async () => {
    const { fetch } = scriptedFetch(
      new TypeError(`fetch failed for https://www.googleapis.com/books/v1/volumes?q=x&key=AIzaSecretKey123`),
    );
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: "AIzaSecretKey123", q: "x" },
      { fetch, retries: 0 },
    );
    expect(JSON.stringify(result)).not.toContain("AIzaSecretKey123");
    expect(result).toMatchObject({ success: false, error: { type: "network", retryable: true } });
  });
});

describe("retries", () => {
  it("retry an idempotent request after a retryable status, honouring Retry-After", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, { error: { code: "Throttled", message: "slow down" } }, { "retry-after": "0" }),
      json(200, { id: "b1", title: "t", state: "ready" }),
    );
    const result = await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch });
    expect(result.success).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it("retry network failures of idempotent requests", async () => {
    const { fetch, seen } = scriptedFetch(
      Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET", message: "socket hang up" } }),
      json(200, { id: "b1", title: "t", state: "ready" }),
    );
    const result = await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch });
    expect(result.success).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it("never retry a POST that creates", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, { error: { code: "Throttled", message: "slow down" } }, { "retry-after": "0" }),
    );
    const result = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "s", title: "t" },
      { fetch },
    );
    expect(result).toMatchObject({ success: false, error: { status: 429, retryable: true, retryAfterMs: 0 } });
    expect(seen).toHaveLength(1);
  });

  it("give up when Retry-After asks for longer than allowed", async () => {
    const { fetch, seen } = scriptedFetch(
      json(503, { error: { code: "Busy", message: "later" } }, { "retry-after": "120" }),
    );
    const result = await executeToolDefinition(
      tool("shelf_get_book"),
      { apiKey: KEY, bookId: "b1" },
      { fetch, maxRetryDelayMs: 1000 },
    );
    expect(result).toMatchObject({ success: false, error: { status: 503, retryable: true, retryAfterMs: 120_000 } });
    expect(seen).toHaveLength(1);
  });

  it("stop after the configured number of retries", async () => {
    const { fetch, seen } = scriptedFetch(
      json(503, { error: { code: "Busy", message: "later" } }, { "retry-after": "0" }),
    );
    const result = await executeToolDefinition(
      tool("shelf_get_book"),
      { apiKey: KEY, bookId: "b1" },
      { fetch, retries: 3 },
    );
    expect(result).toMatchObject({ success: false, error: { status: 503 } });
    expect(seen).toHaveLength(4);
  });
});

describe("time-outs and cancellation", () => {
  const hang = (request: Request) =>
    new Promise<Response>((_, reject) =>
      request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true }),
    );

  it("end a call that takes longer than timeoutMs", async () => {
    const { fetch } = scriptedFetch(hang);
    // The operation's own limit an hour away: only the option can end the call before the test's hang guard.
    const patient: ToolSpec = { ...tool("shelf_get_book"), timeoutMs: 3_600_000 };
    const result = await executeToolDefinition(patient, { apiKey: KEY, bookId: "b1" }, { fetch, timeoutMs: 100 });
    expect(result).toMatchObject({
      success: false,
      error: { type: "timeout", retryable: true, message: "no complete answer within 100 ms" },
    });
  });

  it("end a call when the caller's signal aborts", async () => {
    const { fetch } = scriptedFetch(hang);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await executeToolDefinition(
      tool("shelf_get_book"),
      { apiKey: KEY, bookId: "b1" },
      { fetch, signal: controller.signal },
    );
    expect(result).toMatchObject({ success: false, error: { type: "network", code: "ABORTED", retryable: false } });
  });
});
