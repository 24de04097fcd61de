// `serve` polling a poll trigger: at each turn the position is read from the
// store, the list operation called from it (poll-call.ts), the new items told
// apart (poll-position.ts), and the position moved with a queued run per new
// item in one transaction of the store (advancePoll) before any run is told
// to start: persist, then act, as a delivery is kept before it is answered.
// A restart reads the same position, so nothing is run twice or skipped.
// An upstream failure waits longer each time (doubled, at most an hour), and
// at least as long as the upstream asked (Retry-After); a
// poll's requests take their turn at the provider's documented rate; the
// stop signal ends a wait or a call under way at once. Where serves share a
// store (Postgres), one polls a trigger at a time (the store's pollHold).
import { createHash } from "node:crypto";
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import { parseTemplate } from "@blockwright/runtime/workflow";
import { canonical } from "../common/canonical-json.js";
import { type PollAnswer, type PollCall, POLL_MAX_PAGES } from "./poll-call.js";
import { itemIds, type Polled, selectNew, sinceText, startPosition } from "./poll-position.js";
import type { PollHold, PollPosition, TriggerStore } from "./store.js";

/** The longest wait after failures. */
const MAX_BACKOFF_MS = 3_600_000;
/** Lines of items left out remembered, so that each is said once (then they are said again, the memory bounded). */
const MAX_TOLD = 1_000;

export interface PollerOptions {
  trigger: PollTriggerSpec;
  /** The trigger's own parameters, as the trigger block sets them (its defaults filled). */
  params: Record<string, unknown>;
  store: TriggerStore;
  call: PollCall;
  intervalMs: number;
  /** Whether the items found by the first poll start runs (otherwise they are the position). */
  backfill: boolean;
  /** How long the ids of items run are remembered (the trigger's dedupeHours). */
  horizonMs: number;
  /** The provider's documented rate: a poll's requests take that many turns of the minute. */
  requestsPerMinute?: number;
  /** Runs were queued: start them. */
  accepted(): void;
  log(line: string): void;
  /** Each poll's outcome (tests wait on it). */
  polled?(outcome: PollOutcome): void;
  now?: () => number;
}

/**
 * A poll's outcome: the runs it started, whether another poller moved first, its requests and the wait before the next.
 */
export type PollOutcome =
  | { ok: true; runs: number; moved: boolean; requests: number; waitMs: number }
  | { ok: false; message: string; waitMs: number };

export interface Poller {
  /**
   * Ends a wait or a call under way, and resolves once the loop is over (nothing half written: a poll is one
   * transaction).
   */
  stop(): Promise<void>;
}

/**
 * Where a trigger's position is kept: the trigger and what its parameters select (two shelves polled are two
 * positions).
 */
export function positionKey(trigger: PollTriggerSpec, params: Record<string, unknown>): string {
  return `${trigger.id}:${createHash("sha256").update(canonical(params)).digest("hex").slice(0, 32)}`;
}

/**
 * The operation's inputs of a poll: each template filled from the position and the trigger's parameters (a value that
 * is one template keeps its type).
 */
export function pollInputs(
  trigger: PollTriggerSpec,
  params: Record<string, unknown>,
  since: string,
): Record<string, unknown> {
  const fill = (value: unknown): unknown => {
    if (typeof value !== "string" || !value.includes("{{")) return value;
    const parts = parseTemplate(value);
    const filled = (text: string) => (text === "poll.since" ? since : params[text.slice("inputs.".length)]);
    const only = parts.length === 1 ? parts[0] : undefined;
    if (only && typeof only === "object") return filled(only.text);
    return parts.map((p) => (typeof p === "string" ? p : String(filled(p.text) ?? ""))).join("");
  };
  return Object.fromEntries(Object.entries(trigger.inputs).map(([name, value]) => [name, fill(value)]));
}

export function startPoller(o: PollerOptions): Poller {
  const stopping = new AbortController();
  const now = o.now ?? Date.now;
  const key = positionKey(o.trigger, o.params);
  const turnMs = o.requestsPerMinute ? 60_000 / o.requestsPerMinute : 0;
  let failures = 0;
  // An item left out is listed again at each poll (its time is past the position): it is said once.
  const said = sayOnce(o.log);
  let rest: (() => Promise<PollAnswer>) | undefined;

  const pollOnce = async (): Promise<{ waitMs: number }> => {
    const { position, version } = await o.store.pollPosition(key);
    const from = position ?? startPosition(o.trigger, now(), o.backfill);
    const polledAt = now();
    // The round's next part when the last was cut short (a round is never left half read for a fresh one).
    const going = rest;
    rest = undefined;
    const answer = going ? await going() : await roundCall(o, from, stopping.signal);
    const paced = Math.max(o.intervalMs, answer.requests * turnMs);
    if (!answer.ok) {
      failures++;
      const waitMs = Math.min(
        MAX_BACKOFF_MS,
        Math.max(paced, o.intervalMs * 2 ** Math.min(failures, 20), answer.retryAfterMs ?? 0),
      );
      if (!stopping.signal.aborted) {
        o.log(
          `serve: ${o.trigger.id}: the poll failed (${answer.message}); the next in ${Math.round(waitMs / 1000)} s`,
        );
        o.polled?.({ ok: false, message: answer.message, waitMs });
      }
      return { waitMs };
    }
    failures = 0;
    const fresh = await advance({ ...o, said }, { key, version, polledAt }, from, answer.polled);
    // Undefined: another poller moved the position first; its result stands, this one is dropped.
    const runs = fresh?.filter(Boolean).length ?? 0;
    // Said once, so that one watching knows from when on an item runs.
    if (position === undefined && fresh !== undefined && !o.backfill)
      o.log(
        `serve: ${o.trigger.id}: the first poll took the position (${answer.polled.items.length} ` +
          `item${answer.polled.items.length === 1 ? "" : "s"} there, not run: --backfill runs them); ` +
          `each new item runs from now on`,
      );
    if (runs) o.accepted();
    if (fresh !== undefined && !answer.polled.complete) rest = answer.more;
    // A round cut short goes on at once (its next page), within the rate.
    const more =
      rest !== undefined ||
      (o.trigger.position.kind === "delta" && !answer.polled.complete && answer.polled.next !== undefined);
    const waitMs = more ? answer.requests * turnMs : paced;
    o.polled?.({ ok: true, runs, moved: fresh === undefined, requests: answer.requests, waitMs });
    return { waitMs };
  };

  const turn = pollerTurn(o, key);
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let waitMs = o.intervalMs;
      try {
        if (await turn.taken()) ({ waitMs } = await pollOnce());
        else rest = undefined;
      } catch (e) {
        rest = undefined;
        if (stopping.signal.aborted) break;
        // The store failed (a lost connection): nothing was written, the same poll is made again later,
        // the hold taken again on a new connection.
        await turn.drop();
        failures++;
        waitMs = Math.min(MAX_BACKOFF_MS, o.intervalMs * 2 ** Math.min(failures, 20));
        o.log(
          `serve: ${o.trigger.id}: the poll could not be kept (${(e as Error).message}); ` +
            `the next in ${Math.round(waitMs / 1000)} s`,
        );
        o.polled?.({ ok: false, message: (e as Error).message, waitMs });
      }
      await sleep(waitMs, stopping.signal);
    }
    await turn.drop();
  })();

  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

/** A round's first call, from the position: its link, and by ids the ids to read the pages back to (a paged list). */
function roundCall(o: PollerOptions, from: PollPosition, signal: AbortSignal): Promise<PollAnswer> {
  const seen = from.primed ? new Set(from.ids) : undefined;
  return o.call(pollInputs(o.trigger, o.params, sinceText(o.trigger, from)), from.link, signal, seen);
}

/**
 * A poll's answer taken: its new items told apart from those the position (and the known ids) account for, then the
 * position moved with a queued run per new item, in one transaction; undefined when another poller moved it first.
 */
async function advance(
  o: PollerOptions & { said(line: string): void },
  at: { key: string; version: number; polledAt: number },
  from: PollPosition,
  polled: Polled,
): Promise<boolean[] | undefined> {
  const created = o.trigger.position.kind === "delta" && o.trigger.position.created;
  const known = created ? await o.store.knownItems(at.key, itemIds(o.trigger, polled.items)) : undefined;
  const selected = selectNew(o.trigger, from, polled, { backfill: o.backfill, ...(known ? { known } : {}) });
  for (const why of selected.skipped) o.said(`serve: ${o.trigger.id}: left out ${why}`);
  if (selected.pastPage !== undefined)
    o.log(
      `serve: ${o.trigger.id}: none of the ${selected.pastPage} items ${o.trigger.operation} listed was seen before: ` +
        "items that came since the last poll past its first page are not read and do not run (poll more often, or " +
        "ask for a larger page in the trigger's inputs)",
    );
  if (selected.newestUnread)
    o.log(
      `serve: ${o.trigger.id}: ${o.trigger.operation} lists oldest first on more pages than a poll reads ` +
        `(${POLL_MAX_PAGES}): its newest items, on the pages past them, are not read and do not run (poll a list ` +
        "sorted newest first, or by a time the items carry: since)",
    );
  return o.store.advancePoll(
    {
      trigger: o.trigger.id,
      ...at,
      position: selected.position,
      events: selected.events,
      ...(selected.known ? { known: selected.known } : {}),
    },
    o.horizonMs,
  );
}

/**
 * On a store several serves share, one of them polls the trigger at a time: the others wait, trying at each interval,
 * and one takes over when the poller stops or its connection dies. On a store of one serve, it is always its turn.
 */
function pollerTurn(o: PollerOptions, key: string) {
  let hold: PollHold | undefined;
  let standing = false;
  return {
    /** Whether this serve polls now (said when that changes). */
    async taken(): Promise<boolean> {
      if (!o.store.pollHold) return true;
      hold ??= await o.store.pollHold(key);
      const taken = await hold.take();
      if (taken === standing)
        o.log(
          taken
            ? `serve: ${o.trigger.id}: this serve polls now`
            : `serve: ${o.trigger.id}: another serve polls this trigger; this one takes over if it stops`,
        );
      standing = !taken;
      return taken;
    },
    /** Lets the hold go (taken again, on a new connection, at the next turn). */
    async drop(): Promise<void> {
      await hold?.release().catch(() => undefined);
      hold = undefined;
    },
  };
}

/** `log`, each line once (the lines remembered bounded: past that they are said again). */
function sayOnce(log: (line: string) => void): (line: string) => void {
  const told = new Set<string>();
  return (line) => {
    if (told.has(line)) return;
    if (told.size >= MAX_TOLD) told.clear();
    told.add(line);
    log(line);
  };
}

/** Resolves after `ms`, or at once when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener("abort", finish);
      done();
    }
    signal.addEventListener("abort", finish, { once: true });
  });
}
