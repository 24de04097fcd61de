// serve's poller against a loopback fake upstream, on the SQLite store: each
// new item runs once, in order, the position kept with its runs before they
// start, so a restart (the store closed and opened again) resumes with no
// duplicate and no gap; items of one second on either side of a poll are
// neither lost nor doubled; a delta link is followed; upstream failures wait
// longer each time; stopping ends a wait or a call under way at once.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import type { TriggerBlock } from "@blockwright/runtime/workflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureEdit, shelfCopy } from "../../test-support/shelf-copy.js";
import { loadProvider } from "../emit/link-provider.js";
import { pollCall } from "./poll-call.js";
import { type PollOutcome, type PollerOptions, positionKey, startPoller } from "./poller.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { TriggerStore } from "./store.js";
import { until } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poller-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture's list gains a query for a time, its items a creation time, its answer an address to come back with. */
const DOCUMENT: FixtureEdit[] = [
  {
    file: "openapi.yaml",
    find: "        rank: { type: integer }\n",
    replace: "        rank: { type: integer }\n        addedAt: { type: string, format: date-time }\n",
  },
  {
    file: "openapi.yaml",
    find: "                  total: { type: integer }\n",
    replace: "                  total: { type: integer }\n                  comeBack: { type: string }\n",
  },
  {
    file: "openapi.yaml",
    find: "        - name: $count\n",
    replace:
      "        - name: addedSince\n          in: query\n          schema: { type: string }\n        - name: $count\n",
  },
  {
    find: "      top:\n        type: number\n",
    replace:
      "      addedSince:\n        type: string\n        maxLength: 40\n        description: " +
      "Books added at or after this time.\n        wire: { in: query }\n      top:\n        type: number\n",
  },
  {
    find: '        from: "$response.body#/total"\n        description: Books on the shelf.\n',
    replace:
      '        from: "$response.body#/total"\n        description: Books on the shelf.\n      ' +
      'comeBack:\n        type: string\n        from: "$response.body#/comeBack"\n        optional: ' +
      "true\n        description: Where to come back for the changes since.\n",
  },
  {
    find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
    replace:
      '      title: { from: "$event#/book/title", description: Its title., required: false }\n' +
      "  shelf_book_since:\n    title: Book added (since)\n    description: " +
      'Polled by creation time.\n    eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: ' +
      '"$event#/id", description: The book\'s id. }\n' +
      "    poll:\n      operation: shelf_list_books\n      items: data\n      inputs: { addedSince: " +
      '"{{poll.since}}" }\n      since: { field: /addedAt, type: date-time }\n' +
      "  shelf_book_delta:\n    title: Book added (delta)\n    description: " +
      'Polled by a delta link.\n    eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: "$event#/id", ' +
      "description: The book's id. }\n" +
      "    poll:\n      operation: shelf_list_books\n      items: data\n      delta: { link: comeBack, new: " +
      "created, removed: /rank }\n",
  },
];

let triggers: Record<string, PollTriggerSpec>;
let tools: Record<string, ToolSpec>;
beforeAll(async () => {
  const root = join(work, "project");
  const ir = await loadProvider(root, shelfCopy(root, DOCUMENT));
  triggers = Object.fromEntries((ir.pollTriggers ?? []).map((t) => [t.id, t]));
  tools = Object.fromEntries(ir.operations.map((op) => [op.tool.id, op.tool]));
});

interface Book {
  id: string;
  title: string;
  state: string;
  addedAt?: string;
  rank?: number;
}

/** A loopback shelf: its books, every request's path and query, and a hook after each answer. */
async function fakeShelf(
  answer: (url: URL, n: number) => { status: number; body?: unknown; headers?: Record<string, string> } | "hang",
) {
  const seen: string[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://shelf.test");
    seen.push(`${url.pathname}${url.search}`);
    const out = answer(url, seen.length);
    if (out === "hang") return void hanging.push(res);
    res
      .writeHead(out.status, { "content-type": "application/json", ...out.headers })
      .end(JSON.stringify(out.body ?? { error: { code: "Down", message: "down" } }));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const block = (trigger: string): TriggerBlock =>
  ({
    type: "shelf",
    name: "Start",
    inputs: { trigger, apiKey: "{{ZQ_SHELF_KEY}}", shelfId: "s-1" },
  }) as unknown as TriggerBlock;

/** A poller of `trigger` on `store` against `base`, its outcomes gathered. */
function poller(trigger: string, store: TriggerStore, base: string, options: Partial<PollerOptions> = {}) {
  const outcomes: PollOutcome[] = [];
  const spec = triggers[trigger] as PollTriggerSpec;
  const call = pollCall({
    registry: { tools, blocks: {} },
    trigger: spec,
    block: block(trigger),
    env: { ZQ_SHELF_KEY: "zq-key-1" },
    baseUrl: base,
  });
  const running = startPoller({
    trigger: spec,
    params: {},
    store,
    call,
    intervalMs: 5,
    backfill: false,
    horizonMs: 3_600_000,
    accepted: () => undefined,
    log: () => undefined,
    polled: (o) => outcomes.push(o),
    ...options,
  });
  return { outcomes, stop: () => running.stop() };
}

const runsOf = async (store: TriggerStore, trigger: string) =>
  (await store.runs())
    .filter((r) => r.trigger === trigger)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
    .map((r) => r.event);

describe("serve's poller", () => {
  it(
    "runs each item of a since poll once: two of one second on either side of a poll, across a restart, " +
      "none from before the start",
    async () => {
      // The poller's clock: this time at the start, a millisecond on at each reading.
      const start = Date.parse("2030-01-01T00:00:00.500Z");
      let tick = 0;
      const clock = () => start + tick++;
      const books: Book[] = [
        { id: "b-old", title: "Before the start", state: "ready", addedAt: "2029-12-31T23:00:00Z" },
      ];
      const shelf = await fakeShelf((url, n) => {
        // Answered as an upstream filters: at or after the second asked for, oldest first.
        const since = Date.parse(url.searchParams.get("addedSince") ?? "");
        const body = { total: books.length, value: books.filter((b) => Date.parse(b.addedAt ?? "") >= since) };
        if (n === 1) books.push({ id: "b-a", title: "A", state: "ready", addedAt: "2030-01-01T00:00:05Z" });
        // B: the same second as A, added once A was found.
        if (n === 3) books.push({ id: "b-b", title: "B", state: "ready", addedAt: "2030-01-01T00:00:05Z" });
        return { status: 200, body };
      });
      const file = join(work, "since.sqlite");
      try {
        let store = openSqliteStore(file);
        const first = poller("shelf_book_since", store, shelf.base, { now: clock });
        await until(() => first.outcomes.length >= 6, "six polls");
        await first.stop();
        expect(await runsOf(store, "shelf_book_since")).toEqual(["b-a", "b-b"]);
        expect(shelf.seen[0]).toBe("/v2/shelves/s-1/books?addedSince=2030-01-01T00%3A00%3A00Z&$top=10");
        expect(shelf.seen.at(-1)).toBe("/v2/shelves/s-1/books?addedSince=2030-01-01T00%3A00%3A05Z&$top=10");
        await store.close();
        // A restart: the position read back; C added meanwhile, one second later.
        books.push({ id: "b-c", title: "C", state: "ready", addedAt: "2030-01-01T00:00:06Z" });
        store = openSqliteStore(file);
        const second = poller("shelf_book_since", store, shelf.base, { now: () => clock() + 60_000 });
        await until(() => second.outcomes.length >= 3, "three polls after the restart");
        await second.stop();
        expect(await runsOf(store, "shelf_book_since")).toEqual(["b-a", "b-b", "b-c"]);
        await store.close();
      } finally {
        await shelf.close();
      }
    },
  );

  it("runs an item of the start's second created after the first poll, and none that poll found there", async () => {
    // The upstream's times are to the second; serve started half a second into one.
    const start = Date.parse("2030-01-01T00:00:00.500Z");
    const books: Book[] = [{ id: "b-there", title: "There", state: "ready", addedAt: "2030-01-01T00:00:00Z" }];
    const shelf = await fakeShelf((url, n) => {
      const since = Date.parse(url.searchParams.get("addedSince") ?? "");
      const body = { total: books.length, value: books.filter((b) => Date.parse(b.addedAt ?? "") >= since) };
      // Created after the first poll's answer, in the same second (at .800, its time written as the second's).
      if (n === 1) books.push({ id: "b-after", title: "After", state: "ready", addedAt: "2030-01-01T00:00:00Z" });
      return { status: 200, body };
    });
    const store = openSqliteStore(join(work, "start-second.sqlite"));
    try {
      const p = poller("shelf_book_since", store, shelf.base, { now: () => start });
      await until(() => p.outcomes.length >= 3, "three polls");
      await p.stop();
      expect(await runsOf(store, "shelf_book_since")).toEqual(["b-after"]);
    } finally {
      await store.close();
      await shelf.close();
    }
  });

  it("says once, at the first poll listing it, an item left out, naming it and what it lacks", async () => {
    const shelf = await fakeShelf(() => ({
      status: 200,
      body: {
        total: 2,
        value: [
          { id: "b-undated", title: "Undated", state: "ready", addedAt: "yesterday" },
          { title: "No id", state: "ready", addedAt: "2030-01-01T00:00:09Z" },
        ],
      },
    }));
    const store = openSqliteStore(join(work, "left-out.sqlite"));
    const lines: string[] = [];
    try {
      const p = poller("shelf_book_since", store, shelf.base, { log: (line) => lines.push(line) });
      await until(() => p.outcomes.length >= 4, "four polls");
      await p.stop();
      expect(lines).toEqual([
        'serve: shelf_book_since: left out item b-undated, whose /addedAt holds "yesterday", not a date-time',
        "serve: shelf_book_since: left out an item without /id",
        expect.stringMatching(/^serve: shelf_book_since: the first poll took the position/),
      ]);
    } finally {
      await store.close();
      await shelf.close();
    }
  });

  // A page of new items only (more came since the last poll than a page holds) ran them and said nothing of those
  // past the page, which no later poll lists: they were lost without a word.
  it("says when a poll by ids finds no item it saw before: those past the page are not read", async () => {
    const books = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ id: `b-${to - i}`, title: "Zq", state: "ready" }));
    const shelf = await fakeShelf((_url, n) => ({
      status: 200,
      body: { total: 0, value: n === 1 ? books(1, 2) : n === 2 ? books(2, 3) : books(6, 8) },
    }));
    const store = openSqliteStore(join(work, "past-page.sqlite"));
    const lines: string[] = [];
    try {
      const p = poller("shelf_book_appeared", store, shelf.base, { log: (line) => lines.push(line) });
      await until(() => p.outcomes.length >= 3, "three polls");
      await p.stop();
      expect((await runsOf(store, "shelf_book_appeared")).sort()).toEqual(["b-3", "b-6", "b-7", "b-8"]);
      expect(lines.filter((line) => !line.includes("the first poll took the position"))).toEqual([
        "serve: shelf_book_appeared: none of the 3 items shelf_list_books listed was seen before: items that came " +
          "since the last poll past its first page are not read and do not run (poll more often, or ask for a " +
          "larger page in the trigger's inputs)",
      ]);
    } finally {
      await store.close();
      await shelf.close();
    }
  });

  it(
    "follows a delta link: the first round is the position, created items run once, " +
      "changed and removed ones do not, across a restart",
    async () => {
      const books: Book[] = [
        { id: "u-1", title: "One", state: "ready" },
        { id: "u-2", title: "Two", state: "ready" },
      ];
      /** Every change, in order: a delta token is how many the client has seen. */
      const changes: Book[] = [...books];
      const shelf = await fakeShelf((url, n) => {
        const token = url.pathname === "/delta" ? Number(url.searchParams.get("token")) : 0;
        const value = url.pathname === "/delta" ? changes.slice(token) : [...books];
        const body = { total: books.length, value, comeBack: `${shelf.base}/delta?token=${changes.length}` };
        if (n === 1)
          changes.push(
            { id: "u-3", title: "Three", state: "ready" },
            { id: "u-1", title: "One, renamed", state: "ready" },
          );
        return { status: 200, body };
      });
      const file = join(work, "delta.sqlite");
      try {
        let store = openSqliteStore(file);
        const first = poller("shelf_book_delta", store, shelf.base);
        await until(() => first.outcomes.length >= 2, "two polls");
        await first.stop();
        expect(await runsOf(store, "shelf_book_delta")).toEqual(["u-3"]);
        // The next changes once the first poller has stopped, however many polls it made before the test saw two.
        changes.push(
          { id: "u-2", title: "Two", state: "ready", rank: 0 },
          { id: "u-4", title: "Four", state: "ready" },
        );
        await store.close();
        store = openSqliteStore(file);
        const second = poller("shelf_book_delta", store, shelf.base);
        await until(() => second.outcomes.length >= 3, "three polls after the restart");
        await second.stop();
        expect(await runsOf(store, "shelf_book_delta")).toEqual(["u-3", "u-4"]);
        // The operation's address once, then only the links it gave.
        expect(shelf.seen[0]).toBe("/v2/shelves/s-1/books?$top=10");
        expect(shelf.seen.slice(1).every((s) => s.startsWith("/delta?token="))).toBe(true);
        await store.close();
      } finally {
        await shelf.close();
      }
    },
  );

  it(
    "on a mock, follows a delta link on the operation's real host at the mock (the document's examples name the " +
      "real host)",
    async () => {
      const shelf = await fakeShelf((url) => {
        const token = url.pathname === "/delta" ? Number(url.searchParams.get("token")) : 0;
        return {
          status: 200,
          body: { total: 0, value: [], comeBack: `https://api.shelf.test/delta?token=${token + 1}` },
        };
      });
      const store = openSqliteStore(join(work, "mocked-delta.sqlite"));
      try {
        const p = poller("shelf_book_delta", store, shelf.base);
        await until(() => p.outcomes.length >= 3, "three polls");
        await p.stop();
        expect(p.outcomes.slice(0, 3).every((o) => o.ok)).toBe(true);
        expect(shelf.seen.slice(1, 3)).toEqual(["/delta?token=1", "/delta?token=2"]);
      } finally {
        await store.close();
        await shelf.close();
      }
    },
  );

  it("waits longer after each upstream failure, and polls at the interval again once one succeeds", async () => {
    const shelf = await fakeShelf((_url, n) =>
      n <= 3 ? { status: 400 } : { status: 200, body: { total: 0, value: [] } },
    );
    const store = openSqliteStore(join(work, "failing.sqlite"));
    try {
      const p = poller("shelf_book_since", store, shelf.base, { intervalMs: 10 });
      await until(() => p.outcomes.length >= 5, "five polls");
      await p.stop();
      expect(p.outcomes.slice(0, 5).map((o) => (o.ok ? "ok" : o.waitMs))).toEqual([20, 40, 80, "ok", "ok"]);
      // The failures wrote nothing: the position moved once per poll that succeeded.
      expect((await store.pollPosition(positionKey(triggers.shelf_book_since as PollTriggerSpec, {}))).version).toBe(
        p.outcomes.filter((o) => o.ok).length,
      );
    } finally {
      await store.close();
      await shelf.close();
    }
  });

  it("names the operation and status of a failed poll, and waits as long as the upstream's Retry-After", async () => {
    // Two minutes: past what the runtime waits itself between attempts, so the poll fails with the upstream's wait.
    const shelf = await fakeShelf(() => ({ status: 429, headers: { "retry-after": "120" } }));
    const store = openSqliteStore(join(work, "throttled.sqlite"));
    try {
      const p = poller("shelf_book_since", store, shelf.base, { intervalMs: 10 });
      await until(() => p.outcomes.length >= 1, "the throttled poll");
      await p.stop();
      const [outcome] = p.outcomes;
      expect(outcome?.ok).toBe(false);
      expect(outcome?.waitMs).toBe(120_000);
      expect(outcome?.ok === false && outcome.message).toMatch(/^shelf_list_books: upstream 429\b/);
    } finally {
      await store.close();
      await shelf.close();
    }
  });

  it("stops at once: during a wait of an hour, and during a call the upstream never answers", async () => {
    const waiting = await fakeShelf(() => ({ status: 200, body: { total: 0, value: [] } }));
    const hanging = await fakeShelf(() => "hang");
    const store = openSqliteStore(join(work, "stopping.sqlite"));
    try {
      const idle = poller("shelf_book_since", store, waiting.base, { intervalMs: 3_600_000 });
      await until(() => idle.outcomes.length >= 1, "the first poll");
      const stuck = poller("shelf_book_delta", store, hanging.base, { intervalMs: 3_600_000 });
      await until(() => hanging.seen.length >= 1, "the hanging call");
      const started = Date.now();
      await Promise.all([idle.stop(), stuck.stop()]);
      // Well under the hour's wait and any timeout of the call: the stop did it.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(stuck.outcomes).toEqual([]);
    } finally {
      await store.close();
      await waiting.close();
      await hanging.close();
    }
  });
});
