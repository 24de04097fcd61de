// A run's attempts: what each ending makes of the run (succeeded, failed at
// once, queued again after its backoff, dead once the trigger's attempts are
// spent, queued again uncounted when cancelled on stopping), and an executor
// retrying a run whose journal keeps the block that succeeded.
import type { BlockResult, RunResult } from "@blockwright/runtime/workflow";
import { describe, expect, it } from "vitest";
import { deliveryOf } from "../../test-support/store-contract.js";
import { memoryStore } from "./memory-store.js";
import { outcomeOf, settledLine, startExecutor } from "./run-executor.js";
import type { StoredRun } from "./store.js";

const NOW = 1_800_000_000_000;
const run = (attempts: number): StoredRun => ({
  id: "run-1",
  trigger: "zqruns_event",
  event: "evt-1",
  status: "running",
  attempts,
  replays: 0,
  nextAt: NOW,
  createdAt: NOW,
  outputs: { data: {}, metadata: {} },
  journal: {},
});
const block = (status: BlockResult["status"], retryable?: boolean): BlockResult => ({
  id: "call",
  name: "Call",
  type: "zq",
  operation: "zq_op",
  status,
  durationMs: 1,
  ...(retryable === undefined
    ? {}
    : {
        error: {
          type: "upstream",
          provider: "zq",
          operation: "zq_op",
          status: retryable ? 503 : 400,
          code: retryable ? "zq_busy" : "zq_bad_value",
          message: retryable ? "try later" : "refused",
          retryable,
        },
      }),
});
const result = (status: RunResult["status"], blocks: BlockResult[]): RunResult => ({
  status,
  durationMs: 1,
  blocks,
  placeholders: [],
});
const retry = { attempts: 3, backoffMs: 10_000 };

describe("an attempt's outcome", () => {
  it(
    "is the run's next status (its error naming each failed block, operation and status): succeeded, failed at " +
      "once, queued after a doubling backoff, then dead; " +
      "cancelled runs are queued uncounted",
    () => {
      expect(outcomeOf(run(1), result("succeeded", [block("succeeded")]), retry, NOW)).toEqual({ status: "succeeded" });
      expect(outcomeOf(run(1), result("failed", [block("failed", false)]), retry, NOW)).toEqual({
        status: "failed",
        error: "call (zq_op): upstream 400 zq_bad_value: refused",
      });
      expect(outcomeOf(run(1), result("failed", [block("failed", true)]), retry, NOW)).toEqual({
        status: "queued",
        error: "call (zq_op): upstream 503 zq_busy: try later",
        nextAt: NOW + 10_000,
      });
      expect(outcomeOf(run(2), result("failed", [block("failed", true)]), retry, NOW)).toEqual({
        status: "queued",
        error: "call (zq_op): upstream 503 zq_busy: try later",
        nextAt: NOW + 20_000,
      });
      expect(outcomeOf(run(3), result("failed", [block("failed", true)]), retry, NOW)).toEqual({
        status: "dead",
        error: "call (zq_op): upstream 503 zq_busy: try later (after 3 attempts)",
      });
      expect(outcomeOf(run(2), result("cancelled", []), retry, NOW)).toEqual({
        status: "queued",
        nextAt: NOW,
        undoAttempt: true,
      });
    },
  );
});

describe("a retry's wait", () => {
  // A 429 whose Retry-After outlasted the backoff was tried again sooner, refused again, and the run was dead before
  // the upstream would take it.
  it("is what an upstream's Retry-After asked when longer than the backoff, at most an hour", () => {
    const limited = (retryAfterMs: number): BlockResult => {
      const b = block("failed", true);
      return { ...b, error: { ...b.error!, status: 429, code: "zq_slow", message: "slow down", retryAfterMs } };
    };
    const failed = (b: BlockResult) => result("failed", [b]);
    expect(outcomeOf(run(1), failed(limited(60_000)), retry, NOW)).toMatchObject({
      status: "queued",
      nextAt: NOW + 60_000,
    });
    expect(outcomeOf(run(2), failed(limited(5_000)), retry, NOW)).toMatchObject({ nextAt: NOW + 20_000 });
    expect(outcomeOf(run(1), failed(limited(86_400_000)), retry, NOW)).toMatchObject({ nextAt: NOW + 3_600_000 });
  });
});

describe("a quota used up", () => {
  // A quota used up is not retryable, so the run failed at once, though the upstream said when it would take it again.
  const quota = (resetsAt: string | undefined): BlockResult => {
    const b = block("failed", false);
    return {
      ...b,
      error: {
        ...b.error!,
        status: 403,
        code: "zq_quota",
        message: "daily quota used up",
        quotaExceeded: true,
        ...(resetsAt !== undefined ? { resetsAt } : {}),
      },
    };
  };
  const at = (ms: number) => new Date(NOW + ms).toISOString();
  it("waits until it resets, however short the backoff, and its attempts are counted as any retry's", () => {
    expect(outcomeOf(run(1), result("failed", [quota(at(1_500_000))]), retry, NOW)).toEqual({
      status: "queued",
      error: "call (zq_op): upstream 403 zq_quota: daily quota used up",
      nextAt: NOW + 1_500_000,
    });
    // Reset already: the backoff.
    expect(outcomeOf(run(1), result("failed", [quota(at(-5_000))]), retry, NOW)).toMatchObject({
      nextAt: NOW + 10_000,
    });
    expect(outcomeOf(run(3), result("failed", [quota(at(60_000))]), retry, NOW)).toMatchObject({ status: "dead" });
  });

  it("fails at once when it resets past the longest wait, saying when, or does not say when", () => {
    expect(outcomeOf(run(1), result("failed", [quota(at(20 * 3_600_000))]), retry, NOW)).toEqual({
      status: "failed",
      error:
        "call (zq_op): upstream 403 zq_quota: daily quota used up (the quota resets at " +
        `${at(20 * 3_600_000)}, past the longest wait of a retry, 60 minutes: replay the run after it)`,
    });
    expect(outcomeOf(run(1), result("failed", [quota(undefined)]), retry, NOW)).toMatchObject({ status: "failed" });
    expect(outcomeOf(run(1), result("failed", [quota("zq-not-a-date")]), retry, NOW)).toMatchObject({
      status: "failed",
    });
    // Beside a block no retry helps, the run fails.
    const both = result("failed", [quota(at(60_000)), { ...block("failed", false), id: "other" }]);
    expect(outcomeOf(run(1), both, retry, NOW)).toMatchObject({ status: "failed" });
  });
});

describe("a settled attempt's line", () => {
  // The retry's line named the run's id as the event's ("the run of event <run id>"); `runs replay` takes the run's.
  it("names the run by its id, as runs list and runs replay do", () => {
    const run = { id: "zqrun-7", trigger: "zqhooks_thing_created" };
    expect(settledLine(run, 1, 5, { status: "queued", nextAt: 31_000, error: "HTTP 503" }, 1_000)).toBe(
      "zqhooks_thing_created: the run zqrun-7 failed (attempt 1 of 5), tried again in 30 s: HTTP 503",
    );
  });
});

describe("the executor", () => {
  it(
    "tries a run failing on a retryable error again after its backoff, with the journal of what succeeded, " +
      "until it succeeds",
    async () => {
      const store = memoryStore();
      await store.accept(deliveryOf("zqruns_event", ["evt-1"]), 60_000);
      const seen: { attempt: number; journaled: string[] }[] = [];
      let settled!: () => void;
      const done = new Promise<void>((ok) => {
        settled = ok;
      });
      const executor = startExecutor({
        store,
        concurrency: 2,
        retry: { attempts: 3, backoffMs: 5 },
        log: () => undefined,
        attempt: async (r, journal) => {
          seen.push({ attempt: r.attempts, journaled: Object.keys(r.journal) });
          if (r.attempts === 1) {
            await journal({ ...block("succeeded"), id: "first" });
            return result("failed", [{ ...block("succeeded"), id: "first" }, block("failed", true)]);
          }
          return result("succeeded", [{ ...block("succeeded"), id: "first" }, block("succeeded")]);
        },
        settled: (_r, _result, status) => status === "succeeded" && settled(),
      });
      await done;
      await executor.stop(1000);
      expect(seen).toEqual([
        { attempt: 1, journaled: [] },
        { attempt: 2, journaled: ["first"] },
      ]);
      expect((await store.runs()).map((r) => [r.status, r.attempts])).toEqual([["succeeded", 2]]);
    },
  );
});
