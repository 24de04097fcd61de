// A quota of a long window said only in a typed error detail (issue 54, F3r):
// a 429 whose body's `details` hold a quota failure for a daily quota (and no
// code, reason or message the manifest's `rateLimits.quota` knows) is not
// retried, says retryable: false, and says when the quota resets (`resetsAt`)
// when a retry info (or Retry-After) tells it. Before, it was retried like any
// 429.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { quotaDetails } from "./quota-details.js";

const shelf = irFixture("shelf");
// A tool whose manifest declares no quota: what it knows of one is the answer's own.
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const params = { apiKey: "shelf-key-7f3a9c2e51", bookId: "b1" };
const ok = () => json(200, { id: "b1", title: "Dune", state: "ready" });

const TYPE = "type.zqexample.test/zq.rpc";
const quotaFailure = (quotaId: string, description = "Quota exceeded") => ({
  "@type": `${TYPE}.QuotaFailure`,
  violations: [{ subject: "project:zq-1", description, quotaMetric: "zq.example.test/requests", quotaId }],
});
const exhausted = (...details: unknown[]) =>
  json(
    429,
    {
      error: {
        code: 429,
        message: "Resource has been exhausted (e.g. check quota).",
        status: "RESOURCE_EXHAUSTED",
        details,
      },
    },
    { "retry-after": "0" },
  );

describe("a 429 whose typed details say a quota of a long window is used up", () => {
  for (const [label, detail] of [
    ["a quota failure's id (PerDay)", quotaFailure("DefaultRequestsPerDayPerProject")],
    ["a quota failure's description only", quotaFailure("zq-requests", "Daily Limit Exceeded")],
    [
      "an error info's quota metadata (1/d/{project})",
      {
        "@type": `${TYPE}.ErrorInfo`,
        reason: "RATE_LIMIT_EXCEEDED",
        metadata: { quota_limit: "zqRequests", quota_unit: "1/d/{project}" },
      },
    ],
  ] as const) {
    it(`is one attempt, retryable: false: ${label}`, async () => {
      const { fetch, seen } = scriptedFetch(exhausted({ "@type": `${TYPE}.Help`, links: [] }, detail), ok());
      const result = await executeToolDefinition(getBook, params, { fetch });
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({
        success: false,
        error: { status: 429, retryable: false, message: "Resource has been exhausted (e.g. check quota)." },
      });
      // Retry-After: 0 tells no reset.
      expect(!result.success && result.error.resetsAt).toBeUndefined();
    });
  }

  it("says when it resets, as a retry info tells it", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, {
        error: {
          message: "Quota exceeded",
          details: [
            quotaFailure("DefaultRequestsPerDayPerProject"),
            { "@type": `${TYPE}.RetryInfo`, retryDelay: "18000s" },
          ],
        },
      }),
      ok(),
    );
    const before = Date.now();
    const result = await executeToolDefinition(getBook, params, { fetch });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: false, error: { retryable: false, retryAfterMs: 18_000_000 } });
    if (result.success) return;
    const at = Date.parse(result.error.resetsAt ?? "");
    expect(at).toBeGreaterThanOrEqual(before + 18_000_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 18_000_000);
  });

  it("leaves a quota of a short window to the usual retry (a per-minute quota failure)", async () => {
    const { fetch, seen } = scriptedFetch(exhausted(quotaFailure("DefaultRequestsPerMinutePerUser")), ok());
    const result = await executeToolDefinition(getBook, params, { fetch });
    expect(seen).toHaveLength(2);
    expect(result.success).toBe(true);
  });
});

describe("quotaDetails", () => {
  it("reads a retry info's delay as text or as its fields, and details at the top or in a list of errors", () => {
    expect(quotaDetails({ details: [{ "@type": "zq.RetryInfo", retryDelay: "1.5s" }] })).toEqual({
      retryDelayMs: 1500,
    });
    expect(
      quotaDetails([
        { error: { details: [{ "@type": "zq/RetryInfo", retryDelay: { seconds: 30, nanos: 500_000_000 } }] } },
      ]),
    ).toEqual({ retryDelayMs: 30_500 });
  });

  it("reads nothing of details that are not typed, or not a list", () => {
    expect(quotaDetails({ error: { details: [{ violations: [{ quotaId: "PerDay" }] }] } })).toEqual({});
    expect(quotaDetails({ error: { details: "PerDay" } })).toEqual({});
    expect(quotaDetails("Daily limit")).toEqual({});
  });
});
