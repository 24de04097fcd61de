// A `since` poll against a loopback upstream that lists newest first, with
// more pages of new items than one round reads (its page limit): the round
// goes on where it was cut, every item runs once, and the position moves to
// the newest only once the round reached its end, so that a serve stopped
// in the middle of one (restarted on the same store) runs the older items
// too, and none twice.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import type { TriggerBlock } from "@blockwright/runtime/workflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { type FixtureEdit, shelfCopy } from "../../test-support/shelf-copy.js";
import { loadProvider } from "../emit/link-provider.js";
import { POLL_MAX_PAGES, pollCall } from "./poll-call.js";
import { type PollOutcome, startPoller } from "./poller.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { TriggerStore } from "./store.js";

const work = mkdtempSync(join(runScratch(), "blockwright-newest-first-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture's list pages by an address in its body, takes a time to list from, and has a `since` trigger. */
const DOCUMENT: FixtureEdit[] = [
  {
    file: "openapi.yaml",
    find: "        rank: { type: integer }\n",
    replace: "        rank: { type: integer }\n        addedAt: { type: string, format: date-time }\n",
  },
  {
    file: "openapi.yaml",
    find: "                  total: { type: integer }\n",
    replace: "                  total: { type: integer }\n                  nextLink: { type: string }\n",
  },
  {
    file: "openapi.yaml",
    find: "        - name: $count\n",
    replace:
      "        - name: addedSince\n          in: query\n          schema: { type: string }\n        - name: $count\n",
  },
  {
    find: "    description: List the books of a shelf.\n",
    replace:
      "    description: List the books of a shelf.\n    pagination:\n      style: nextUrl\n" +
      "      url: $response.body#/nextLink\n      items: [data]\n",
  },
  {
    find: "      top:\n        type: number\n",
    replace:
      "      addedSince:\n        type: string\n        maxLength: 40\n        description: " +
      "Books added at or after this time.\n        wire: { in: query }\n      top:\n        type: number\n",
  },
  {
    find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
    replace:
      '      title: { from: "$event#/book/title", description: Its title., required: false }\n' +
      "  shelf_book_since:\n    title: Book added (since)\n    description: " +
      'Polled by creation time.\n    eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: ' +
      '"$event#/id", description: The book\'s id. }\n' +
      "    poll:\n      operation: shelf_list_books\n      items: data\n      inputs: { addedSince: " +
      '"{{poll.since}}" }\n      since: { field: /addedAt, type: date-time }\n',
  },
];

let trigger: PollTriggerSpec;
let tools: Record<string, ToolSpec>;
beforeAll(async () => {
  const root = join(work, "project");
  const ir = await loadProvider(root, shelfCopy(root, DOCUMENT));
  trigger = (ir.pollTriggers ?? []).find((t) => t.id === "shelf_book_since") as PollTriggerSpec;
  tools = Object.fromEntries(ir.operations.map((op) => [op.tool.id, op.tool]));
});

/** Books one a page (so that a round's page limit is soon reached), newest first; `hold` keeps a page unanswered. */
async function newestFirstShelf(hold: (page: number) => boolean) {
  const books: { id: string; title: string; state: string; addedAt: string }[] = [];
  const held: ServerResponse[] = [];
  let pages = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://shelf.test");
    const since = Date.parse(url.searchParams.get("addedSince") ?? "");
    const page = Number(url.searchParams.get("page") ?? "1");
    pages++;
    if (hold(page)) return void held.push(res);
    const listed = books.filter((b) => Date.parse(b.addedAt) >= since).sort((a, b) => (a.addedAt < b.addedAt ? 1 : -1));
    url.searchParams.set("page", String(page + 1));
    const body = {
      total: listed.length,
      value: listed.slice(page - 1, page),
      ...(page < listed.length ? { nextLink: `${base}${url.pathname}${url.search}` } : {}),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    books,
    pages: () => pages,
    held: () => held.length,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function poller(store: TriggerStore, base: string, now: () => number) {
  const outcomes: PollOutcome[] = [];
  const call = pollCall({
    registry: { tools, blocks: {} },
    trigger,
    block: {
      type: "shelf",
      name: "Start",
      inputs: { trigger: trigger.id, apiKey: "{{ZQ_SHELF_KEY}}", shelfId: "s-1" },
    } as unknown as TriggerBlock,
    env: { ZQ_SHELF_KEY: "zq-key-1" },
    baseUrl: base,
  });
  const running = startPoller({
    trigger,
    params: {},
    store,
    call,
    intervalMs: 5,
    backfill: false,
    horizonMs: 3_600_000,
    accepted: () => undefined,
    log: () => undefined,
    polled: (o) => outcomes.push(o),
    now,
  });
  return { outcomes, stop: () => running.stop() };
}

const ranIds = async (store: TriggerStore) => (await store.runs()).map((r) => r.event).sort();

/** More new books than a round's pages, made a minute after the start, a second apart. */
const BOOKS = POLL_MAX_PAGES + 30;
const made = (books: { id: string; addedAt: string }[]) => {
  for (let i = 0; i < BOOKS; i++)
    books.push({
      id: `b-${String(i).padStart(3, "0")}`,
      addedAt: new Date(Date.UTC(2030, 0, 1, 0, 1, i)).toISOString(),
    });
};
const every = Array.from({ length: BOOKS }, (_, i) => `b-${String(i).padStart(3, "0")}`);

describe("a since poll of an upstream listing newest first", () => {
  it("runs every new item once when they are on more pages than a round reads", async () => {
    const shelf = await newestFirstShelf(() => false);
    const store = openSqliteStore(join(work, "whole.sqlite"));
    try {
      const p = poller(store, shelf.base, () => Date.parse("2030-01-01T00:00:00.500Z"));
      await until(() => p.outcomes.length >= 1, "the first poll");
      made(shelf.books as never);
      await until(async () => (await store.runs()).length >= BOOKS, "every book run");
      // And polls on from the newest: nothing more.
      const asked = p.outcomes.length;
      await until(() => p.outcomes.length >= asked + 3, "three more polls");
      await p.stop();
      expect(await ranIds(store)).toEqual(every);
    } finally {
      await store.close();
      await shelf.close();
    }
  });

  it("runs the older items too, and none twice, after a stop in the middle of a round", async () => {
    let holding = true;
    // The page after the first round's part is held, while the serve is stopped.
    const shelf = await newestFirstShelf((page) => holding && page === POLL_MAX_PAGES + 1);
    const file = join(work, "restart.sqlite");
    const now = () => Date.parse("2030-01-01T00:00:00.500Z");
    try {
      let store = openSqliteStore(file);
      const first = poller(store, shelf.base, now);
      await until(() => first.outcomes.length >= 1, "the first poll");
      made(shelf.books as never);
      await until(() => shelf.held() === 1, "the page after the round's part asked for");
      await first.stop();
      expect((await store.runs()).length).toBe(POLL_MAX_PAGES);
      await store.close();
      holding = false;
      store = openSqliteStore(file);
      const second = poller(store, shelf.base, now);
      await until(async () => (await store.runs()).length >= BOOKS, "every book run after the restart");
      const asked = second.outcomes.length;
      await until(() => second.outcomes.length >= asked + 3, "three more polls");
      await second.stop();
      expect(await ranIds(store)).toEqual(every);
      await store.close();
    } finally {
      await shelf.close();
    }
  });
});
