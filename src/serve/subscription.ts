// The provider's subscription of a trigger, kept by `serve --public-url`: made
// at start through the provider's own operation (the steps the trigger
// declares, their inputs templates over the trigger's address, secret and
// expiry), recorded in the store, renewed when 90% of its lifetime has passed,
// and deleted on stopping. The provider's lifecycle notifications (lifecycle.ts)
// make it renew at once, or create the subscription again. Nothing here knows a
// provider: each step is a call the caller makes (`call`), and the clock is a
// value a test can replace.
import { redact, type SubscriptionStep, type TriggerSpec } from "@blockwright/runtime/internal";
import { readPath, resolveValue } from "@blockwright/runtime/workflow";
import { lineText } from "../common/github-actions.js";
import { subscriptionTemplateList } from "../model/subscription-templates.js";
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

/**
 * A failed step says, when the provider answered, its status and the runtime's error code: a 2xx whose
 * outputs could not be read (MISSING_OUTPUT, a 204 with no body) was still done by the provider.
 */
export type StepCall = (
  operation: string,
  inputs: Record<string, unknown>,
) => Promise<
  { ok: true; outputs: Record<string, unknown> } | { ok: false; message: string; status?: number; code?: string }
>;

export interface SubscriptionOptions {
  trigger: TriggerSpec;
  /** The public address deliveries are sent to (the public URL and the trigger's path). */
  url: string;
  /** The public address lifecycle notifications are sent to, when the trigger declares them. */
  lifecycleUrl?: string;
  secret: string;
  store: TriggerStore;
  /** Calls one of the provider's operations with these inputs (the block's connection inputs added by the caller). */
  call: StepCall;
  log(line: string): void;
  clock?: Clock;
}

export interface KeptSubscription {
  /** The subscription's id (another once it was created again). */
  readonly id: string;
  readonly expiresAt?: string;
  /**
   * Acts on a lifecycle event the provider sent about `subscriptionId` (when it names one): what the
   * trigger's `lifecycle.actions` says (renew now, create again, log); an event about another
   * subscription, or one it declares no action for, is logged.
   */
  lifecycle(event: string, subscriptionId?: string): Promise<void>;
  /** Stops renewing and deletes the subscription (when the trigger declares how). */
  stop(): Promise<void>;
}

export class SubscriptionError extends Error {}

/** Creates the subscription (or takes the live one the store holds for this address) and keeps it renewed. */
export async function keepSubscription(o: SubscriptionOptions): Promise<KeptSubscription> {
  const spec = o.trigger.subscription;
  if (!spec)
    throw new SubscriptionError(
      `${o.trigger.id} declares no subscription: the provider is told the address some other way`,
    );
  const clock = o.clock ?? systemClock;
  const calls = subscriptionCalls(o, spec);
  // A shared store (Postgres): every receiver of the trigger is a member while it lives; creating is
  // one member's at a time (one subscription however many start together), and the last member to
  // leave deletes it. A store of one receiver (SQLite): a live subscription it names is this
  // receiver's from before a restart, taken over.
  const membership = await o.store.joinSubscription?.(o.trigger.id);
  const startedAt = clock.now();
  const establish = () => establishSubscription(o, calls, clock, startedAt, membership !== undefined);
  let kept: Kept;
  try {
    kept = await (membership ? membership.exclusive(establish) : establish());
  } catch (e) {
    await membership?.leave(async () => undefined); // leaves what it could not establish as it was
    throw e;
  }
  const changes = oneAtATime(clock);
  const { renew, recreate, scheduleRenewal } = renewals(o, calls, kept, changes, clock);
  if (!calls.lifetimeMs)
    calls.log(
      `${o.trigger.id}: the trigger declares no lifetimeMinutes: subscription ${kept.record.id} is not renewed`,
    );
  scheduleRenewal();

  return {
    get id() {
      return kept.record.id;
    },
    get expiresAt() {
      return kept.record.expiresAt || undefined;
    },
    async lifecycle(event, subscriptionId) {
      const action = await lifecycleAction(o, calls, kept, event, subscriptionId);
      if (!action) return;
      // The renewal due later is replaced by this one, or by the new subscription's.
      changes.cancel();
      return changes.serially(action === "renew" ? renew : recreate);
    },
    async stop() {
      kept.stopped = true;
      changes.cancel();
      await changes.idle();
      const remove = () => removeSubscription(o, calls, kept.record);
      // Deleted by the last receiver to stop: the others still receive through it.
      if (membership) {
        if (!(await membership.leave(remove)))
          calls.log(`${o.trigger.id}: subscription ${kept.record.id} left to the receivers still running`);
        return;
      }
      if (kept.owned) await remove();
    },
  };
}

type SubscriptionSpec = NonNullable<TriggerSpec["subscription"]>;

/** The subscription a keeper holds, as it changes. */
interface Kept {
  record: SubscriptionRecord;
  /** When the subscription's lifetime began (its creation or its last renewal). */
  madeAt: number;
  /** Whether this receiver deletes it when it stops (without members). */
  owned: boolean;
  stopped: boolean;
}

type SubscriptionCalls = ReturnType<typeof subscriptionCalls>;

/** The provider's steps for the trigger's subscription: each step's inputs filled in, its failure an error. */
function subscriptionCalls(o: SubscriptionOptions, spec: SubscriptionSpec) {
  // A provider's error may quote what it was sent: the secret never reaches the log. What the
  // provider answers (an id, a message) is outside text: kept on one line, controls escaped.
  const log = (line: string) => o.log(lineText(redact(line, [o.secret])));
  const lifetimeMs = spec.lifetimeMinutes ? spec.lifetimeMinutes * 60_000 : undefined;
  // A little short of the longest lifetime, so the time the request takes never makes it too long.
  const expiryFrom = (now: number) =>
    lifetimeMs ? new Date(now + lifetimeMs - Math.min(60_000, lifetimeMs / 10)).toISOString() : undefined;
  const inputsOf = (step: SubscriptionStep, values: { expiresAt?: string | undefined; id?: string }) =>
    resolveValue(step.inputs, (ref) => {
      const value =
        ref.kind === "output" && ref.path.length === 1
          ? templateValue(`${ref.block}.${String(ref.path[0])}`, o, values)
          : undefined;
      if (value === undefined)
        throw new SubscriptionError(
          `${o.trigger.id}: the input {{${ref.text}}} of ${step.operation} has no value (the inputs may use ` +
            `${subscriptionTemplateList()}, each where it has one)`,
        );
      return value;
    }) as Record<string, unknown>;
  const step = async (s: SubscriptionStep, values: { expiresAt?: string | undefined; id?: string }) => {
    const result = await o.call(s.operation, inputsOf(s, values));
    if (result.ok) return result.outputs;
    // Renewing and deleting read no output: a 2xx the provider answered without them (a renewal's 204) is done.
    if (s !== spec.create && doneWithoutOutputs(result)) return {};
    throw new SubscriptionError(`${o.trigger.id}: ${s.operation} failed: ${result.message}`);
  };
  /** A new subscription: created, recorded (in place of any the store names), its id read. */
  const create = async (now: number): Promise<SubscriptionRecord> => {
    const expiresAt = expiryFrom(now);
    const outputs = await step(spec.create, { expiresAt });
    const id = readPath(outputs, spec.idOutput.split("."));
    if (typeof id !== "string" && typeof id !== "number")
      throw new SubscriptionError(
        `${o.trigger.id}: ${spec.create.operation} answered without ${spec.idOutput}, the subscription's id`,
      );
    const made = { trigger: o.trigger.id, id: String(id), url: o.url, expiresAt: expiresAt ?? "" };
    await o.store.saveSubscription(made);
    return made;
  };
  return { spec, log, lifetimeMs, expiryFrom, step, create };
}

/** The live subscription the store holds for this address, taken; or a new one, created at `now`. */
async function establishSubscription(
  o: SubscriptionOptions,
  calls: SubscriptionCalls,
  clock: Clock,
  now: number,
  member: boolean,
): Promise<Kept> {
  const held = (await o.store.subscriptions()).find(
    (s) => s.trigger === o.trigger.id && s.url === o.url && (!s.expiresAt || Date.parse(s.expiresAt) > clock.now()),
  );
  // Without members (SQLite, or a store that keeps none), the receiver that made it deletes it; a recreated one is this
  // receiver's.
  const owned = !held || !o.store.shared;
  if (held) {
    const how = member
      ? "is kept with the other receivers"
      : o.store.shared
        ? "is kept by another receiver"
        : "taken over from the store";
    calls.log(
      `${o.trigger.id}: subscription ${held.id} for ${o.url} ${how} (until ${held.expiresAt || "it is deleted"})`,
    );
    const madeAt = calls.lifetimeMs && held.expiresAt ? Date.parse(held.expiresAt) - calls.lifetimeMs : now;
    return { record: held, madeAt, owned, stopped: false };
  }
  const record = await calls.create(now);
  calls.log(
    `${o.trigger.id}: subscription ${record.id} created for ${o.url}` +
      `${record.expiresAt ? `, expires ${record.expiresAt}` : ""}`,
  );
  return { record, madeAt: now, owned, stopped: false };
}

type Changes = ReturnType<typeof oneAtATime>;

/**
 * A keeper's changes one at a time (a renewal, a lifecycle event's renewal or a new subscription never overlap), and
 * one timer at most: the next change replaces any other due (a lifecycle event's renewal, the new subscription's).
 */
function oneAtATime(clock: Clock) {
  let cancel: (() => void) | undefined;
  let busy: Promise<void> = Promise.resolve();
  const after = (ms: number, fn: () => void) => {
    cancel?.();
    cancel = clock.after(ms, fn);
  };
  const waitUntil = (at: number, fn: () => void) => {
    const wait = at - clock.now();
    if (wait > LONGEST_WAIT_MS) after(LONGEST_WAIT_MS, () => waitUntil(at, fn));
    else after(Math.max(0, wait), fn);
  };
  return {
    serially(change: () => Promise<void>): Promise<void> {
      const next = busy.then(change);
      busy = next.catch(() => undefined);
      return next;
    },
    after,
    waitUntil,
    cancel: () => cancel?.(),
    /** Once the change under way (if any) is done. */
    idle: () => busy,
  };
}

/**
 * Renewing the subscription when 90% of its lifetime has passed, and creating it again once the provider removed it.
 */
function renewals(o: SubscriptionOptions, calls: SubscriptionCalls, kept: Kept, changes: Changes, clock: Clock) {
  const { spec, lifetimeMs, log } = calls;
  const scheduleRenewal = () => {
    if (!lifetimeMs || !spec.renew || kept.stopped) return;
    changes.waitUntil(kept.madeAt + lifetimeMs * 0.9, () => void changes.serially(renew));
  };
  const renew = async () => {
    if (kept.stopped || !spec.renew) return;
    // On a shared store another receiver may have created it again (a lifecycle event): renew that one.
    if (o.store.shared) kept.record = (await storedRecord(o)) ?? kept.record;
    const now = clock.now();
    const expiresAt = calls.expiryFrom(now);
    try {
      await calls.step(spec.renew, { expiresAt, id: kept.record.id });
      kept.madeAt = now;
      kept.record = { ...kept.record, expiresAt: expiresAt ?? "" };
      await o.store.saveSubscription(kept.record);
      log(`${o.trigger.id}: subscription ${kept.record.id} renewed, expires ${expiresAt}`);
      scheduleRenewal();
    } catch (e) {
      const left = Date.parse(kept.record.expiresAt) - clock.now();
      const retryIn = Math.max(RETRY_AT_LEAST_MS, left / 10);
      log(
        `${o.trigger.id}: the renewal of subscription ${kept.record.id} failed, tried again in ` +
          `${Math.round(retryIn / 1000)} s: ${(e as Error).message}`,
      );
      if (!kept.stopped) changes.after(retryIn, () => void changes.serially(renew));
    }
  };
  // The provider removed it: a new one, renewed from now on (this receiver made it, so deletes it).
  const recreate = async () => {
    if (kept.stopped) return;
    const was = kept.record.id;
    try {
      const now = clock.now();
      kept.record = await calls.create(now);
      kept.madeAt = now;
      kept.owned = true;
      log(
        `${o.trigger.id}: subscription ${was} was removed by the provider: subscription ${kept.record.id} ` +
          `created for ${o.url}${kept.record.expiresAt ? `, expires ${kept.record.expiresAt}` : ""}`,
      );
      scheduleRenewal();
    } catch (e) {
      log(
        `${o.trigger.id}: subscription ${was} was removed by the provider and could not be created again, ` +
          `tried again in ${RETRY_AT_LEAST_MS / 1000} s: ${(e as Error).message}`,
      );
      if (!kept.stopped) changes.after(RETRY_AT_LEAST_MS, () => void changes.serially(recreate));
    }
  };
  return { renew, recreate, scheduleRenewal };
}

/** The subscription the store names for this trigger and address, if any. */
async function storedRecord(o: SubscriptionOptions): Promise<SubscriptionRecord | undefined> {
  return (await o.store.subscriptions()).find((s) => s.trigger === o.trigger.id && s.url === o.url);
}

/**
 * What a lifecycle event about `subscriptionId` asks of the keeper (renew now, create again), or undefined when it
 * asks nothing: it is about another subscription, the trigger declares no action (or `log`) for it, or the keeper is
 * stopping. Each is logged.
 */
async function lifecycleAction(
  o: SubscriptionOptions,
  calls: SubscriptionCalls,
  kept: Kept,
  event: string,
  subscriptionId: string | undefined,
): Promise<"renew" | "recreate" | undefined> {
  const { spec, log } = calls;
  // On a shared store another receiver may have created it again: the store names the one kept.
  if (o.store.shared) kept.record = (await storedRecord(o)) ?? kept.record;
  const record = kept.record;
  const about = subscriptionId === undefined ? record.id : subscriptionId;
  if (about !== record.id) {
    log(
      `${o.trigger.id}: lifecycle event ${JSON.stringify(event)} about subscription ${about}, ` +
        `not ${record.id}: nothing done`,
    );
    return undefined;
  }
  const action =
    spec.lifecycle && Object.hasOwn(spec.lifecycle.actions, event) ? spec.lifecycle.actions[event] : undefined;
  if (kept.stopped || action === undefined || action === "log") {
    const done =
      action === "log" ? "" : kept.stopped ? ": stopping, nothing done" : ": the trigger declares no action for it";
    log(`${o.trigger.id}: lifecycle event ${JSON.stringify(event)} about subscription ${record.id}${done}`);
    return undefined;
  }
  log(
    `${o.trigger.id}: lifecycle event ${JSON.stringify(event)} about subscription ${record.id}: ` +
      `${action === "renew" ? "renewing it now" : "creating it again"}`,
  );
  return action;
}

/** The subscription deleted at the provider (when the trigger declares how) and forgotten by the store. */
async function removeSubscription(o: SubscriptionOptions, calls: SubscriptionCalls, record: SubscriptionRecord) {
  const { spec, log } = calls;
  if (spec.delete) {
    try {
      await calls.step(spec.delete, { id: record.id });
    } catch (e) {
      // Stopping goes on: the provider ends the subscription at its expiry, and the store still names it.
      log(
        `${o.trigger.id}: subscription ${record.id} could not be deleted (it ends ` +
          `${record.expiresAt || "when the provider ends it"}): ${(e as Error).message}`,
      );
      return;
    }
    log(`${o.trigger.id}: subscription ${record.id} deleted`);
  }
  await o.store.deleteSubscription(o.trigger.id);
}

/** A step the provider did (a 2xx) whose answer lacked what its operation's outputs read. */
function doneWithoutOutputs(result: { status?: number; code?: string }): boolean {
  return result.status !== undefined && result.status >= 200 && result.status < 300 && result.code === "MISSING_OUTPUT";
}

function templateValue(
  name: string,
  o: SubscriptionOptions,
  values: { expiresAt?: string | undefined; id?: string },
): unknown {
  switch (name) {
    case "trigger.url":
      return o.url;
    case "trigger.secret":
      return o.secret;
    case "trigger.expiresAt":
      return values.expiresAt;
    case "trigger.lifecycleUrl":
      return o.lifecycleUrl;
    case "subscription.id":
      return values.id;
    default:
      return undefined;
  }
}
