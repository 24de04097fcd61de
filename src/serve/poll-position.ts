// What a poll found, told apart from what earlier polls found, as the trigger
// declares (`ids`, `since`, `delta`): the items that start runs, in the order
// they came to be, and the position the next poll starts from. Pure: the
// poller (poller.ts) reads the position and the known ids from the store,
// calls the list operation, and hands both results of this to the store in
// one transaction. Before the trigger's first poll was taken (`primed`) the
// items found are the position, not new, unless backfilling.
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import type { EventOutputs, PollPosition } from "./store.js";

/** One page (or round) of a poll, as the list operation answered it. */
export interface Polled {
  /** The items of the list output, in the order the upstream gave them. */
  items: unknown[];
  /** Whether the poll read every page it asked for (a round cut short by its page limit is not complete). */
  complete: boolean;
  /**
   * With `delta`: the address to come back with (the last page's), and the next page's when the round was cut short.
   */
  link?: string;
  next?: string;
  /** By ids on a paged list: every page was read to the list's end, so nothing is past them. */
  reachedEnd?: boolean;
}

/** An item that starts a run. */
export interface NewItem {
  id: string;
  outputs: EventOutputs;
}

export interface Selected {
  events: NewItem[];
  position: PollPosition;
  known?: { add: string[]; remove: string[] };
  /** Items left out, and why (a missing output, a field that does not compare): said in the log. */
  skipped: string[];
  /**
   * By ids: how many items the page held when none was seen before though earlier polls saw some, so that items that
   * came past the page since may never be read (said in the log).
   */
  pastPage?: number;
  /**
   * By ids, oldest first: the list had more pages than a poll reads, so its newest items, last, were not read (said in
   * the log).
   */
  newestUnread?: true;
}

export interface SelectOptions {
  /** Whether the items of the first poll start runs too. */
  backfill: boolean;
  /** With `delta` and created items: which of the round's ids the store knows. */
  known?: ReadonlySet<string>;
}

/**
 * The position before a trigger's first poll: by `since` on a time, the second of the start (the first poll asks from
 * there, and what it finds is the position), else nothing. The second, not the instant: times written to the second
 * put an item made later in that second before the instant, and it would never run.
 */
export function startPosition(trigger: PollTriggerSpec, nowMs: number, backfill: boolean): PollPosition {
  if (trigger.position.kind === "since" && trigger.position.type === "date-time" && !backfill)
    return { primed: false, since: Math.floor(nowMs / 1000) * 1000, ids: [] };
  return { primed: false, ids: [] };
}

/**
 * The value `{{poll.since}}` takes: a time to the second (`YYYY-MM-DDThh:mm:ssZ`, rounded down: asking a little more is
 * safe), or the number.
 */
export function sinceText(trigger: PollTriggerSpec, position: PollPosition): string {
  const since = position.since ?? 0;
  if (trigger.position.kind === "since" && trigger.position.type === "date-time")
    return `${new Date(Math.floor(since / 1000) * 1000).toISOString().slice(0, 19)}Z`;
  return String(since);
}

/** The items of a poll that start runs, and the next position. */
export function selectNew(
  trigger: PollTriggerSpec,
  position: PollPosition,
  polled: Polled,
  options: SelectOptions,
): Selected {
  const skipped: string[] = [];
  const runs = position.primed || options.backfill;
  const mine = polled.items.filter((item) => trigger.match.every((m) => valueAt(item, m.pointer) === m.equals));
  const spec = trigger.position;
  if (spec.kind === "ids") {
    const ordered = spec.order === "newestFirst" ? [...mine].reverse() : mine;
    const seen = new Set(position.ids);
    const found = ordered.flatMap((item) => withId(trigger, item, skipped));
    const events = runs ? found.filter((f) => !seen.has(f.id)).flatMap((f) => eventOf(trigger, f, skipped)) : [];
    // The last `keep` ids seen, and every id of this page however many it holds: an id of the page left out would be
    // new at the next poll, which finds it again (a list answered whole, larger than `keep`).
    const here = new Set(found.map((f) => f.id));
    const ids = [...new Set([...position.ids.filter((id) => !here.has(id)), ...here])].slice(
      -Math.max(spec.keep, here.size),
    );
    // A page of new items only, where earlier polls saw some: it may not reach back to them, and an item past it is
    // never listed again (a backlog longer than a page, after a stop or an outage).
    const pastPage =
      position.primed &&
      position.ids.length > 0 &&
      found.length > 0 &&
      !polled.reachedEnd &&
      !found.some((f) => seen.has(f.id));
    const newestUnread = spec.order === "oldestFirst" && !polled.complete;
    return {
      events,
      position: { primed: true, ids },
      skipped,
      ...(pastPage ? { pastPage: found.length } : {}),
      ...(newestUnread ? { newestUnread } : {}),
    };
  }
  if (spec.kind === "since") return selectSince(trigger, spec, position, polled, mine, runs, skipped);
  // delta: the round's items, each a change; the address to come back at (or to go on at, when the round was cut
  // short).
  const link = polled.complete ? polled.link : (polled.next ?? polled.link);
  const found = mine.flatMap((item) => {
    const removed = spec.removed && valueAt(item, spec.removed) !== undefined;
    return withId(trigger, item, skipped).map((f) => ({ ...f, removed }));
  });
  const next: PollPosition = {
    primed: position.primed || (polled.complete && polled.link !== undefined),
    ids: [],
    ...(link ? { link } : position.link ? { link: position.link } : {}),
  };
  if (spec.created) {
    const known = options.known ?? new Set<string>();
    const added = new Set<string>();
    const fresh = found.filter((f) => {
      if (f.removed || known.has(f.id) || added.has(f.id)) return false;
      added.add(f.id);
      return true;
    });
    const removed = found.filter((f) => f.removed).map((f) => f.id);
    return {
      events: runs ? fresh.flatMap((f) => eventOf(trigger, f, skipped)) : [],
      position: next,
      known: { add: [...added], remove: removed },
      skipped,
    };
  }
  return {
    events: runs ? found.filter((f) => !f.removed).flatMap((f) => eventOf(trigger, f, skipped)) : [],
    position: next,
    skipped,
  };
}

/** `since`: the items past the position, and the position moved to the newest once the round is read to its end. */
function selectSince(
  trigger: PollTriggerSpec,
  spec: Extract<PollTriggerSpec["position"], { kind: "since" }>,
  position: PollPosition,
  polled: Polled,
  mine: unknown[],
  runs: boolean,
  skipped: string[],
): Selected {
  const dated = mine.flatMap((item) => {
    const raw = valueAt(item, spec.pointer);
    const value = comparable(raw, spec.type);
    if (value === undefined) {
      // Which item, and what it holds there (cut: it is the upstream's).
      const shown = raw === undefined ? "nothing" : JSON.stringify(raw).slice(0, 40);
      const named = withId(trigger, item, [])[0]?.id;
      skipped.push(
        `${named === undefined ? "an item" : `item ${named}`}, whose /${spec.pointer.join("/")} holds ${shown}, ` +
          `not a ${spec.type}`,
      );
      return [];
    }
    return withId(trigger, item, skipped).map((f) => ({ ...f, value }));
  });
  // The upstream's order, before sorting: a round cut short moves the position only when it is seen oldest first.
  const ascending =
    (dated[0]?.value ?? 0) < (dated.at(-1)?.value ?? 0) &&
    dated.every((d, i) => i === 0 || d.value >= (dated[i - 1]?.value ?? d.value));
  dated.sort((a, b) => a.value - b.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const since = position.since;
  const boundary = new Set(position.ids);
  const fresh = dated.filter(
    (d) => since === undefined || d.value > since || (d.value === since && !boundary.has(d.id)),
  );
  const events = runs ? fresh.flatMap((f) => eventOf(trigger, f, skipped)) : [];
  // With what an earlier part of the round found ahead (newest first), and where it was before.
  const ahead = position.ahead;
  const floor = Math.max(since ?? Number.NEGATIVE_INFINITY, ahead?.since ?? Number.NEGATIVE_INFINITY);
  const top = dated.reduce((max, d) => Math.max(max, d.value), floor);
  const atTop = dated.filter((d) => d.value === top).map((d) => d.id);
  const before = [...(top === since ? position.ids : []), ...(top === ahead?.since ? ahead.ids : [])];
  const ids = [...new Set([...before, ...atTop])];
  if (!polled.complete && (ahead !== undefined || !ascending) && Number.isFinite(top)) {
    // Cut short, not seen oldest first: older items may be on the pages not yet read. The position stays until the
    // round reaches its end (its next part, or a poll again from here, whose runs queued are known by their ids).
    return { events, position: { ...position, ahead: { since: top, ids } }, skipped };
  }
  const next: PollPosition = {
    primed: position.primed || polled.complete,
    ids,
    ...(Number.isFinite(top) ? { since: top } : since !== undefined ? { since } : {}),
  };
  return { events, position: next, skipped };
}

/** The ids of a poll's items (for the store's known ids), in order. */
export function itemIds(trigger: PollTriggerSpec, items: readonly unknown[]): string[] {
  return items.flatMap((item) => withId(trigger, item, []).map((f) => f.id));
}

/** An item with its id (what `eventId` reads, joined), or none when the item lacks a part. */
function withId(trigger: PollTriggerSpec, item: unknown, skipped: string[]): { id: string; item: unknown }[] {
  const parts = trigger.eventId.map((pointer) => valueAt(item, pointer));
  if (!parts.length || parts.some((p) => p === undefined || p === null)) {
    const pointers = trigger.eventId.map((p) => `/${p.join("/")}`);
    const missing = pointers.filter((_, i) => parts[i] === undefined || parts[i] === null);
    skipped.push(
      `an item without ${missing.join(" and ")}` +
        (missing.length < pointers.length ? ` (its id: ${pointers.join(" and ")})` : ""),
    );
    return [];
  }
  return [{ id: parts.map(idPart).join(":"), item }];
}

/**
 * The run's outputs of an item: the item itself and each declared output; one lacking a required output is left out.
 */
function eventOf(trigger: PollTriggerSpec, found: { id: string; item: unknown }, skipped: string[]): NewItem[] {
  const metadata: Record<string, unknown> = {};
  for (const output of trigger.outputs) {
    const value = output.source.from === "header" ? undefined : valueAt(found.item, output.source.pointer);
    if (value === undefined && output.required) {
      skipped.push(
        `item ${found.id}, which lacks ` +
          `${output.source.from === "header" ? output.source.name : `/${output.source.pointer.join("/")}`} ` +
          `(metadata.${output.name})`,
      );
      return [];
    }
    if (value !== undefined) metadata[output.name] = value;
  }
  return [{ id: found.id, outputs: { data: found.item, metadata } }];
}

/**
 * A field's value as a number to compare: a time in ms (ISO 8601, `+0000` offsets too), or a number (or numeric text).
 */
export function comparable(value: unknown, type: "date-time" | "number"): number | undefined {
  if (type === "number") {
    const n =
      typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
    return Number.isFinite(n) ? n : undefined;
  }
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  // `2013-05-20T20:49:32.000+0000` (an offset without its colon, as some APIs write it) is ISO 8601's basic offset.
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isFinite(ms) ? ms : undefined;
}

function valueAt(item: unknown, pointer: readonly string[]): unknown {
  let at = item;
  for (const token of pointer) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, token)) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}

/**
 * One part of an item's id as text: a string as it is, a number as written, an object as canonical JSON (as a delivered
 * event's id is made).
 */
function idPart(value: unknown): string {
  return value !== null && typeof value === "object"
    ? JSON.stringify(value, (_k, v: unknown) =>
        v && typeof v === "object" && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
          : v,
      )
    : String(value);
}
