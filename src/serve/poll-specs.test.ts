// Every poll trigger of specs/, polled by serve's poller on the SQLite store
// against a loopback upstream made from its IR (src/contract/kinds/poll-upstream.ts):
// nothing here names a provider, an operation or a field. A trigger by delta
// link that runs created items only runs once per new item, across a restart
// (the store closed and opened again), over a round of several pages, with no
// duplicate and no gap, and never for a changed or removed item. A trigger by
// a growing time runs two items of the same second on either side of a poll
// once each, and one of a later second after a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PollTriggerSpec, ToolSpec } from "@blockwright/runtime/internal";
import type { TriggerBlock } from "@blockwright/runtime/workflow";
import { afterAll, describe, expect, it } from "vitest";
import { fakeUpstream } from "../contract/kinds/poll-upstream.js";
import { PROVIDER_IDS, ROOT, SPECS_DIR } from "../../test-support/repo.js";
import { loadProvider } from "../emit/link-provider.js";
import { pollCall } from "./poll-call.js";
import { type PollOutcome, type PollerOptions, startPoller } from "./poller.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { TriggerStore } from "./store.js";
import { until } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poll-specs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SECRET = "zq-poll-secret-7c1e";
const irs = await Promise.all(PROVIDER_IDS.map((id) => loadProvider(ROOT, join(SPECS_DIR, id))));
const triggers: PollTriggerSpec[] = irs.flatMap((ir) => ir.pollTriggers ?? []);
const tools: Record<string, ToolSpec> = Object.fromEntries(
  irs.flatMap((ir) => ir.operations.map((op) => [op.tool.id, op.tool])),
);

/** The trigger's parameters: each required one at its example, placeholder or default. */
function paramsOf(trigger: PollTriggerSpec): Record<string, unknown> {
  return Object.fromEntries(
    trigger.params
      .filter((p) => p.required || p.default !== undefined)
      .map((p) => [p.name, p.example ?? p.placeholder ?? p.default]),
  );
}

/**
 * The trigger block: the credential from the environment, every other required connection input at a value it takes.
 */
function blockOf(trigger: PollTriggerSpec, tool: ToolSpec, base: string): TriggerBlock {
  const inputs: Record<string, unknown> = { trigger: trigger.id, [tool.auth.param]: "{{ZQ_POLL_TOKEN}}" };
  for (const p of tool.params) {
    if (!p.required || p.name in trigger.inputs || p.name in inputs) continue;
    inputs[p.name] = p.name === tool.server.param ? base : (p.example ?? p.placeholder ?? p.default);
  }
  return { type: trigger.provider, name: "Start", inputs } as unknown as TriggerBlock;
}

function poller(trigger: PollTriggerSpec, store: TriggerStore, base: string, options: Partial<PollerOptions> = {}) {
  const tool = tools[trigger.operation] as ToolSpec;
  const outcomes: PollOutcome[] = [];
  const logs: string[] = [];
  const call = pollCall({
    registry: { tools, blocks: {} },
    trigger,
    block: blockOf(trigger, tool, base),
    env: { ZQ_POLL_TOKEN: SECRET },
    baseUrl: base,
  });
  const running = startPoller({
    trigger,
    params: paramsOf(trigger),
    store,
    call,
    intervalMs: 5,
    backfill: false,
    horizonMs: 3_600_000,
    accepted: () => undefined,
    log: (line) => logs.push(line),
    polled: (o) => outcomes.push(o),
    ...options,
  });
  return { outcomes, logs, stop: () => running.stop() };
}

/** The events the trigger's runs are of, sorted (a duplicate shows twice). */
const runsOf = async (store: TriggerStore, trigger: string) =>
  (await store.runs())
    .filter((r) => r.trigger === trigger)
    .map((r) => r.event)
    .sort();

const created = triggers.filter((t) => t.position.kind === "delta" && t.position.created);
const timed = triggers.filter((t) => t.position.kind === "since" && t.position.type === "date-time");

describe("every poll trigger of specs/ by a delta link, of created items", () => {
  for (const trigger of created)
    it(
      `${trigger.id} runs once per item created between polls, across a restart and a round of two pages, ` +
        `never for one changed or removed`,
      async () => {
        const spec = trigger.position as Extract<PollTriggerSpec["position"], { kind: "delta" }>;
        const upstream = await fakeUpstream(trigger, tools[trigger.operation] as ToolSpec);
        const before = [upstream.add("zqold1"), upstream.add("zqold2"), upstream.add("zqold3")];
        const file = join(work, `${trigger.id}-delta.sqlite`);
        try {
          let store = openSqliteStore(file);
          const first = poller(trigger, store, upstream.base);
          await until(() => first.outcomes.length >= 1, "the first round");
          const a = upstream.add("zqnew1");
          upstream.change(before[0] as string);
          const b = upstream.add("zqnew2");
          await until(() => first.outcomes.length >= 4, "three polls after the first");
          await first.stop();
          expect(await runsOf(store, trigger.id)).toEqual([a, b].sort());
          await store.close();
          // Between the runs of serve: one created, one removed, one changed.
          const c = upstream.add("zqnew3");
          upstream.change(before[1] as string, true);
          upstream.change(a);
          store = openSqliteStore(file);
          const second = poller(trigger, store, upstream.base);
          await until(() => second.outcomes.length >= 2, "two polls after the restart");
          const d = upstream.add("zqnew4");
          await until(() => second.outcomes.length >= 5, "three more polls");
          await second.stop();
          expect(await runsOf(store, trigger.id)).toEqual([a, b, c, d].sort());
          expect(first.outcomes.concat(second.outcomes).every((o) => o.ok)).toBe(true);
          // The operation's own address for the first round, then only the addresses the upstream gave.
          expect(upstream.seen.slice(1).every((s) => s.startsWith("/zqround?") || s.startsWith("/zqdelta?"))).toBe(
            true,
          );
          if (spec.next) expect(upstream.seen[1]).toBe("/zqround?zqpage=2");
          expect(first.logs.concat(second.logs).join("\n")).not.toContain(SECRET);
          await store.close();
        } finally {
          await upstream.close();
        }
      },
    );
});

describe("every poll trigger of specs/ by a growing time", () => {
  for (const trigger of timed)
    it(
      `${trigger.id} runs two items of one second on either side of a poll once each, ` +
        `and a later one after a restart; none from before the start`,
      async () => {
        const start = Date.parse("2031-03-04T05:06:07.250Z");
        let tick = 0;
        const clock = () => start + tick++;
        const upstream = await fakeUpstream(trigger, tools[trigger.operation] as ToolSpec);
        upstream.add("zqbefore", start - 3_600_000);
        const file = join(work, `${trigger.id}-since.sqlite`);
        try {
          let store = openSqliteStore(file);
          // The ids of items run are forgotten at once: the position alone holds the boundary.
          const first = poller(trigger, store, upstream.base, { now: clock, horizonMs: 1 });
          await until(() => first.outcomes.length >= 1, "the first poll");
          // A at second S + .1; once a poll has found it, B at the same second.
          const second = Math.floor(start / 1000) * 1000 + 5_000;
          const a = upstream.add("zqa", second + 100);
          const seenA = first.outcomes.length;
          await until(() => first.outcomes.length >= seenA + 2, "a poll finding A");
          const b = upstream.add("zqb", second + 100);
          const seenB = first.outcomes.length;
          await until(() => first.outcomes.length >= seenB + 3, "polls finding A and B");
          await first.stop();
          expect(await runsOf(store, trigger.id)).toEqual([a, b].sort());
          await store.close();
          const c = upstream.add("zqc", second + 1_000);
          store = openSqliteStore(file);
          const after = poller(trigger, store, upstream.base, { now: () => clock() + 60_000, horizonMs: 1 });
          await until(() => after.outcomes.length >= 3, "three polls after the restart");
          await after.stop();
          expect(await runsOf(store, trigger.id)).toEqual([a, b, c].sort());
          expect(first.outcomes.concat(after.outcomes).every((o) => o.ok)).toBe(true);
          // The time asked for is the second last seen, never later (a later one would lose B).
          expect(upstream.seen.at(-1)).toContain(new Date(second + 1_000).toISOString().slice(0, 19));
          expect(first.logs.concat(after.logs).join("\n")).not.toContain(SECRET);
          await store.close();
        } finally {
          await upstream.close();
        }
      },
    );
});
