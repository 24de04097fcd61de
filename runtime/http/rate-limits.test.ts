import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { RateLimitSpec, ToolSpec } from "../spec/tool-types.js";
import { parseExpression } from "./expressions.js";
import { parseResetTime } from "./rate-waits.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const params = { apiKey: KEY, bookId: "b1" };
const limited = (rateLimits: RateLimitSpec): ToolSpec => ({ ...getBook, rateLimits });
const throttled = (headers: Record<string, string> = {}, code = "TooMany") =>
  json(429, { error: { code, message: "Slow down" } }, headers);
const ok = () => json(200, { id: "b1", title: "Dune", state: "ready" });

describe("a 429 with the manifest's reset header", () => {
  it("is not retried inside the window: the error carries the wait until the reset", async () => {
    const before = Date.now();
    const reset = Math.ceil(before / 1000) + 120;
    const { fetch, seen } = scriptedFetch(throttled({ "x-ratelimit-reset": String(reset) }), ok());
    const result = await executeToolDefinition(limited({ resetHeader: "x-ratelimit-reset" }), params, { fetch });
    const after = Date.now();
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: false, error: { status: 429, retryable: true } });
    if (result.success) return;
    // The time to the reset, as seen at some moment during the call.
    expect(result.error.retryAfterMs).toBeGreaterThanOrEqual(reset * 1000 - after);
    expect(result.error.retryAfterMs).toBeLessThanOrEqual(reset * 1000 - before);
  });

  it("is retried once the window has reset, not before", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    let retriedAt = 0;
    const { fetch, seen } = scriptedFetch(throttled({ "x-ratelimit-reset": String(reset) }), () => {
      retriedAt = Date.now();
      return ok();
    });
    const result = await executeToolDefinition(limited({ resetHeader: "x-ratelimit-reset" }), params, { fetch });
    expect(result.success).toBe(true);
    expect(seen).toHaveLength(2);
    expect(retriedAt).toBeGreaterThanOrEqual(reset * 1000);
  });

  it("gives way to Retry-After when the reply has one", async () => {
    const { fetch } = scriptedFetch(
      throttled({ "retry-after": "90", "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 600) }),
    );
    const result = await executeToolDefinition(limited({ resetHeader: "x-ratelimit-reset" }), params, { fetch });
    expect(result).toMatchObject({ success: false, error: { retryAfterMs: 90_000 } });
  });
});

describe("a 429 that says nothing of when", () => {
  it("waits the provider's pause, not the runtime's half second: the error says how long", async () => {
    const { fetch, seen } = scriptedFetch(throttled(), ok());
    const result = await executeToolDefinition(limited({ pauseMs: 30_000 }), params, { fetch });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: false, error: { status: 429, retryable: true, retryAfterMs: 30_000 } });
  });

  it("doubles the pause on each further 429", async () => {
    const { fetch, seen } = scriptedFetch(throttled(), throttled());
    const result = await executeToolDefinition(limited({ pauseMs: 20 }), params, { fetch, retries: 1 });
    expect(seen).toHaveLength(2);
    expect(result).toMatchObject({ success: false, error: { retryAfterMs: 40 } });
  });

  it("falls back to the runtime's backoff without a declared pause", async () => {
    const { fetch, seen } = scriptedFetch(throttled(), ok());
    const result = await executeToolDefinition(getBook, params, { fetch });
    expect(result.success).toBe(true);
    expect(seen).toHaveLength(2);
  });
});

describe("a quota used up (quota.codes, read by quota.from)", () => {
  it("is never retried and says retryable: false, whatever its status", async () => {
    for (const status of [429, 503]) {
      const { fetch, seen } = scriptedFetch(
        json(status, { error: { code: "DAILY_QUOTA", message: "Queries per day exceeded" } }, { "retry-after": "0" }),
        ok(),
      );
      const result = await executeToolDefinition(
        limited({ quota: { from: [{ kind: "body", pointer: ["error", "code"] }], codes: ["DAILY_QUOTA"] } }),
        params,
        { fetch },
      );
      expect(seen, String(status)).toHaveLength(1);
      expect(result).toMatchObject({ success: false, error: { status, code: "DAILY_QUOTA", retryable: false } });
    }
  });

  it("leaves other codes of the same status to the usual retry", async () => {
    const { fetch, seen } = scriptedFetch(throttled({ "retry-after": "0" }, "PER_MINUTE"), ok());
    const result = await executeToolDefinition(
      limited({ quota: { from: [{ kind: "body", pointer: ["error", "code"] }], codes: ["DAILY_QUOTA"] } }),
      params,
      { fetch },
    );
    expect(result.success).toBe(true);
    expect(seen).toHaveLength(2);
  });
});

describe("parseResetTime", () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it("reads Unix seconds, Unix milliseconds, seconds from now and dates", () => {
    expect(parseResetTime(String(now / 1000 + 30), now)).toBe(30_000);
    expect(parseResetTime(String(now + 1500), now)).toBe(1500);
    expect(parseResetTime("45", now)).toBe(45_000);
    expect(parseResetTime("2026-11-22T12:01:00Z", now)).toBe(60_000);
    expect(parseResetTime("Sun, 22 Nov 2026 12:00:10 GMT", now)).toBe(10_000);
  });
  it("takes a time already past as no wait, and nonsense as nothing", () => {
    expect(parseResetTime(String(now / 1000 - 30), now)).toBe(0);
    expect(parseResetTime("{'minute': 9}", now)).toBeUndefined();
    expect(parseResetTime(null, now)).toBeUndefined();
  });
});

describe("a quota used up, said anywhere the provider says it", () => {
  const quota = (from: string[], codes: string[], messages?: string[]): ToolSpec =>
    limited({ quota: { from: from.map(parseExpression), codes, ...(messages ? { messages } : {}) } });
  const reasons = ["$response.body#/error/errors/*/reason"];

  it(
    "reads every entry of a list under a `*` (the reason " + "of the second error): one attempt, retryable: false",
    async () => {
      const { fetch, seen } = scriptedFetch(
        json(
          429,
          {
            error: { code: "TooMany", message: "Slow down", errors: [{ reason: "other" }, { reason: "perDayUsedUp" }] },
          },
          { "retry-after": "0" },
        ),
        ok(),
      );
      const result = await executeToolDefinition(quota(reasons, ["perDayUsedUp"]), params, { fetch });
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({ success: false, error: { status: 429, retryable: false } });
    },
  );

  it("reads the quota's words in the message, letter case aside", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, { error: { code: "TooMany", message: "limit 'QUERIES per day' reached" } }, { "retry-after": "0" }),
      ok(),
    );
    const result = await executeToolDefinition(quota(reasons, ["perDayUsedUp"], ["Queries per day"]), params, {
      fetch,
    });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: false, error: { retryable: false } });
  });

  it("retries what says nothing of it, like any 429", async () => {
    const { fetch, seen } = scriptedFetch(
      json(
        429,
        { error: { code: "TooMany", message: "per minute", errors: [{ reason: "perMinute" }] } },
        { "retry-after": "0" },
      ),
      ok(),
    );
    const result = await executeToolDefinition(quota(reasons, ["perDayUsedUp"], ["Queries per day"]), params, {
      fetch,
    });
    expect(seen).toHaveLength(2);
    expect(result.success).toBe(true);
  });
});
