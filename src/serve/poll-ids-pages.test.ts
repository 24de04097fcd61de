// A poll by ids of a paged list that lists newest first, against a loopback upstream answering two items a page: when
// more items came since the last poll than a page holds, the poll reads the pages back to an item it saw and runs
// every new one, once; it reads no page past that item, and says nothing of a gap (there is none). A list oldest
// first has its new items on its last pages: each poll reads every page.
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
import { POLL_MAX_PAGES, type PollCall, pollCall } from "./poll-call.js";
import { type PollOutcome, startPoller } from "./poller.js";
import { openSqliteStore } from "./sqlite-store.js";

const work = mkdtempSync(join(runScratch(), "blockwright-ids-pages-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture's list pages by an address in its body; its `shelf_book_appeared` trigger polls it by ids. */
const DOCUMENT: FixtureEdit[] = [
  {
    file: "openapi.yaml",
    find: "                  total: { type: integer }\n",
    replace: "                  total: { type: integer }\n                  nextLink: { type: string }\n",
  },
  {
    find: "    description: List the books of a shelf.\n",
    replace:
      "    description: List the books of a shelf.\n    pagination:\n      style: nextUrl\n" +
      "      url: $response.body#/nextLink\n      items: [data]\n",
  },
];

let trigger: PollTriggerSpec;
let oldestFirst: PollTriggerSpec;
let tools: Record<string, ToolSpec>;
beforeAll(async () => {
  const root = join(work, "project");
  const ir = await loadProvider(root, shelfCopy(root, DOCUMENT));
  trigger = (ir.pollTriggers ?? []).find((t) => t.id === "shelf_book_appeared") as PollTriggerSpec;
  oldestFirst = { ...trigger, position: { kind: "ids", order: "oldestFirst", keep: 1000 } };
  tools = Object.fromEntries(ir.operations.map((op) => [op.tool.id, op.tool]));
});

/** Books newest first (or oldest first), two a page; each request's page number. */
async function pagedShelf(order: "newestFirst" | "oldestFirst" = "newestFirst") {
  const books: { id: string; title: string; state: string }[] = [];
  const asked: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://shelf.test");
    const page = Number(url.searchParams.get("page") ?? "1");
    asked.push(page);
    const listed = order === "newestFirst" ? [...books].reverse() : books;
    url.searchParams.set("page", String(page + 1));
    const body = {
      total: listed.length,
      value: listed.slice(2 * (page - 1), 2 * page),
      ...(2 * page < listed.length ? { nextLink: `${base}${url.pathname}${url.search}` } : {}),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const add = (...ids: string[]) => books.push(...ids.map((id) => ({ id, title: "Zq", state: "ready" })));
  return {
    base,
    add,
    asked,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * The pages asked, each poll's run from page 1 on its own: a poll already under way when the books came may ask its
 * last pages after them, so which poll read the new pages is found by where page 1 was asked, not by a count.
 */
function onePollRead(asked: number[]): string[] {
  return asked
    .join(",")
    .split(/,(?=1(?:,|$))/)
    .filter((run) => run.startsWith("1"));
}

/** The shelf listing in the trigger's order, a store, and a poller of the trigger every 5 ms; its log and outcomes. */
async function polling(polled: PollTriggerSpec, file: string) {
  const order = polled.position.kind === "ids" ? polled.position.order : "newestFirst";
  const shelf = await pagedShelf(order);
  const store = openSqliteStore(join(work, file));
  const lines: string[] = [];
  const outcomes: PollOutcome[] = [];
  const call = pollCall({
    registry: { tools, blocks: {} },
    trigger: polled,
    block: {
      type: "shelf",
      name: "Start",
      inputs: { trigger: trigger.id, apiKey: "{{ZQ_SHELF_KEY}}", shelfId: "s-1" },
    } as unknown as TriggerBlock,
    env: { ZQ_SHELF_KEY: "zq-key-1" },
    baseUrl: shelf.base,
  });
  const running = startPoller({
    ...{ trigger: polled, params: {}, store, call, intervalMs: 5, backfill: false, horizonMs: 3_600_000 },
    accepted: () => undefined,
    log: (line) => lines.push(line),
    polled: (o) => outcomes.push(o),
  });
  return { shelf, store, lines, outcomes, running };
}

describe("a poll by ids of a paged list, newest first", () => {
  it("reads the pages back to an item it saw, and runs each item added since once", async () => {
    const { shelf, store, lines, outcomes, running } = await polling(trigger, "ids-pages.sqlite");
    try {
      shelf.add("b-1", "b-2");
      await until(() => outcomes.length >= 1, "the first poll");
      // Five books between two polls: the pages [b-7, b-6], [b-5, b-4], [b-3, b-2] hold them, b-2 seen before.
      const asked = shelf.asked.length;
      shelf.add("b-3", "b-4", "b-5", "b-6", "b-7");
      // Two polls ended after the books came: the first read them, the second found nothing new.
      const polls = outcomes.length;
      await until(() => outcomes.length >= polls + 2, "two more polls");
      await running.stop();
      expect((await store.runs()).map((r) => r.event).sort()).toEqual(["b-3", "b-4", "b-5", "b-6", "b-7"]);
      expect(onePollRead(shelf.asked.slice(asked))).toContain("1,2,3");
      expect(shelf.asked).not.toContain(4);
      expect(lines.filter((line) => line.includes("was seen before"))).toEqual([]);
    } finally {
      await running.stop();
      await store.close();
      await shelf.close();
    }
  });
});

describe("a poll by ids of a paged list, oldest first", () => {
  it("reads every page, where the newest items are, and runs each item added since once", async () => {
    const { shelf, store, lines, outcomes, running } = await polling(oldestFirst, "ids-oldest-first.sqlite");
    try {
      shelf.add("b-1", "b-2", "b-3");
      await until(() => outcomes.length >= 1, "the first poll");
      // Three books past the first page: [b-1, b-2], [b-3, b-4], [b-5, b-6].
      const asked = shelf.asked.length;
      shelf.add("b-4", "b-5", "b-6");
      const polls = outcomes.length;
      await until(() => outcomes.length >= polls + 2, "two more polls");
      await running.stop();
      expect((await store.runs()).map((r) => r.event).sort()).toEqual(["b-4", "b-5", "b-6"]);
      expect(onePollRead(shelf.asked.slice(asked))).toContain("1,2,3");
      expect(lines.filter((line) => /seen before|oldest first/.test(line))).toEqual([]);
    } finally {
      await running.stop();
      await store.close();
      await shelf.close();
    }
  });
});

describe("a poll by ids of a list oldest first longer than a poll reads", () => {
  it("says its newest items, past the pages read, do not run", async () => {
    const store = openSqliteStore(join(work, "ids-oldest-unread.sqlite"));
    const lines: string[] = [];
    const outcomes: PollOutcome[] = [];
    // The list's first POLL_MAX_PAGES pages, as pollCall answers a round cut short by its page limit.
    const call: PollCall = async () => ({
      ok: true,
      polled: { items: [{ id: "b-1" }, { id: "b-2" }], complete: false },
      requests: POLL_MAX_PAGES,
    });
    const running = startPoller({
      ...{ trigger: oldestFirst, params: {}, store, call, intervalMs: 5, backfill: false, horizonMs: 3_600_000 },
      accepted: () => undefined,
      log: (line) => lines.push(line),
      polled: (o) => outcomes.push(o),
    });
    try {
      await until(() => outcomes.length >= 2, "two polls");
      await running.stop();
      expect(lines.filter((line) => line.includes("lists oldest first on more pages than a poll reads"))).toContain(
        `serve: ${trigger.id}: ${trigger.operation} lists oldest first on more pages than a poll reads ` +
          `(${POLL_MAX_PAGES}): its newest items, on the pages past them, are not read and do not run (poll a list ` +
          "sorted newest first, or by a time the items carry: since)",
      );
    } finally {
      await running.stop();
      await store.close();
    }
  });
});
