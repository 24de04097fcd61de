// Keeping a trigger's subscription with a clock the test moves: created with
// the declared inputs, renewed when 90% of its lifetime has passed (a lifetime
// longer than one timer can wait included), retried when a renewal fails,
// deleted on stopping; a second receiver behind the same address leaves it to
// the first. No test waits on real time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { zqTrigger } from "../../test-support/serve-receivers.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { TriggerStore } from "./store.js";
import { type Clock, keepSubscription, SubscriptionError, type StepCall } from "./subscription.js";

const SECRET = "zq-subscription-secret-94be";
const URL = "https://zq.example/triggers/zqhooks_thing_created";
const START = Date.UTC(2026, 10, 23, 12, 0, 0);
const MINUTE = 60_000;

/** A clock that moves only when the test says. */
function manualClock(): Clock & { advance(ms: number): Promise<void>; pending(): number; longestWait: number } {
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

const subscribed = (lifetimeMinutes: number): TriggerSpec => ({
  ...zqTrigger,
  subscription: {
    create: { operation: "zqhooks_create_hook", inputs: { url: "{{trigger.url}}", state: "{{trigger.secret}}", until: "{{trigger.expiresAt}}", kind: "thing.created" } },
    renew: { operation: "zqhooks_renew_hook", inputs: { hookId: "{{subscription.id}}", until: "{{trigger.expiresAt}}" } },
    delete: { operation: "zqhooks_delete_hook", inputs: { hookId: "{{subscription.id}}" } },
    idOutput: "metadata.id",
    lifetimeMinutes,
  },
});

/** The provider: records each call; a renewal fails while `failRenewals` is above zero; each subscription made is hook-1, hook-2, … */
function provider() {
  const calls: { operation: string; inputs: Record<string, unknown> }[] = [];
  const state = { failRenewals: 0, made: 0 };
  const call: StepCall = async (operation, inputs) => {
    calls.push({ operation, inputs });
    if (operation === "zqhooks_renew_hook" && state.failRenewals-- > 0) return { ok: false, message: `503 from the provider (state ${SECRET} not shown)` };
    if (operation !== "zqhooks_create_hook") return { ok: true, outputs: {} };
    const id = `hook-${++state.made}`;
    return { ok: true, outputs: { data: { id }, metadata: { id } } };
  };
  return { calls, call, state };
}

/** A trigger whose provider sends lifecycle events about its subscription, to the address the create step passes. */
const withLifecycle = (lifetimeMinutes: number): TriggerSpec => {
  const t = subscribed(lifetimeMinutes);
  const s = t.subscription as NonNullable<TriggerSpec["subscription"]>;
  return {
    ...t,
    subscription: {
      ...s,
      create: { ...s.create, inputs: { ...s.create.inputs, lifecycle: "{{trigger.lifecycleUrl}}" } },
      lifecycle: { items: ["value"], event: ["lifecycleEvent"], subscription: ["subscriptionId"], actions: { reauthorizationRequired: "renew", subscriptionRemoved: "recreate", missed: "log" } },
    },
  };
};
const LIFECYCLE_URL = `${URL}/lifecycle`;

const dir = mkdtempSync(join(tmpdir(), "blockwright-subscription-"));
let store: TriggerStore;
let n = 0;
beforeEach(async () => {
  await store?.close();
  store = openSqliteStore(join(dir, `serve-${n++}.sqlite`));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("keepSubscription", () => {
  it("creates the subscription with the trigger's address, secret and expiry, renews it at 90% of its lifetime, and deletes it on stopping", async () => {
    const clock = manualClock();
    const p = provider();
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call: p.call, log: (l) => logs.push(l), clock });
    // A minute short of the lifetime, so the request's own time never makes it too long.
    const expiresAt = new Date(START + 59 * MINUTE).toISOString();
    expect(kept).toMatchObject({ id: "hook-1", expiresAt });
    expect(p.calls).toEqual([{ operation: "zqhooks_create_hook", inputs: { url: URL, state: SECRET, until: expiresAt, kind: "thing.created" } }]);
    expect(await store.subscriptions()).toEqual([{ trigger: zqTrigger.id, id: "hook-1", url: URL, expiresAt }]);

    // 90% of the lifetime, counted from when it was made: not a moment before.
    await clock.advance(54 * MINUTE - 1);
    expect(p.calls).toHaveLength(1);
    await clock.advance(1);
    const renewedUntil = new Date(START + (54 + 59) * MINUTE).toISOString();
    expect(p.calls[1]).toEqual({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-1", until: renewedUntil } });
    expect((await store.subscriptions())[0]?.expiresAt).toBe(renewedUntil);
    // And again, 90% of the next lifetime on.
    await clock.advance(54 * MINUTE);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook", "zqhooks_renew_hook"]);

    await kept.stop();
    expect(p.calls.at(-1)).toEqual({ operation: "zqhooks_delete_hook", inputs: { hookId: "hook-1" } });
    expect(await store.subscriptions()).toEqual([]);
    expect(clock.pending()).toBe(0);
    expect(logs.join("\n")).toMatch(/subscription hook-1 created for .*\n.*subscription hook-1 renewed, expires .*\n.*renewed.*\n.*subscription hook-1 deleted/);
    expect(logs.join("\n")).not.toContain(SECRET);
  });

  it("waits a lifetime longer than one timer can (29 days) in turns, renewing only at 90%", async () => {
    const clock = manualClock();
    const p = provider();
    const lifetime = 41_760 * MINUTE;
    const kept = await keepSubscription({ trigger: subscribed(41_760), url: URL, secret: SECRET, store, call: p.call, log: () => undefined, clock });
    const renewAt = START + lifetime * 0.9;
    await clock.advance(renewAt - START - 1);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook"]);
    await clock.advance(1);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook"]);
    expect(clock.longestWait).toBe(2 ** 31 - 1);
    await kept.stop();
  });

  it("tries a failed renewal again before the subscription ends, and never logs the secret", async () => {
    const clock = manualClock();
    const p = provider();
    p.state.failRenewals = 2;
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(100), url: URL, secret: SECRET, store, call: p.call, log: (l) => logs.push(l), clock });
    // Renewed at 90 minutes; failed twice, tried again a tenth of the time left later (54 s, then 48.6 s).
    await clock.advance(90 * MINUTE + 54_000 + 48_600);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook", "zqhooks_renew_hook", "zqhooks_renew_hook"]);
    expect(logs.filter((l) => l.includes("renewal of subscription hook-1 failed"))).toHaveLength(2);
    expect(logs.at(-1)).toMatch(/subscription hook-1 renewed/);
    expect(logs.join("\n")).not.toContain(SECRET);
    await kept.stop();
  });

  it("takes a renewal the provider answered 2xx without the outputs its operation reads (a 204, no body) as done, keeping the expiry it asked for", async () => {
    const clock = manualClock();
    const p = provider();
    const call: StepCall = async (operation, inputs) => {
      if (operation !== "zqhooks_renew_hook") return p.call(operation, inputs);
      p.calls.push({ operation, inputs });
      return { ok: false, status: 204, code: "MISSING_OUTPUT", message: "zqhooks answered 204 without $response.body (output data): the body was empty" };
    };
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call, log: (l) => logs.push(l), clock });
    await clock.advance(54 * MINUTE);
    const asked = new Date(START + (54 + 59) * MINUTE).toISOString();
    expect(p.calls.at(-1)).toEqual({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-1", until: asked } });
    expect((await store.subscriptions())[0]?.expiresAt).toBe(asked);
    expect(logs.at(-1)).toBe(`${zqTrigger.id}: subscription hook-1 renewed, expires ${asked}`);
    // Renewed again at 90% of the new lifetime, not retried within a minute as after a failure.
    await clock.advance(54 * MINUTE - 1);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook"]);
    await clock.advance(1);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook", "zqhooks_renew_hook"]);
    await kept.stop();
  });

  it("still fails a renewal answered 2xx that the provider's body calls a failure, and a create answered without the id", async () => {
    const clock = manualClock();
    const p = provider();
    const call: StepCall = async (operation, inputs) => {
      if (operation !== "zqhooks_renew_hook") return p.call(operation, inputs);
      p.calls.push({ operation, inputs });
      return { ok: false, status: 200, code: "HOOK_EXPIRED", message: "zqhooks answered 200 with HOOK_EXPIRED" };
    };
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call, log: (l) => logs.push(l), clock });
    await clock.advance(54 * MINUTE);
    expect(logs.at(-1)).toMatch(/the renewal of subscription hook-1 failed, tried again in \d+ s: .*HOOK_EXPIRED/);
    await kept.stop();
    const bodiless: StepCall = async () => ({ ok: false, status: 204, code: "MISSING_OUTPUT", message: "zqhooks answered 204 without $response.body#/id (output metadata.id)" });
    await expect(keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call: bodiless, log: () => undefined, clock: manualClock() })).rejects.toThrow(/zqhooks_create_hook failed: zqhooks answered 204 without/);
  });

  it("passes the lifecycle address, and renews at once on a lifecycle event the trigger maps to renew, the renewal due later moving with it", async () => {
    const clock = manualClock();
    const p = provider();
    const kept = await keepSubscription({ trigger: withLifecycle(60), url: URL, lifecycleUrl: LIFECYCLE_URL, secret: SECRET, store, call: p.call, log: () => undefined, clock });
    expect(p.calls[0]?.inputs).toMatchObject({ url: URL, lifecycle: LIFECYCLE_URL });
    await clock.advance(10 * MINUTE);
    await kept.lifecycle("reauthorizationRequired", "hook-1");
    const renewedUntil = new Date(START + (10 + 59) * MINUTE).toISOString();
    expect(p.calls[1]).toEqual({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-1", until: renewedUntil } });
    expect(kept.expiresAt).toBe(renewedUntil);
    // The renewal once due at 54 minutes is now due at 10 + 54: one renewal then, not two.
    await clock.advance(54 * MINUTE - 1);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook"]);
    await clock.advance(1);
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook", "zqhooks_renew_hook"]);
    await kept.stop();
    expect(clock.pending()).toBe(0);
  });

  it("creates the subscription again when the provider says it removed it: the new one recorded, renewed and deleted from then on", async () => {
    const clock = manualClock();
    const p = provider();
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: withLifecycle(60), url: URL, lifecycleUrl: LIFECYCLE_URL, secret: SECRET, store, call: p.call, log: (l) => logs.push(l), clock });
    await clock.advance(20 * MINUTE);
    await kept.lifecycle("subscriptionRemoved", "hook-1");
    expect(kept.id).toBe("hook-2");
    expect(p.calls[1]).toMatchObject({ operation: "zqhooks_create_hook", inputs: { url: URL, lifecycle: LIFECYCLE_URL, until: new Date(START + (20 + 59) * MINUTE).toISOString() } });
    expect(await store.subscriptions()).toEqual([{ trigger: zqTrigger.id, id: "hook-2", url: URL, expiresAt: kept.expiresAt }]);
    expect(logs.at(-1)).toBe(`${zqTrigger.id}: subscription hook-1 was removed by the provider: subscription hook-2 created for ${URL}, expires ${kept.expiresAt}`);
    // A second notice of the same removal is about hook-1, no longer this receiver's: nothing is made.
    await kept.lifecycle("subscriptionRemoved", "hook-1");
    expect(p.calls.filter((c) => c.operation === "zqhooks_create_hook")).toHaveLength(2);
    await clock.advance(54 * MINUTE);
    expect(p.calls.at(-1)).toMatchObject({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-2" } });
    await kept.stop();
    expect(p.calls.at(-1)).toEqual({ operation: "zqhooks_delete_hook", inputs: { hookId: "hook-2" } });
  });

  it("on a shared store, acts on and renews the subscription another receiver created again, not the removed one", async () => {
    const shared: TriggerStore = { ...store, shared: true };
    const clock = manualClock();
    const first = provider();
    const kept = await keepSubscription({ trigger: withLifecycle(60), url: URL, lifecycleUrl: LIFECYCLE_URL, secret: SECRET, store: shared, call: first.call, log: () => undefined, clock });
    const second = provider();
    second.state.made = 1;
    const other = await keepSubscription({ trigger: withLifecycle(60), url: URL, lifecycleUrl: LIFECYCLE_URL, secret: SECRET, store: shared, call: second.call, log: () => undefined, clock });
    // The removal is delivered to the second receiver, which creates hook-2.
    await clock.advance(5 * MINUTE);
    await other.lifecycle("subscriptionRemoved", "hook-1");
    expect(other.id).toBe("hook-2");
    // The first receiver is then told about hook-2, and renews hook-2 when its renewal is due.
    await kept.lifecycle("reauthorizationRequired", "hook-2");
    expect(first.calls.at(-1)).toMatchObject({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-2" } });
    await other.stop();
    await kept.stop();
  });

  it("logs a missed event, one it declares no action for and one about another subscription, escaped, and calls nothing", async () => {
    const clock = manualClock();
    const p = provider();
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: withLifecycle(60), url: URL, lifecycleUrl: LIFECYCLE_URL, secret: SECRET, store, call: p.call, log: (l) => logs.push(l), clock });
    await kept.lifecycle("missed", "hook-1");
    await kept.lifecycle("zqUnheardOf\u001b[2J\nforged line", "hook-1");
    await kept.lifecycle("reauthorizationRequired", "hook-other");
    expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook"]);
    expect(logs.slice(1)).toEqual([
      `${zqTrigger.id}: lifecycle event "missed" about subscription hook-1`,
      `${zqTrigger.id}: lifecycle event "zqUnheardOf\\u001b[2J\\nforged line" about subscription hook-1: the trigger declares no action for it`,
      `${zqTrigger.id}: lifecycle event "reauthorizationRequired" about subscription hook-other, not hook-1: nothing done`,
    ]);
    await kept.stop();
  });

  it("on a shared store, helps renew a live subscription another receiver made for the same address and leaves its deletion to it", async () => {
    const shared: TriggerStore = { ...store, shared: true };
    const clock = manualClock();
    const first = provider();
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store: shared, call: first.call, log: () => undefined, clock });
    const second = provider();
    const logs: string[] = [];
    const other = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store: shared, call: second.call, log: (l) => logs.push(l), clock });
    expect(other.id).toBe("hook-1");
    expect(logs).toEqual([`${zqTrigger.id}: subscription hook-1 for ${URL} is kept by another receiver (until ${kept.expiresAt})`]);
    await clock.advance(54 * MINUTE);
    expect(second.calls.map((c) => c.operation)).toEqual(["zqhooks_renew_hook"]);
    await other.stop();
    expect(second.calls.map((c) => c.operation)).toEqual(["zqhooks_renew_hook"]);
    expect(await shared.subscriptions()).toHaveLength(1);
    await kept.stop();
    expect(first.calls.at(-1)?.operation).toBe("zqhooks_delete_hook");
    expect(await shared.subscriptions()).toEqual([]);
  });

  it("on a store of its own, takes over the live subscription it names (a restart): renewed and deleted, none created", async () => {
    const clock = manualClock();
    const before = provider();
    await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call: before.call, log: () => undefined, clock });
    // The receiver ended without stopping (killed): the store still names the subscription.
    await clock.advance(10 * MINUTE);
    const after = provider();
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call: after.call, log: (l) => logs.push(l), clock });
    expect(logs[0]).toMatch(/subscription hook-1 for .* taken over from the store/);
    await clock.advance(44 * MINUTE);
    await kept.stop();
    expect(after.calls.map((c) => c.operation)).toEqual(["zqhooks_renew_hook", "zqhooks_delete_hook"]);
    expect(await store.subscriptions()).toEqual([]);
  });

  it("logs a delete the provider refuses and stops all the same, the store still naming the subscription", async () => {
    const p = provider();
    const call: StepCall = async (operation, inputs) => (operation === "zqhooks_delete_hook" ? { ok: false, message: "404 Not Found" } : p.call(operation, inputs));
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call, log: (l) => logs.push(l), clock: manualClock() });
    await kept.stop();
    expect(logs.at(-1)).toBe(`${zqTrigger.id}: subscription hook-1 could not be deleted (it ends ${kept.expiresAt}): ${zqTrigger.id}: zqhooks_delete_hook failed: 404 Not Found`);
    expect((await store.subscriptions()).map((s) => s.id)).toEqual(["hook-1"]);
  });

  it("logs a subscription id the provider answers with control characters escaped, on one line", async () => {
    const forged = "hook-\u001b[2J\nzqhooks_thing_created: subscription hook-2 deleted\u202e";
    const call: StepCall = async (operation) => ({ ok: true, outputs: operation === "zqhooks_create_hook" ? { data: { id: forged }, metadata: { id: forged } } : {} });
    const logs: string[] = [];
    const kept = await keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call, log: (l) => logs.push(l), clock: manualClock() });
    await kept.stop();
    expect(logs[0]).toBe(`${zqTrigger.id}: subscription hook-\\u001b[2J\\nzqhooks_thing_created: subscription hook-2 deleted\\u202e created for ${URL}, expires ${kept.expiresAt}`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
    for (const line of logs) expect(line).not.toMatch(/[\u0000-\u001f\u202e]/);
  });

  it("says which input has no value, and what a failed creation answered", async () => {
    const p = provider();
    const timeless = { ...subscribed(60), subscription: { ...subscribed(60).subscription!, lifetimeMinutes: undefined } } as unknown as TriggerSpec;
    await expect(keepSubscription({ trigger: timeless, url: URL, secret: SECRET, store, call: p.call, log: () => undefined, clock: manualClock() })).rejects.toThrow(
      new SubscriptionError(
        `${zqTrigger.id}: the input {{trigger.expiresAt}} of zqhooks_create_hook has no value (the inputs may use {{trigger.url}}, {{trigger.secret}}, {{trigger.expiresAt}}, {{trigger.lifecycleUrl}}, {{subscription.id}}, each where it has one)`,
      ),
    );
    const refusing: StepCall = async () => ({ ok: false, message: "403 Forbidden" });

    await expect(keepSubscription({ trigger: subscribed(60), url: URL, secret: SECRET, store, call: refusing, log: () => undefined, clock: manualClock() })).rejects.toThrow(`${zqTrigger.id}: zqhooks_create_hook failed: 403 Forbidden`);
    expect(await store.subscriptions()).toEqual([]);
  });
});
