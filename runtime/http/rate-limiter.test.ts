import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createClient } from "../client/client.js";
import type { ClientOptions } from "../client/types.js";
import { executeToolDefinition } from "../execute/execute.js";
import { createExecutor } from "../execute/executor.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { runWorkflowWith } from "../workflow/run.js";
import type { Registry, ValidatedWorkflow } from "../workflow/types.js";
import { startDeadline } from "./deadline.js";
import { awaitTurn, RateLimiter } from "./rate-limiter.js";

const shelf = irFixture("shelf");
const plain = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
/** The fixture declaring 10 requests a minute (without its route, which would need a part of its own). */
const getBook: ToolSpec = { ...plain, routes: [], rateLimits: { requestsPerMinute: 10 } };
const tools = { shelf_get_book: getBook };
const params = { apiKey: "shelf-key-7f3a9c2e51", bookId: "b1" };
const MINUTE = 60_000;
// The process's limiter is shared by every test of the worker: each test in real time takes a key no other test sends.
let keys = 0;
const ownKey = () => ({ ...params, apiKey: `shelf-key-rate-${process.pid}-${++keys}-${Date.now()}` });

/**
 * A virtual clock whose waits end at once, in the order they were begun (turns
 * are taken in order, so their ends ascend), each moving the clock on to its
 * end; and a fetch that notes the time each request is sent.
 */
function virtualTime() {
  let now = 1_700_000_000_000;
  const start = now;
  const sent: number[] = [];
  const limiter = new RateLimiter({
    clock: () => now,
    sleep: (ms) => {
      const end = now + ms;
      return new Promise((resolve) =>
        setImmediate(() => {
          now = Math.max(now, end);
          resolve(true);
        }),
      );
    },
  });
  const { fetch } = scriptedFetch(() => {
    sent.push(now);
    return json(200, { id: "b1", title: "Dune", state: "ready" });
  });
  return { limiter, fetch, sent, start };
}

/** The most requests started in any 60 s. */
function busiestMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j < sorted.length && sorted[j]! < sorted[i]! + MINUTE) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

describe("the documented request rate (rateLimits.requestsPerMinute)", () => {
  it("holds fifty concurrent calls of one executor to 10 requests a minute, each sent in its turn", async () => {
    const t = virtualTime();
    const execute = createExecutor(tools, { limiter: t.limiter });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => execute("shelf_get_book", params, { fetch: t.fetch, timeoutMs: 10 * MINUTE })),
    );
    expect(results.every((r) => r.success)).toBe(true);
    expect(t.sent).toHaveLength(50);
    expect(t.sent.filter((at) => at < t.start + MINUTE)).toHaveLength(10);
    expect(busiestMinute(t.sent)).toBe(10);
  });

  it(
    "fails at once, sending nothing, a call whose turn would come after its deadline (the process's limiter, " +
      "real time)",
    async () => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready" }));
      const execute = createExecutor(tools, { rateLimits: RateLimiter });
      const mine = ownKey();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => execute("shelf_get_book", mine, { fetch, timeoutMs: 5_000 })),
      );
      expect(seen).toHaveLength(10);
      const late = results.filter((r) => !r.success);
      expect(late).toHaveLength(2);
      for (const r of late)
        expect(r).toMatchObject({ success: false, error: { type: "timeout", code: "RATE_LIMITED", retryable: true } });
      expect(late.every((r) => !r.success && r.error.retryAfterMs! > 5_000)).toBe(true);
    },
  );

  it(
    "is one per credential and provider in the process: two clients, an executor and a one-off call with one " +
      "key send the rate together (issue 54, R1)",
    async () => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready" }));
      const mine = ownKey();
      const table = { methods: { getBook }, credentials: ["apiKey"], support: { rateLimits: RateLimiter } };
      type Method = (input: Record<string, unknown>) => Promise<{ success: boolean }>;
      const [a, b] = [0, 1].map(
        () =>
          createClient(table, { apiKey: mine.apiKey, fetch, timeoutMs: 5_000 } as ClientOptions) as unknown as {
            getBook: Method;
          },
      );
      const execute = createExecutor(tools, { rateLimits: RateLimiter });
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => a!.getBook({ bookId: "b1" })),
        ...Array.from({ length: 4 }, () => b!.getBook({ bookId: "b1" })),
        ...Array.from({ length: 3 }, () => execute("shelf_get_book", mine, { fetch, timeoutMs: 5_000 })),
        ...Array.from({ length: 3 }, () => executeToolDefinition(getBook, mine, { fetch, timeoutMs: 5_000 })),
      ]);
      // Ten requests in the minute, whoever sent them; the four whose turn came later were refused, nothing sent.
      expect(seen).toHaveLength(10);
      expect(results.filter((r) => !r.success)).toHaveLength(4);
      // Another credential, or another provider, has a rate of its own.
      const other = await a!.getBook({ bookId: "b1", apiKey: ownKey().apiKey });
      const otherProvider = await executeToolDefinition({ ...getBook, provider: "zqshelf" }, mine, {
        fetch,
        timeoutMs: 5_000,
      });
      expect([other.success, otherProvider.success]).toEqual([true, true]);
      expect(seen).toHaveLength(12);
    },
  );

  it("keeps each credential as a hash, never as itself", async () => {
    const { fetch } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready" }));
    const mine = ownKey();
    await executeToolDefinition(getBook, mine, { fetch });
    const shared = (globalThis as Record<symbol, { turns: Map<string, number[]> } | undefined>)[
      Symbol.for("blockwright.rateLimits")
    ];
    const held = [...(shared?.turns.keys() ?? [])];
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((k) => k.startsWith("shelf\u0000"))).toBe(true);
    expect(held.join(" ")).not.toContain(mine.apiKey);
    expect(held.join(" ")).not.toContain(mine.apiKey.slice(0, 12));
  });

  it("is kept apart from the process's by a limiter of one's own", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready" }));
    const mine = ownKey();
    await Promise.all(Array.from({ length: 10 }, () => executeToolDefinition(getBook, mine, { fetch })));
    const apart = await createExecutor(tools, { limiter: new RateLimiter() })("shelf_get_book", mine, { fetch });
    expect(apart.success).toBe(true);
    expect(seen).toHaveLength(11);
  });

  it("does not count requests to a loopback host (a mock is not the upstream)", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready" }));
    const execute = createExecutor(tools, { rateLimits: RateLimiter });
    const mine = ownKey();
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        execute("shelf_get_book", mine, { fetch, baseUrl: "http://127.0.0.1:4010", timeoutMs: 5_000 }),
      ),
    );
    expect(results.every((r) => r.success)).toBe(true);
    expect(seen).toHaveLength(15);
  });

  it(
    "tells loopback from the upstream by each request's own address, one after the other (the loopback check " +
      "kept per origin)",
    async () => {
      const t = virtualTime();
      const execute = createExecutor(tools, { limiter: t.limiter });
      const on = (baseUrl: string | undefined) =>
        Promise.all(
          Array.from({ length: 12 }, () =>
            execute("shelf_get_book", params, {
              fetch: t.fetch,
              timeoutMs: 10 * MINUTE,
              ...(baseUrl ? { baseUrl } : {}),
            }),
          ),
        );
      expect((await on("http://127.0.0.1:4010")).every((r) => r.success)).toBe(true);
      // Loopback, as written three other ways: none counted, none waited for.
      expect((await on("http://localhost:4011")).every((r) => r.success)).toBe(true);
      expect((await on("http://[::1]:4012")).every((r) => r.success)).toBe(true);
      expect(t.sent.every((at) => at === t.start)).toBe(true);
      // The upstream right after: 10 in the first minute, the other 2 in the next.
      expect((await on(undefined)).every((r) => r.success)).toBe(true);
      const upstream = t.sent.slice(36);
      expect(upstream.filter((at) => at < t.start + MINUTE)).toHaveLength(10);
      expect(busiestMinute(upstream)).toBe(10);
    },
  );

  it(
    "counts a host whose address starts with the text of a loopback origin just seen (the origin kept, not its " +
      "prefix)",
    async () => {
      const limiter = new RateLimiter({ clock: () => 0 });
      const tool = { provider: "shelf", rateLimits: { requestsPerMinute: 1 } };
      const deadline = startDeadline(1_000);
      try {
        for (const loopback of ["http://localhost", "http://127.0.0.1"]) {
          const upstream = `${loopback}.upstream.test`;
          expect(await awaitTurn(limiter, tool, `${loopback}/books`, deadline)).toBeUndefined();
          expect(await awaitTurn(limiter, tool, `${loopback}?q=1`, deadline)).toBeUndefined();
          // Not loopback: the first takes the minute's one turn, the second's would come after the deadline.
          const first = await awaitTurn(limiter, tool, `${upstream}/books`, deadline, () => loopback);
          const second = await awaitTurn(limiter, tool, `${upstream}/books`, deadline, () => loopback);
          expect(first).toBeUndefined();
          expect(second).toMatchObject({ code: "RATE_LIMITED" });
        }
      } finally {
        deadline.done();
      }
    },
  );

  it("is shared by the blocks of one workflow run", async () => {
    const t = virtualTime();
    const blocks = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `b${i}`,
        {
          type: "shelf",
          name: `Book ${i}`,
          inputs: { operation: "shelf_get_book", apiKey: "{{SHELF_KEY}}", bookId: "b1" },
          timeoutMs: 10 * MINUTE,
        },
      ]),
    );
    const registry: Registry = { tools, blocks: {} };
    const checked: ValidatedWorkflow = { file: "zzshelf.workflow.yaml", workflow: { blocks }, placeholders: [] };
    const run = await runWorkflowWith(registry, checked, {
      env: { SHELF_KEY: params.apiKey },
      fetch: t.fetch,
      concurrency: 25,
      limiter: t.limiter,
    });
    expect(run.status).toBe("succeeded");
    expect(t.sent).toHaveLength(25);
    expect(t.sent.filter((at) => at < t.start + MINUTE)).toHaveLength(10);
    expect(busiestMinute(t.sent)).toBe(10);
  });

  it("reads a deadline's time left only for a turn that would wait, and takes no turn past it", () => {
    const limiter = new RateLimiter({ clock: () => 0 });
    let asked = 0;
    const deadline = {
      remainingMs: () => {
        asked++;
        return 5_000;
      },
    };
    // One request a minute: the first turn is now, whatever the deadline (its clock not read).
    expect(limiter.reserve("zqrate\u0000k", 1, deadline)).toEqual({ waitMs: 0 });
    expect(asked).toBe(0);
    // The next is a minute away, past the deadline's 5 s: none taken, the wait it would have been said.
    expect(limiter.reserve("zqrate\u0000k", 1, deadline)).toEqual({ later: MINUTE });
    expect(asked).toBe(1);
    // Within two minutes it is taken; milliseconds are read as before (the turn after it is two minutes away).
    expect(limiter.reserve("zqrate\u0000k", 1, { remainingMs: () => 2 * MINUTE })).toEqual({ waitMs: MINUTE });
    expect(limiter.reserve("zqrate\u0000k", 1, MINUTE)).toEqual({ later: 2 * MINUTE });
  });

  it("counts a turn taken after a minute idle (every earlier start older), and keeps the rate after it", () => {
    let now = 0;
    const limiter = new RateLimiter({ clock: () => now });
    const key = "zqrate\u0000idle";
    expect(limiter.reserve(key, 2, MINUTE)).toEqual({ waitMs: 0 });
    expect(limiter.reserve(key, 2, MINUTE)).toEqual({ waitMs: 0 });
    // Idle past a minute: the next is now, and counted, so the minute's second is now too and the third waits for the
    // first of the two to be a minute old.
    now = MINUTE + 1_000;
    expect(limiter.reserve(key, 2, MINUTE)).toEqual({ waitMs: 0 });
    expect(limiter.reserve(key, 2, MINUTE)).toEqual({ waitMs: 0 });
    expect(limiter.reserve(key, 2, 2 * MINUTE)).toEqual({ waitMs: MINUTE });
    // Idle again past every start, the waited one's included: one turn now; a time left below zero takes none.
    now += 3 * MINUTE;
    expect(limiter.reserve(key, 1, -1)).toEqual({ later: 0 });
    expect(limiter.reserve(key, 1, 0)).toEqual({ waitMs: 0 });
    expect(limiter.reserve(key, 1, 0)).toEqual({ later: MINUTE });
  });
});
