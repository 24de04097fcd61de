// Keeping a trigger's subscription as its provider tells of it (the rest of subscription.test.ts): lifecycle
// events that ask for a renewal, a subscription the provider removed made again, missed events logged, and
// receivers that share a store, or take over the subscription of the one before them (a restart).
import { describe, expect, it } from "vitest";
import {
  LIFECYCLE_URL,
  MINUTE,
  manualClock,
  provider,
  START,
  storePerTest,
  subscribed,
  URL,
  withLifecycle,
} from "../../test-support/serve-subscriptions.js";
import { zqTrigger } from "../../test-support/serve-receivers.js";
import type { TriggerStore } from "./store.js";

const stores = storePerTest();

describe("keepSubscription, as the provider tells of the subscription", () => {
  it(
    "passes the lifecycle address, and renews at once on a lifecycle event the trigger maps to renew, " +
      "the renewal due later moving with it",
    async () => {
      const clock = manualClock();
      const p = provider();
      const kept = await stores.keep({
        trigger: withLifecycle(60),
        lifecycleUrl: LIFECYCLE_URL,
        call: p.call,
        log: () => undefined,
        clock,
      });
      expect(p.calls[0]?.inputs).toMatchObject({ url: URL, lifecycle: LIFECYCLE_URL });
      await clock.advance(10 * MINUTE);
      await kept.lifecycle("reauthorizationRequired", "hook-1");
      const renewedUntil = new Date(START + (10 + 59) * MINUTE).toISOString();
      expect(p.calls[1]).toEqual({
        operation: "zqhooks_renew_hook",
        inputs: { hookId: "hook-1", until: renewedUntil },
      });
      expect(kept.expiresAt).toBe(renewedUntil);
      // The renewal once due at 54 minutes is now due at 10 + 54: one renewal then, not two.
      await clock.advance(54 * MINUTE - 1);
      expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook"]);
      await clock.advance(1);
      expect(p.calls.map((c) => c.operation)).toEqual([
        "zqhooks_create_hook",
        "zqhooks_renew_hook",
        "zqhooks_renew_hook",
      ]);
      await kept.stop();
      expect(clock.pending()).toBe(0);
    },
  );

  it(
    "creates the subscription again when the provider says it removed it: the new one recorded, " +
      "renewed and deleted from then on",
    async () => {
      const clock = manualClock();
      const p = provider();
      const logs: string[] = [];
      const kept = await stores.keep({
        trigger: withLifecycle(60),
        lifecycleUrl: LIFECYCLE_URL,
        call: p.call,
        log: (l) => logs.push(l),
        clock,
      });
      await clock.advance(20 * MINUTE);
      await kept.lifecycle("subscriptionRemoved", "hook-1");
      expect(kept.id).toBe("hook-2");
      expect(p.calls[1]).toMatchObject({
        operation: "zqhooks_create_hook",
        inputs: { url: URL, lifecycle: LIFECYCLE_URL, until: new Date(START + (20 + 59) * MINUTE).toISOString() },
      });
      expect(await stores.current.subscriptions()).toEqual([
        { trigger: zqTrigger.id, id: "hook-2", url: URL, expiresAt: kept.expiresAt },
      ]);
      expect(logs.at(-1)).toBe(
        `${zqTrigger.id}: subscription hook-1 was removed by the provider: subscription hook-2 created for ` +
          `${URL}, expires ${kept.expiresAt}`,
      );
      // A second notice of the same removal is about hook-1, no longer this receiver's: nothing is made.
      await kept.lifecycle("subscriptionRemoved", "hook-1");
      expect(p.calls.filter((c) => c.operation === "zqhooks_create_hook")).toHaveLength(2);
      await clock.advance(54 * MINUTE);
      expect(p.calls.at(-1)).toMatchObject({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-2" } });
      await kept.stop();
      expect(p.calls.at(-1)).toEqual({ operation: "zqhooks_delete_hook", inputs: { hookId: "hook-2" } });
    },
  );

  it(
    "on a shared store, acts on and renews the subscription " + "another receiver created again, not the removed one",
    async () => {
      const shared: TriggerStore = { ...stores.current, shared: true };
      const clock = manualClock();
      const first = provider();
      const kept = await stores.keep({
        trigger: withLifecycle(60),
        lifecycleUrl: LIFECYCLE_URL,
        store: shared,
        call: first.call,
        log: () => undefined,
        clock,
      });
      const second = provider();
      second.state.made = 1;
      const other = await stores.keep({
        trigger: withLifecycle(60),
        lifecycleUrl: LIFECYCLE_URL,
        store: shared,
        call: second.call,
        log: () => undefined,
        clock,
      });
      // The removal is delivered to the second receiver, which creates hook-2.
      await clock.advance(5 * MINUTE);
      await other.lifecycle("subscriptionRemoved", "hook-1");
      expect(other.id).toBe("hook-2");
      // The first receiver is then told about hook-2, and renews hook-2 when its renewal is due.
      await kept.lifecycle("reauthorizationRequired", "hook-2");
      expect(first.calls.at(-1)).toMatchObject({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-2" } });
      await other.stop();
      await kept.stop();
    },
  );

  it(
    "logs a missed event, one it declares no action for and one about another subscription, escaped, " +
      "and calls nothing",
    async () => {
      const clock = manualClock();
      const p = provider();
      const logs: string[] = [];
      const kept = await stores.keep({
        trigger: withLifecycle(60),
        lifecycleUrl: LIFECYCLE_URL,
        call: p.call,
        log: (l) => logs.push(l),
        clock,
      });
      await kept.lifecycle("missed", "hook-1");
      await kept.lifecycle("zqUnheardOf\u001b[2J\nforged line", "hook-1");
      await kept.lifecycle("reauthorizationRequired", "hook-other");
      expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook"]);
      expect(logs.slice(1)).toEqual([
        `${zqTrigger.id}: lifecycle event "missed" about subscription hook-1`,
        `${zqTrigger.id}: lifecycle event "zqUnheardOf\\u001b[2J\\nforged line" about subscription hook-1: ` +
          `the trigger declares no action for it`,
        `${zqTrigger.id}: lifecycle event "reauthorizationRequired" about subscription hook-other, not hook-1: ` +
          `nothing done`,
      ]);
      await kept.stop();
    },
  );

  it(
    "on a shared store, helps renew a live subscription another receiver made for the same address and leaves " +
      "its deletion to it",
    async () => {
      const shared: TriggerStore = { ...stores.current, shared: true };
      const clock = manualClock();
      const first = provider();
      const kept = await stores.keep({
        trigger: subscribed(60),
        store: shared,
        call: first.call,
        log: () => undefined,
        clock,
      });
      const second = provider();
      const logs: string[] = [];
      const other = await stores.keep({
        trigger: subscribed(60),
        store: shared,
        call: second.call,
        log: (l) => logs.push(l),
        clock,
      });
      expect(other.id).toBe("hook-1");
      expect(logs).toEqual([
        `${zqTrigger.id}: subscription hook-1 for ${URL} is kept by another receiver (until ${kept.expiresAt})`,
      ]);
      await clock.advance(54 * MINUTE);
      expect(second.calls.map((c) => c.operation)).toEqual(["zqhooks_renew_hook"]);
      await other.stop();
      expect(second.calls.map((c) => c.operation)).toEqual(["zqhooks_renew_hook"]);
      expect(await shared.subscriptions()).toHaveLength(1);
      await kept.stop();
      expect(first.calls.at(-1)?.operation).toBe("zqhooks_delete_hook");
      expect(await shared.subscriptions()).toEqual([]);
    },
  );

  it(
    "on a store of its own, takes over the live subscription it names (a restart): renewed and deleted, " +
      "none created",
    async () => {
      const clock = manualClock();
      const before = provider();
      await stores.keep({
        trigger: subscribed(60),
        call: before.call,
        log: () => undefined,
        clock,
      });
      // The receiver ended without stopping (killed): the store still names the subscription.
      await clock.advance(10 * MINUTE);
      const after = provider();
      const logs: string[] = [];
      const kept = await stores.keep({
        trigger: subscribed(60),
        call: after.call,
        log: (l) => logs.push(l),
        clock,
      });
      expect(logs[0]).toMatch(/subscription hook-1 for .* taken over from the store/);
      await clock.advance(44 * MINUTE);
      await kept.stop();
      expect(after.calls.map((c) => c.operation)).toEqual(["zqhooks_renew_hook", "zqhooks_delete_hook"]);
      expect(await stores.current.subscriptions()).toEqual([]);
    },
  );
});
