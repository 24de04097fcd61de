// The provider's subscription of a trigger, kept by `serve --public-url`: made
// at start through the provider's own operation (the steps the trigger
// declares, their inputs templates over the trigger's address, secret and
// expiry), recorded in the store, renewed when 90% of its lifetime has passed,
// and deleted on stopping. Nothing here knows a provider: each step is a call
// the caller makes (`call`), and the clock is a value a test can replace.
import { redact, type SubscriptionStep, type TriggerSpec } from "@blockwright/runtime/internal";
import { readPath, resolveValue } from "@blockwright/runtime/workflow";
import { lineText } from "../common/github-actions.js";
import type { SubscriptionRecord, TriggerStore } from "./store.js";

/** What the keeper waits with: a test gives one it moves by hand. */
export interface Clock {
  now(): number;
  /** Run `fn` after `ms`; the returned function cancels it. Must not keep the process alive. */
  after(ms: number, fn: () => void): () => void;
}

/** The real clock: timers unref'd, so a pending renewal never holds the process open. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** setTimeout's longest wait (about 24.8 days); a longer one is waited in turns. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/** When a renewal fails, the next try: a tenth of the time left, at least this. */
const RETRY_AT_LEAST_MS = 30_000;

export type StepCall = (operation: string, inputs: Record<string, unknown>) => Promise<{ ok: true; outputs: Record<string, unknown> } | { ok: false; message: string }>;

export interface SubscriptionOptions {
  trigger: TriggerSpec;
  /** The public address deliveries are sent to (the public URL and the trigger's path). */
  url: string;
  secret: string;
  store: TriggerStore;
  /** Calls one of the provider's operations with these inputs (the block's connection inputs added by the caller). */
  call: StepCall;
  log(line: string): void;
  clock?: Clock;
}

export interface KeptSubscription {
  id: string;
  expiresAt?: string;
  /** Stops renewing and deletes the subscription (when the trigger declares how). */
  stop(): Promise<void>;
}

export class SubscriptionError extends Error {}

/** Creates the subscription (or takes the live one the store holds for this address) and keeps it renewed. */
export async function keepSubscription(o: SubscriptionOptions): Promise<KeptSubscription> {
  const spec = o.trigger.subscription;
  if (!spec) throw new SubscriptionError(`${o.trigger.id} declares no subscription: the provider is told the address some other way`);
  const clock = o.clock ?? systemClock;
  // A provider's error may quote what it was sent: the secret never reaches the log. What the
  // provider answers (an id, a message) is outside text: kept on one line, controls escaped.
  const log = (line: string) => o.log(lineText(redact(line, [o.secret])));
  const lifetimeMs = spec.lifetimeMinutes ? spec.lifetimeMinutes * 60_000 : undefined;
  // A little short of the longest lifetime, so the time the request takes never makes it too long.
  const expiryFrom = (now: number) => (lifetimeMs ? new Date(now + lifetimeMs - Math.min(60_000, lifetimeMs / 10)).toISOString() : undefined);
  const inputsOf = (step: SubscriptionStep, values: { expiresAt?: string | undefined; id?: string }) =>
    resolveValue(step.inputs, (ref) => {
      const value = ref.kind === "output" && ref.path.length === 1 ? templateValue(`${ref.block}.${String(ref.path[0])}`, o, values) : undefined;
      if (value === undefined)
        throw new SubscriptionError(`${o.trigger.id}: the input {{${ref.text}}} of ${step.operation} has no value (the inputs may use {{trigger.url}}, {{trigger.secret}}, {{trigger.expiresAt}} with lifetimeMinutes, {{subscription.id}})`);
      return value;
    }) as Record<string, unknown>;
  const step = async (s: SubscriptionStep, values: { expiresAt?: string | undefined; id?: string }) => {
    const result = await o.call(s.operation, inputsOf(s, values));
    if (!result.ok) throw new SubscriptionError(`${o.trigger.id}: ${s.operation} failed: ${result.message}`);
    return result.outputs;
  };

  let record!: SubscriptionRecord;
  // A shared store (Postgres): every receiver of the trigger is a member while it lives; creating is
  // one member's at a time (one subscription however many start together), and the last member to
  // leave deletes it. A store of one receiver (SQLite): a live subscription it names is this
  // receiver's from before a restart, taken over.
  const membership = await o.store.joinSubscription?.(o.trigger.id);
  let held: SubscriptionRecord | undefined;
  let madeAt = clock.now();
  const establish = async () => {
    held = (await o.store.subscriptions()).find((s) => s.trigger === o.trigger.id && s.url === o.url && (!s.expiresAt || Date.parse(s.expiresAt) > clock.now()));
    if (held) {
      record = held;
      if (lifetimeMs && held.expiresAt) madeAt = Date.parse(held.expiresAt) - lifetimeMs;
      log(
        `${o.trigger.id}: subscription ${held.id} for ${o.url} ${membership ? "is kept with the other receivers" : o.store.shared ? "is kept by another receiver" : "taken over from the store"} (until ${held.expiresAt || "it is deleted"})`,
      );
      return;
    }
    const expiresAt = expiryFrom(clock.now());
    const outputs = await step(spec.create, { expiresAt });
    const id = readPath(outputs, spec.idOutput.split("."));
    if (typeof id !== "string" && typeof id !== "number") throw new SubscriptionError(`${o.trigger.id}: ${spec.create.operation} answered without ${spec.idOutput}, the subscription's id`);
    record = { trigger: o.trigger.id, id: String(id), url: o.url, expiresAt: expiresAt ?? "" };
    await o.store.saveSubscription(record);
    log(`${o.trigger.id}: subscription ${record.id} created for ${o.url}${expiresAt ? `, expires ${expiresAt}` : ""}`);
  };
  try {
    await (membership ? membership.exclusive(establish) : establish());
  } catch (e) {
    await membership?.leave();
    throw e;
  }
  const owned = !held || !o.store.shared;

  let cancel: (() => void) | undefined;
  let stopped = false;
  let renewing: Promise<void> | undefined;
  const waitUntil = (at: number, fn: () => void) => {
    const wait = at - clock.now();
    cancel = wait > LONGEST_WAIT_MS ? clock.after(LONGEST_WAIT_MS, () => waitUntil(at, fn)) : clock.after(Math.max(0, wait), fn);
  };
  const scheduleRenewal = () => {
    if (!lifetimeMs || !spec.renew || stopped) return;
    waitUntil(madeAt + lifetimeMs * 0.9, () => {
      renewing = renew().finally(() => {
        renewing = undefined;
      });
    });
  };
  const renew = async () => {
    if (stopped || !spec.renew) return;
    const now = clock.now();
    const expiresAt = expiryFrom(now);
    try {
      await step(spec.renew, { expiresAt, id: record.id });
      madeAt = now;
      record = { ...record, expiresAt: expiresAt ?? "" };
      await o.store.saveSubscription(record);
      log(`${o.trigger.id}: subscription ${record.id} renewed, expires ${expiresAt}`);
      scheduleRenewal();
    } catch (e) {
      const left = Date.parse(record.expiresAt) - clock.now();
      const retryIn = Math.max(RETRY_AT_LEAST_MS, left / 10);
      log(`${o.trigger.id}: the renewal of subscription ${record.id} failed, tried again in ${Math.round(retryIn / 1000)} s: ${(e as Error).message}`);
      if (!stopped)
        cancel = clock.after(retryIn, () => {
          renewing = renew().finally(() => {
            renewing = undefined;
          });
        });
    }
  };
  if (!lifetimeMs) log(`${o.trigger.id}: the trigger declares no lifetimeMinutes: subscription ${record.id} is not renewed`);
  scheduleRenewal();

  return {
    id: record.id,
    ...(record.expiresAt ? { expiresAt: record.expiresAt } : {}),
    async stop() {
      stopped = true;
      cancel?.();
      await renewing;
      if (membership) {
        // Deleted by the last receiver to stop: the others still receive through it.
        if (!(await membership.leave())) {
          log(`${o.trigger.id}: subscription ${record.id} left to the receivers still running`);
          return;
        }
      } else if (!owned) return;
      if (spec.delete) {
        try {
          await step(spec.delete, { id: record.id });
        } catch (e) {
          // Stopping goes on: the provider ends the subscription at its expiry, and the store still names it.
          log(`${o.trigger.id}: subscription ${record.id} could not be deleted (it ends ${record.expiresAt || "when the provider ends it"}): ${(e as Error).message}`);
          return;
        }
        log(`${o.trigger.id}: subscription ${record.id} deleted`);
      }
      await o.store.deleteSubscription(o.trigger.id);
    },
  };
}

function templateValue(name: string, o: SubscriptionOptions, values: { expiresAt?: string | undefined; id?: string }): unknown {
  switch (name) {
    case "trigger.url":
      return o.url;
    case "trigger.secret":
      return o.secret;
    case "trigger.expiresAt":
      return values.expiresAt;
    case "subscription.id":
      return values.id;
    default:
      return undefined;
  }
}
