// Several serves on one Postgres polling the same trigger (each its own pool,
// as each its own process): one polls at a time, the others wait; when the
// poller stops, another takes over from the position it left, and each new
// item runs once. On a real Postgres (test-support/shared-postgres.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import type { TriggerBlock } from "@blockwright/runtime/workflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { loadProvider } from "../emit/link-provider.js";
import { pollCall } from "./poll-call.js";
import { type PollOutcome, startPoller } from "./poller.js";
import { openPostgresStore } from "./postgres-store.js";
import type { TriggerStore } from "./store.js";
import { until } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const TRIGGER = "shelf_zqpg_listed";
let postgres: PostgresServer;
let trigger: PollTriggerSpec;
let tools: Record<string, ToolSpec>;
const work = mkdtempSync(join(runScratch(), "blockwright-pg-poll-"));
beforeAll(async () => {
  postgres = await sharedPostgres();
  const root = join(work, "project");
  const ir = await loadProvider(
    root,
    shelfCopy(root, [
      {
        find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
        replace:
          '      title: { from: "$event#/book/title", description: Its title., required: false }\n' +
          `  ${TRIGGER}:\n    title: Book listed\n    description: Polled by id.\n    eventId: ` +
          `["$event#/id"]\n    outputs:\n      bookId: { from: "$event#/id", description: The book's id. }\n` +
          "    poll:\n      operation: shelf_list_books\n      items: data\n      ids: { order: oldestFirst }\n",
      },
    ]),
  );
  trigger = (ir.pollTriggers ?? []).find((t) => t.id === TRIGGER) as PollTriggerSpec;
  tools = Object.fromEntries(ir.operations.map((op) => [op.tool.id, op.tool]));
});
afterAll(async () => {
  await postgres?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("serves sharing a Postgres store", () => {
  it("poll a trigger one at a time, and another takes over, from where it stood, when the poller stops", async () => {
    const books = [{ id: "zqpg-1", title: "One", state: "ready" }];
    const server: Server = createServer((_req, res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ total: books.length, value: books })),
    );
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const block = {
      type: "shelf",
      name: "Start",
      inputs: { trigger: TRIGGER, apiKey: "{{ZQ_SHELF_KEY}}", shelfId: "s-1" },
    } as unknown as TriggerBlock;
    const serves: { store: TriggerStore; calls: number; outcomes: PollOutcome[]; stop(): Promise<void> }[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const store = await openPostgresStore(postgres.url());
        const call = pollCall({
          registry: { tools, blocks: {} },
          trigger,
          block,
          env: { ZQ_SHELF_KEY: "zq-key-1" },
          baseUrl: base,
        });
        const serve = { store, calls: 0, outcomes: [] as PollOutcome[], stop: async (): Promise<void> => undefined };
        const poller = startPoller({
          trigger,
          params: {},
          store,
          call: (...args) => {
            serve.calls++;
            return call(...args);
          },
          intervalMs: 20,
          backfill: false,
          horizonMs: 3_600_000,
          accepted: () => undefined,
          log: () => undefined,
          polled: (o) => serve.outcomes.push(o),
        });
        serve.stop = () => poller.stop();
        serves.push(serve);
      }
      const total = () => serves.reduce((n, s) => n + s.calls, 0);
      await until(() => total() >= 15, "fifteen polls");
      books.push({ id: "zqpg-2", title: "Two", state: "ready" });
      await until(() => total() >= 30, "fifteen more");
      // One serve made every call; the others made none.
      const polling = serves.filter((s) => s.calls > 0);
      expect(polling).toHaveLength(1);
      const first = polling[0] as (typeof serves)[number];
      expect(first.outcomes.every((o) => o.ok && !o.moved)).toBe(true);
      await first.stop();
      await first.store.close();
      serves.splice(serves.indexOf(first), 1);
      books.push({ id: "zqpg-3", title: "Three", state: "ready" });
      const runs = async () =>
        (await (serves[0] as (typeof serves)[number]).store.runs())
          .filter((r) => r.trigger === TRIGGER)
          .map((r) => r.event)
          .sort();
      await until(async () => (await runs()).length >= 2, "the item added after the poller stopped run");
      const taking = serves.filter((s) => s.calls > 0);
      expect(taking).toHaveLength(1);
      await until(() => (taking[0]?.calls ?? 0) >= 10, "ten polls of the new poller");
      // The first poll's item is the position; each later item ran once, none twice.
      expect(await runs()).toEqual(["zqpg-2", "zqpg-3"]);
      expect(serves.filter((s) => s.calls > 0)).toHaveLength(1);
    } finally {
      for (const s of serves) {
        await s.stop();
        await s.store.close();
      }
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
