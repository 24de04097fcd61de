// Keeping a trigger's subscription with a clock the test moves: created with
// the declared inputs, renewed when 90% of its lifetime has passed (a lifetime
// longer than one timer can wait included), retried when a renewal fails,
// deleted on stopping (as the provider tells of it, with lifecycle events, or
// with receivers sharing a store: subscription-lifecycle.test.ts). No test
// waits on real time.
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import {
  MINUTE,
  manualClock,
  provider,
  SECRET,
  START,
  storePerTest,
  subscribed,
  URL,
} from "../../test-support/serve-subscriptions.js";
import { zqTrigger } from "../../test-support/serve-receivers.js";
import { SubscriptionError, type StepCall } from "./subscription.js";

const stores = storePerTest();

describe("keepSubscription", () => {
  it(
    "creates the subscription with the trigger's address, secret and expiry, renews it at 90% of its lifetime, " +
      "and deletes it on stopping",
    async () => {
      const clock = manualClock();
      const p = provider();
      const logs: string[] = [];
      const kept = await stores.keep({
        trigger: subscribed(60),
        call: p.call,
        log: (l) => logs.push(l),
        clock,
      });
      // A minute short of the lifetime, so the request's own time never makes it too long.
      const expiresAt = new Date(START + 59 * MINUTE).toISOString();
      expect(kept).toMatchObject({ id: "hook-1", expiresAt });
      expect(p.calls).toEqual([
        {
          operation: "zqhooks_create_hook",
          inputs: { url: URL, state: SECRET, until: expiresAt, kind: "thing.created" },
        },
      ]);
      expect(await stores.current.subscriptions()).toEqual([
        { trigger: zqTrigger.id, id: "hook-1", url: URL, expiresAt },
      ]);

      // 90% of the lifetime, counted from when it was made: not a moment before.
      await clock.advance(54 * MINUTE - 1);
      expect(p.calls).toHaveLength(1);
      await clock.advance(1);
      const renewedUntil = new Date(START + (54 + 59) * MINUTE).toISOString();
      expect(p.calls[1]).toEqual({
        operation: "zqhooks_renew_hook",
        inputs: { hookId: "hook-1", until: renewedUntil },
      });
      expect((await stores.current.subscriptions())[0]?.expiresAt).toBe(renewedUntil);
      // And again, 90% of the next lifetime on.
      await clock.advance(54 * MINUTE);
      expect(p.calls.map((c) => c.operation)).toEqual([
        "zqhooks_create_hook",
        "zqhooks_renew_hook",
        "zqhooks_renew_hook",
      ]);

      await kept.stop();
      expect(p.calls.at(-1)).toEqual({ operation: "zqhooks_delete_hook", inputs: { hookId: "hook-1" } });
      expect(await stores.current.subscriptions()).toEqual([]);
      expect(clock.pending()).toBe(0);
      expect(logs.join("\n")).toMatch(
        new RegExp(
          String.raw`subscription hook-1 created for .*\n.*subscription hook-1 renewed, expires .*\n.*renewed.*\n` +
            ".*subscription hook-1 deleted",
        ),
      );
      expect(logs.join("\n")).not.toContain(SECRET);
    },
  );

  it("waits a lifetime longer than one timer can (29 days) in turns, renewing only at 90%", async () => {
    const clock = manualClock();
    const p = provider();
    const lifetime = 41_760 * MINUTE;
    const kept = await stores.keep({
      trigger: subscribed(41_760),
      call: p.call,
      log: () => undefined,
      clock,
    });
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
    const kept = await stores.keep({
      trigger: subscribed(100),
      call: p.call,
      log: (l) => logs.push(l),
      clock,
    });
    // Renewed at 90 minutes; failed twice, tried again a tenth of the time left later (54 s, then 48.6 s).
    await clock.advance(90 * MINUTE + 54_000 + 48_600);
    expect(p.calls.map((c) => c.operation)).toEqual([
      "zqhooks_create_hook",
      "zqhooks_renew_hook",
      "zqhooks_renew_hook",
      "zqhooks_renew_hook",
    ]);
    expect(logs.filter((l) => l.includes("renewal of subscription hook-1 failed"))).toHaveLength(2);
    expect(logs.at(-1)).toMatch(/subscription hook-1 renewed/);
    expect(logs.join("\n")).not.toContain(SECRET);
    await kept.stop();
  });

  it(
    "takes a renewal the provider answered 2xx without the outputs its operation reads (a 204, no body) " +
      "as done, keeping the expiry it asked for",
    async () => {
      const clock = manualClock();
      const p = provider();
      const call: StepCall = async (operation, inputs) => {
        if (operation !== "zqhooks_renew_hook") return p.call(operation, inputs);
        p.calls.push({ operation, inputs });
        return {
          ok: false,
          status: 204,
          code: "MISSING_OUTPUT",
          message: "zqhooks answered 204 without $response.body (output data): the body was empty",
        };
      };
      const logs: string[] = [];
      const kept = await stores.keep({
        trigger: subscribed(60),
        call,
        log: (l) => logs.push(l),
        clock,
      });
      await clock.advance(54 * MINUTE);
      const asked = new Date(START + (54 + 59) * MINUTE).toISOString();
      expect(p.calls.at(-1)).toEqual({ operation: "zqhooks_renew_hook", inputs: { hookId: "hook-1", until: asked } });
      expect((await stores.current.subscriptions())[0]?.expiresAt).toBe(asked);
      expect(logs.at(-1)).toBe(`${zqTrigger.id}: subscription hook-1 renewed, expires ${asked}`);
      // Renewed again at 90% of the new lifetime, not retried within a minute as after a failure.
      await clock.advance(54 * MINUTE - 1);
      expect(p.calls.map((c) => c.operation)).toEqual(["zqhooks_create_hook", "zqhooks_renew_hook"]);
      await clock.advance(1);
      expect(p.calls.map((c) => c.operation)).toEqual([
        "zqhooks_create_hook",
        "zqhooks_renew_hook",
        "zqhooks_renew_hook",
      ]);
      await kept.stop();
    },
  );

  it(
    "still fails a renewal answered 2xx that the provider's body calls a failure, " +
      "and a create answered without the id",
    async () => {
      const clock = manualClock();
      const p = provider();
      const call: StepCall = async (operation, inputs) => {
        if (operation !== "zqhooks_renew_hook") return p.call(operation, inputs);
        p.calls.push({ operation, inputs });
        return { ok: false, status: 200, code: "HOOK_EXPIRED", message: "zqhooks answered 200 with HOOK_EXPIRED" };
      };
      const logs: string[] = [];
      const kept = await stores.keep({
        trigger: subscribed(60),
        call,
        log: (l) => logs.push(l),
        clock,
      });
      await clock.advance(54 * MINUTE);
      expect(logs.at(-1)).toMatch(/the renewal of subscription hook-1 failed, tried again in \d+ s: .*HOOK_EXPIRED/);
      await kept.stop();
      const bodiless: StepCall = async () => ({
        ok: false,
        status: 204,
        code: "MISSING_OUTPUT",
        message: "zqhooks answered 204 without $response.body#/id (output metadata.id)",
      });
      await expect(
        stores.keep({
          trigger: subscribed(60),
          call: bodiless,
          log: () => undefined,
          clock: manualClock(),
        }),
      ).rejects.toThrow(/zqhooks_create_hook failed: zqhooks answered 204 without/);
    },
  );

  it("logs a delete the provider refuses and stops all the same, the store still naming the subscription", async () => {
    const p = provider();
    const call: StepCall = async (operation, inputs) =>
      operation === "zqhooks_delete_hook" ? { ok: false, message: "404 Not Found" } : p.call(operation, inputs);
    const logs: string[] = [];
    const kept = await stores.keep({
      trigger: subscribed(60),
      call,
      log: (l) => logs.push(l),
      clock: manualClock(),
    });
    await kept.stop();
    expect(logs.at(-1)).toBe(
      `${zqTrigger.id}: subscription hook-1 could not be deleted (it ends ${kept.expiresAt}): ` +
        `${zqTrigger.id}: zqhooks_delete_hook failed: 404 Not Found`,
    );
    expect((await stores.current.subscriptions()).map((s) => s.id)).toEqual(["hook-1"]);
  });

  it("logs a subscription id the provider answers with control characters escaped, on one line", async () => {
    const forged = "hook-\u001b[2J\nzqhooks_thing_created: subscription hook-2 deleted\u202e";
    const call: StepCall = async (operation) => ({
      ok: true,
      outputs: operation === "zqhooks_create_hook" ? { data: { id: forged }, metadata: { id: forged } } : {},
    });
    const logs: string[] = [];
    const kept = await stores.keep({
      trigger: subscribed(60),
      call,
      log: (l) => logs.push(l),
      clock: manualClock(),
    });
    await kept.stop();
    expect(logs[0]).toBe(
      `${zqTrigger.id}: subscription hook-\\u001b[2J\\nzqhooks_thing_created: ` +
        `subscription hook-2 deleted\\u202e created for ${URL}, expires ${kept.expiresAt}`,
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
    for (const line of logs) expect(line).not.toMatch(/[\u0000-\u001f\u202e]/);
  });

  it("says which input has no value, and what a failed creation answered", async () => {
    const p = provider();
    const timeless = {
      ...subscribed(60),
      subscription: { ...subscribed(60).subscription!, lifetimeMinutes: undefined },
    } as unknown as TriggerSpec;
    await expect(
      stores.keep({
        trigger: timeless,
        call: p.call,
        log: () => undefined,
        clock: manualClock(),
      }),
    ).rejects.toThrow(
      new SubscriptionError(
        `${zqTrigger.id}: the input {{trigger.expiresAt}} of zqhooks_create_hook has no value (the inputs may ` +
          `use {{trigger.url}}, {{trigger.secret}}, {{trigger.expiresAt}}, {{trigger.lifecycleUrl}}, ` +
          `{{subscription.id}}, each where it has one)`,
      ),
    );
    const refusing: StepCall = async () => ({ ok: false, message: "403 Forbidden" });

    await expect(
      stores.keep({
        trigger: subscribed(60),
        call: refusing,
        log: () => undefined,
        clock: manualClock(),
      }),
    ).rejects.toThrow(`${zqTrigger.id}: zqhooks_create_hook failed: 403 Forbidden`);
    expect(await stores.current.subscriptions()).toEqual([]);
  });
});
