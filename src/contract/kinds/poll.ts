// `poll`: each poll trigger of the provider, polled in-process by the poller
// `blockwright serve` runs (src/serve/poller.ts, the list operation called
// through the runtime by poll-call.ts) on a memory store, against a loopback
// upstream the case drives (poll-upstream.ts: answers made from the list
// operation's outputs and the trigger's fields, nothing of the provider
// written by hand). Items added between polls start one run each, with the
// outputs the trigger declares; by `since`, two items of the same second on
// either side of a poll run once each; a poller started again on the store
// resumes; by `delta`, the next round is asked at the link the upstream gave;
// the wait after a poll leaves the provider's requestsPerMinute its turn.
import { type ParamSpec, type PollTriggerSpec, type ToolSpec, wayParams } from "@blockwright/runtime/internal";
import type { TriggerBlock } from "@blockwright/runtime/workflow";
import { memoryStore } from "../../serve/memory-store.js";
import { pollCall } from "../../serve/poll-call.js";
import { type PollOutcome, type PollerOptions, startPoller } from "../../serve/poller.js";
import type { TriggerStore } from "../../serve/store.js";
import { check, fail, MOCK_CALL_TIME_LIMIT_MS, same } from "../call.js";
import { synthesized } from "../inputs/rule-values.js";
import type { CaseKindModule, CaseSource, ContractCase, Subject } from "../types.js";
import { type FakeUpstream, fakeUpstream } from "./poll-upstream.js";

export const pollKind: CaseKindModule = {
  doc: {
    when: "each poll trigger the provider declares (its cases are the trigger's, not an operation's)",
    cases:
      "the poller `serve` runs, in-process on a memory store, against a loopback upstream answering the list " +
      "operation as the document shapes it: items added between polls start one run each (the item's outputs " +
      "as declared), the first poll's items none; by `since`, two items of the same second on either side of a " +
      "poll run once each, the ids of items run forgotten at once (the position alone holds the boundary); a " +
      "poller started again on the store resumes with no duplicate and no gap; by `delta`, a round's next page " +
      "and then the delta link are followed, and a changed or removed item runs nothing where only created " +
      "ones run; with the provider's `requestsPerMinute`, the wait after a poll is at least its requests' turns",
  },
  applies: () => false,
  derive: () => [],
  deriveProvider: (subject) => (subject.pollTriggers ?? []).flatMap((t) => pollCases(t, subject)),
};

/** The credential the cases' trigger block takes from the environment. */
const SECRET = "zq-contract-poll-secret";

function pollCases(trigger: PollTriggerSpec, subject: Subject): ContractCase[] {
  const at = (...path: (string | number)[]): CaseSource => ({
    document: "manifest",
    path: ["triggers", trigger.id, "poll", ...path],
  });
  const made = (name: string, run: ContractCase["run"], source: CaseSource): ContractCase => ({
    id: `${trigger.id} › poll › ${name}`,
    provider: trigger.provider,
    operation: trigger.id,
    kind: "poll",
    name,
    source,
    run,
  });
  const tool = subject.tools.find((t) => t.id === trigger.operation);
  if (!tool)
    return [
      made(
        "list operation linked",
        async () => fail(`${trigger.operation} is not a linked operation of ${trigger.provider}`),
        at("operation"),
      ),
    ];
  const rig: Rig = { trigger, tool, tools: Object.fromEntries(subject.tools.map((t) => [t.id, t])), at, made };
  return [newItemsCase(rig), resumeCase(rig), ...sameSecondCases(rig), ...deltaCases(rig), ...rateCases(rig)];
}

/**
 * What every case of one poll trigger is made with: its list operation, the provider's tools, and how a case is named.
 */
interface Rig {
  trigger: PollTriggerSpec;
  tool: ToolSpec;
  tools: Record<string, ToolSpec>;
  at: (...path: (string | number)[]) => CaseSource;
  made: (name: string, run: ContractCase["run"], source: CaseSource) => ContractCase;
}

function newItemsCase({ trigger, tool, tools, at, made }: Rig): ContractCase {
  return made(
    "items added between polls start one run each, with the outputs declared",
    () =>
      withUpstream(trigger, tool, async (upstream) => {
        upstream.add("zqbefore", Date.now() - 3_600_000);
        const store = memoryStore();
        const p = poll(trigger, tool, tools, store, upstream);
        await until(() => p.outcomes.length >= 1, "the first poll");
        const added = [upstream.add("zqone"), upstream.add("zqtwo")];
        const from = p.outcomes.length;
        await until(() => p.outcomes.length >= from + 3, "three polls more");
        await p.stop();
        const runs = await runsOf(store, trigger.id);
        same(
          runs.map((r) => r.event).sort(),
          [...added].sort(),
          "the runs' items (one each, none for the item there before the first poll)",
        );
        for (const run of await store.take(runs.length, Number.MAX_SAFE_INTEGER)) {
          const metadata = (run.outputs as { metadata?: Record<string, unknown> }).metadata ?? {};
          for (const output of trigger.outputs)
            check(
              !output.required || metadata[output.name] !== undefined,
              () => `run of ${run.event}: the output ${output.name} the trigger declares is missing`,
            );
        }
        noFailure(p.outcomes);
      }),
    at(),
  );
}

function resumeCase({ trigger, tool, tools, at, made }: Rig): ContractCase {
  return made(
    "a poller started again on the store resumes: no duplicate, no gap",
    () =>
      withUpstream(trigger, tool, async (upstream) => {
        const store = memoryStore();
        const first = poll(trigger, tool, tools, store, upstream);
        await until(() => first.outcomes.length >= 1, "the first poll");
        const a = upstream.add("zqa");
        await until(() => first.outcomes.length >= 3, "two polls more");
        await first.stop();
        const b = upstream.add("zqb");
        const second = poll(trigger, tool, tools, store, upstream);
        await until(() => second.outcomes.length >= 3, "three polls after the restart");
        await second.stop();
        same(
          (await runsOf(store, trigger.id)).map((r) => r.event).sort(),
          [a, b].sort(),
          "the runs' items across the restart",
        );
        noFailure([...first.outcomes, ...second.outcomes]);
      }),
    at(),
  );
}

/** A position of kind since: two items of one second, either side of a poll. */
function sameSecondCases({ trigger, tool, tools, at, made }: Rig): ContractCase[] {
  const spec = trigger.position;
  if (spec.kind !== "since") return [];
  return [
    made(
      "two items of the same second on either side of a poll run once each",
      () =>
        withUpstream(trigger, tool, async (upstream) => {
          const store = memoryStore();
          // The poller's clock: the start, a millisecond on at each reading, so that the ids of items run are forgotten
          // at once.
          const start = Date.now();
          let tick = 0;
          const p = poll(trigger, tool, tools, store, upstream, { horizonMs: 1, now: () => start + tick++ });
          await until(() => p.outcomes.length >= 1, "the first poll");
          const second = spec.type === "date-time" ? Math.floor(start / 1000) * 1000 + 5_000 : start + 5_000;
          const a = upstream.add("zqa", second + 100);
          let from = p.outcomes.length;
          await until(() => p.outcomes.length >= from + 2, "a poll finding the first");
          const b = upstream.add("zqb", second + 100);
          from = p.outcomes.length;
          await until(() => p.outcomes.length >= from + 3, "polls finding both");
          await p.stop();
          same(
            (await runsOf(store, trigger.id)).map((r) => r.event).sort(),
            [a, b].sort(),
            "the runs' items (one each)",
          );
          noFailure(p.outcomes);
        }),
      at("since"),
    ),
  ];
}

/** A position of kind delta: the round's pages, then the delta link. */
function deltaCases({ trigger, tool, tools, at, made }: Rig): ContractCase[] {
  const spec = trigger.position;
  if (spec.kind !== "delta") return [];
  return [
    made(
      `the round's pages and the delta link are ` +
        `followed${spec.created ? "; a changed or removed item starts no run" : ""}`,
      () =>
        withUpstream(trigger, tool, async (upstream) => {
          const old = [upstream.add("zqold1"), upstream.add("zqold2")];
          const store = memoryStore();
          const p = poll(trigger, tool, tools, store, upstream);
          await until(() => p.outcomes.length >= 1, "the first round");
          const a = upstream.add("zqnew");
          upstream.change(old[0] as string);
          upstream.change(old[1] as string, true);
          const from = p.outcomes.length;
          await until(() => p.outcomes.length >= from + 2, "two rounds more");
          await p.stop();
          same(
            (await runsOf(store, trigger.id)).map((r) => r.event).sort(),
            spec.created ? [a] : [a, old[0]].sort(),
            "the runs' items",
          );
          check(
            !spec.next || upstream.seen[1] === "/zqround?zqpage=2",
            () => `the round's next page was not asked next: ${JSON.stringify(upstream.seen.slice(0, 3))}`,
          );
          const later = upstream.seen.slice(spec.next ? 2 : 1);
          check(
            later.length > 0 && later.every((s) => s.startsWith("/zqdelta?")),
            () => `a poll after the first round was not sent at the delta link: ${JSON.stringify(later.slice(0, 3))}`,
          );
          noFailure(p.outcomes);
        }),
      at("delta"),
    ),
  ];
}

/** A documented request rate: the wait after a poll gives each of its requests a turn. */
function rateCases({ trigger, tool, tools, at, made }: Rig): ContractCase[] {
  const perMinute = tool.rateLimits?.requestsPerMinute;
  if (!perMinute) return [];
  return [
    made(
      `the wait after a poll leaves each of its requests a turn at ${perMinute} requests per minute`,
      () =>
        withUpstream(trigger, tool, async (upstream) => {
          check(
            trigger.intervalSeconds * perMinute >= 60,
            () =>
              `intervalSeconds ${trigger.intervalSeconds} is shorter than one request's turn at ${perMinute} ` +
              `requests per minute`,
          );
          const p = poll(trigger, tool, tools, memoryStore(), upstream, {
            intervalMs: 1,
            requestsPerMinute: perMinute,
          });
          await until(() => p.outcomes.length >= 1, "a poll");
          await p.stop();
          const outcome = p.outcomes[0] as PollOutcome;
          if (!outcome.ok) fail(`the poll failed: ${outcome.message}`);
          check(
            outcome.waitMs >= (outcome.requests * 60_000) / perMinute,
            () =>
              `the poll made ${outcome.requests} request(s), then waited ${outcome.waitMs} ms: less than their ` +
              `turns at ${perMinute} a minute`,
          );
        }),
      at("intervalSeconds"),
    ),
  ];
}

async function withUpstream(
  trigger: PollTriggerSpec,
  tool: ToolSpec,
  work: (upstream: FakeUpstream) => Promise<void>,
): Promise<void> {
  const upstream = await fakeUpstream(trigger, tool);
  try {
    await work(upstream);
  } finally {
    await upstream.close();
  }
}

/**
 * The trigger polled against the upstream: the credential from the environment, every other input the operation
 * requires at a value it takes.
 */
function poll(
  trigger: PollTriggerSpec,
  tool: ToolSpec,
  tools: Record<string, ToolSpec>,
  store: TriggerStore,
  upstream: FakeUpstream,
  options: Partial<PollerOptions> = {},
) {
  const inputs: Record<string, unknown> = { trigger: trigger.id };
  // Every credential of the tool's first way, a combination's too (a key header sent with an id header and a token):
  // a secret from the environment, another (an id) at a value it takes. The first alone left the way incomplete.
  for (const name of wayParams(tool.auth)) {
    const p = tool.params.find((x) => x.name === name);
    inputs[name] = name === tool.auth.param || p?.secret || !p ? "{{ZQ_CONTRACT_POLL_SECRET}}" : valueFor(p);
  }
  for (const p of tool.params)
    if (p.required && !(p.name in trigger.inputs) && !(p.name in inputs))
      inputs[p.name] = p.name === tool.server.param ? upstream.base : valueFor(p);
  const block = { type: trigger.provider, name: "Start", inputs } as unknown as TriggerBlock;
  const params = Object.fromEntries(
    trigger.params
      .filter((p) => p.required || p.default !== undefined)
      .map((p) => [p.name, valueFor({ ...p, wire: { in: "auth" } })]),
  );
  const call = pollCall({
    registry: { tools, blocks: {} },
    trigger,
    block,
    env: { ZQ_CONTRACT_POLL_SECRET: SECRET },
    baseUrl: upstream.base,
  });
  const outcomes: PollOutcome[] = [];
  const running = startPoller({
    trigger,
    params,
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

/** A value a parameter takes: its example, placeholder or default, or one made from its rules. */
function valueFor(p: ParamSpec): unknown {
  return p.example ?? p.placeholder ?? p.default ?? synthesized(p)[0];
}

async function runsOf(store: TriggerStore, trigger: string) {
  return (await store.runs()).filter((r) => r.trigger === trigger);
}

function noFailure(outcomes: readonly PollOutcome[]): void {
  const failed = outcomes.find((o) => !o.ok);
  if (failed && !failed.ok) fail(`a poll failed: ${failed.message}`);
}

/** Waits, by polling, until `done` holds; the limit (as long as a call may wait for the mock) only catches a hang. */
async function until(done: () => boolean, what: string): Promise<void> {
  const limit = Date.now() + MOCK_CALL_TIME_LIMIT_MS;
  while (!done()) {
    if (Date.now() > limit) fail(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
