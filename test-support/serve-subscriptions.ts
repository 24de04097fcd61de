// A trigger's subscription as the tests of src/serve/subscription.ts keep it: a fixture trigger whose provider
// subscribes, renews and deletes (with lifecycle events or without), a provider that records each call, and a
// clock that moves only when the test says; and a store of its own for each test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, beforeEach } from "vitest";
import { openSqliteStore } from "../src/serve/sqlite-store.js";
import type { TriggerStore } from "../src/serve/store.js";
import {
  type Clock,
  type KeptSubscription,
  keepSubscription,
  type StepCall,
  type SubscriptionOptions,
} from "../src/serve/subscription.js";
import { zqTrigger } from "./serve-receivers.js";

export const SECRET = "zq-subscription-secret-94be";
export const URL = "https://zq.example/triggers/zqhooks_thing_created";
export const START = Date.UTC(2026, 10, 23, 12, 0, 0);
export const MINUTE = 60_000;

/** A clock that moves only when the test says. */
export function manualClock(): Clock & { advance(ms: number): Promise<void>; pending(): number; longestWait: number } {
  let now = START;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    longestWait: 0,
    now: () => now,
    after(ms, fn) {
      this.longestWait = Math.max(this.longestWait, ms);
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
        // Let the renewal's calls and store writes finish before the next timer.
        for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

export const subscribed = (lifetimeMinutes: number): TriggerSpec => ({
  ...zqTrigger,
  subscription: {
    create: {
      operation: "zqhooks_create_hook",
      inputs: {
        url: "{{trigger.url}}",
        state: "{{trigger.secret}}",
        until: "{{trigger.expiresAt}}",
        kind: "thing.created",
      },
    },
    renew: {
      operation: "zqhooks_renew_hook",
      inputs: { hookId: "{{subscription.id}}", until: "{{trigger.expiresAt}}" },
    },
    delete: { operation: "zqhooks_delete_hook", inputs: { hookId: "{{subscription.id}}" } },
    idOutput: "metadata.id",
    lifetimeMinutes,
  },
});

/**
 * The provider: records each call; a renewal fails while `failRenewals` is above zero; each subscription made is
 * hook-1, hook-2, …
 */
export function provider() {
  const calls: { operation: string; inputs: Record<string, unknown> }[] = [];
  const state = { failRenewals: 0, made: 0 };
  const call: StepCall = async (operation, inputs) => {
    calls.push({ operation, inputs });
    if (operation === "zqhooks_renew_hook" && state.failRenewals-- > 0)
      return { ok: false, message: `503 from the provider (state ${SECRET} not shown)` };
    if (operation !== "zqhooks_create_hook") return { ok: true, outputs: {} };
    const id = `hook-${++state.made}`;
    return { ok: true, outputs: { data: { id }, metadata: { id } } };
  };
  return { calls, call, state };
}

/** A trigger whose provider sends lifecycle events about its subscription, to the address the create step passes. */
export const withLifecycle = (lifetimeMinutes: number): TriggerSpec => {
  const t = subscribed(lifetimeMinutes);
  const s = t.subscription as NonNullable<TriggerSpec["subscription"]>;
  return {
    ...t,
    subscription: {
      ...s,
      create: { ...s.create, inputs: { ...s.create.inputs, lifecycle: "{{trigger.lifecycleUrl}}" } },
      lifecycle: {
        items: ["value"],
        event: ["lifecycleEvent"],
        subscription: ["subscriptionId"],
        actions: { reauthorizationRequired: "renew", subscriptionRemoved: "recreate", missed: "log" },
      },
    },
  };
};
export const LIFECYCLE_URL = `${URL}/lifecycle`;

/**
 * A SQLite store of its own for each test of the file that calls this (`current`), opened before the test in a
 * temporary folder the file's tests share, closed after it; the folder removed after the file.
 */
export function storePerTest(): {
  readonly current: TriggerStore;
  /** keepSubscription at the fixtures' URL with SECRET, on the test's store unless `options` give another. */
  keep(
    options: Omit<SubscriptionOptions, "url" | "secret" | "store"> & { store?: TriggerStore },
  ): Promise<KeptSubscription>;
} {
  const dir = mkdtempSync(join(tmpdir(), "blockwright-subscription-"));
  let store: TriggerStore | undefined;
  let n = 0;
  beforeEach(async () => {
    await store?.close();
    store = openSqliteStore(join(dir, `serve-${n++}.sqlite`));
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get current(): TriggerStore {
      if (!store) throw new Error("storePerTest: the store is opened before each test, not at the file's top level");
      return store;
    },
    keep(options) {
      return keepSubscription({ url: URL, secret: SECRET, store: this.current, ...options });
    },
  };
}
