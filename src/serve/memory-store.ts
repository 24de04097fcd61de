// The store in memory: the receiver's deduplication and records without a
// file, for the contract suite's trigger cases (a receiver that lives for one
// case). Nothing survives the process: serve itself never uses it.
import { randomUUID } from "node:crypto";
import type { BlockResult } from "@blockwright/runtime/workflow";
import {
  eventKey,
  type PollPosition,
  type RunRecord,
  type StoredRun,
  type SubscriptionRecord,
  type TriggerStore,
} from "./store.js";

export function memoryStore(): TriggerStore {
  const seen = new Map<string, number>();
  const runs = new Map<string, StoredRun>();
  const subscriptions = new Map<string, SubscriptionRecord>();
  const positions = new Map<string, { position: PollPosition; version: number }>();
  const known = new Map<string, Set<string>>();
  const store: TriggerStore = {
    shared: false,
    async accept(d, horizonMs) {
      for (const [key, at] of seen) if (at < d.receivedAt - horizonMs) seen.delete(key);
      return d.events.map((e) => {
        const key = `${d.trigger}:${eventKey(e.id)}`;
        if (seen.has(key)) return false;
        seen.set(key, d.receivedAt);
        const id = randomUUID();
        runs.set(id, {
          id,
          trigger: d.trigger,
          event: e.id,
          status: "queued",
          attempts: 0,
          replays: 0,
          nextAt: d.receivedAt,
          createdAt: d.receivedAt,
          outputs: e.outputs,
          journal: {},
        });
        return true;
      });
    },
    async take(limit, nowMs, trigger) {
      const due = queuedOf(runs, trigger, nowMs).slice(0, limit);
      for (const r of due) Object.assign(r, { status: "running", attempts: r.attempts + 1 });
      return due.map((r) => ({ ...r, journal: { ...r.journal } }));
    },
    async journal(runId, block: BlockResult) {
      const r = runs.get(runId);
      if (r) r.journal[block.id] = block;
    },
    async settle(runId, outcome, nowMs) {
      const r = runs.get(runId);
      if (!r) return;
      Object.assign(r, {
        status: outcome.status,
        nextAt: outcome.nextAt ?? nowMs,
        attempts: r.attempts - (outcome.undoAttempt ? 1 : 0),
      });
      if (outcome.error !== undefined) r.error = outcome.error;
      if (outcome.status !== "queued") r.finishedAt = nowMs;
    },
    async nextDue(trigger) {
      const due = queuedOf(runs, trigger).map((r) => r.nextAt);
      return due.length ? Math.min(...due) : undefined;
    },
    async runs(status) {
      return [...runs.values()].filter((r) => !status || r.status === status).map(runRecord);
    },
    async replay(idOrEvent, nowMs) {
      const again = [...runs.values()].filter(
        (r) => (r.id === idOrEvent || r.event === idOrEvent) && (r.status === "failed" || r.status === "dead"),
      );
      for (const r of again) Object.assign(r, { status: "queued", attempts: 0, replays: r.replays + 1, nextAt: nowMs });
      return again.map(runRecord);
    },
    async saveSubscription(s) {
      subscriptions.set(s.trigger, s);
    },
    async subscriptions() {
      return [...subscriptions.values()];
    },
    async deleteSubscription(trigger) {
      subscriptions.delete(trigger);
    },
    async pollPosition(key) {
      const p = positions.get(key);
      return p ? { position: structuredClone(p.position), version: p.version } : { version: 0 };
    },
    async knownItems(key, ids) {
      return new Set(ids.filter((id) => known.get(key)?.has(id)));
    },
    async advancePoll(p, horizonMs) {
      if ((positions.get(p.key)?.version ?? 0) !== p.version) return undefined;
      const fresh = p.events.length
        ? await store.accept(
            { trigger: p.trigger, receivedAt: p.polledAt, headers: {}, body: new Uint8Array(), events: p.events },
            horizonMs,
          )
        : [];
      const ids = known.get(p.key) ?? new Set<string>();
      for (const id of p.known?.add ?? []) ids.add(id);
      for (const id of p.known?.remove ?? []) ids.delete(id);
      known.set(p.key, ids);
      positions.set(p.key, { position: structuredClone(p.position), version: p.version + 1 });
      return fresh;
    },
    async close() {},
  };
  return store;
}

/** The queued runs (of `trigger` when given; due by `nowMs` when given). */
function queuedOf(runs: Map<string, StoredRun>, trigger: string | undefined, nowMs = Infinity): StoredRun[] {
  return [...runs.values()].filter(
    (r) => r.status === "queued" && r.nextAt <= nowMs && (trigger === undefined || r.trigger === trigger),
  );
}

/** A run as `runs` lists it: its times as ISO text, its blocks' statuses. */
function runRecord(r: StoredRun): RunRecord {
  return {
    id: r.id,
    trigger: r.trigger,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    createdAt: new Date(r.createdAt).toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : "",
    error: r.error ?? "",
    blocks: Object.values(r.journal).map((b) => ({ id: b.id, status: b.status })),
  };
}
