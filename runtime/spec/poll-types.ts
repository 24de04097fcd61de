// The shape of a generated poll trigger: plain data from the generator's link
// step (a manifest trigger with `poll`), read by `blockwright serve`, which
// calls the provider's list operation at an interval and starts one run per
// new (or changed) item. Types only: nothing here is bundled by a client.
import type { ParamSpec } from "./tool-types.js";
import type { TriggerOutputSpec } from "./trigger-types.js";

/**
 * How a poll tells new items from those seen before:
 * - `ids`: the list shows the newest items first (or last, `oldestFirst`); an item whose id was not
 *   among the last `keep` ids seen is new;
 * - `since`: a field of each item that only grows (a creation time, a modification time, a
 *   sequence); the poll passes the last value seen as `{{poll.since}}`, and the ids of the items
 *   holding that value (the boundary) are kept, so that an item of the same second is neither
 *   lost nor run twice;
 * - `delta`: the upstream answers a round of pages with an address to come back with (a delta
 *   link, `link`: an output of the operation) and, when a round is cut short, the address to go on
 *   at (`next`); the next poll is sent there. Every item of a round is a change, but an item holding
 *   the `removed` field (a removal); with `created`, only an item whose id was never seen (the ids
 *   of the first round, and of every item since, are kept until the item is removed).
 */
export type PollPositionSpec =
  | { kind: "ids"; order: "newestFirst" | "oldestFirst"; keep: number }
  | { kind: "since"; pointer: string[]; type: "date-time" | "number" }
  | { kind: "delta"; link: string; next?: string; created?: boolean; removed?: string[] };

/**
 * A parameter of the trigger itself (the kind of record to watch), given by the workflow's trigger block: a parameter's
 * rules, sent nowhere as itself.
 */
export type PollParamSpec = Omit<ParamSpec, "wire">;

export interface PollTriggerSpec {
  /** `<provider>_<event>`. */
  id: string;
  provider: string;
  title: string;
  description: string;
  /** The list operation called at each poll (a tool of the provider). */
  operation: string;
  /** The inputs the trigger gives it: values, or templates over `{{poll.since}}` and `{{inputs.<param>}}`. */
  inputs: Record<string, unknown>;
  /** The trigger's own parameters, set on the workflow's trigger block. */
  params: PollParamSpec[];
  /** The operation's output holding the list of items (a dotted output path, `data`). */
  items: string;
  position: PollPositionSpec;
  /** Seconds between two polls unless `serve --poll-interval` says. */
  intervalSeconds: number;
  /** Only items where each of these fields holds the value are this trigger's. */
  match: { pointer: string[]; equals: string | number | boolean }[];
  /** What makes an item unique (its id, and for a change the field that changes with it), joined in this order. */
  eventId: string[][];
  outputs: TriggerOutputSpec[];
  /** The JSON Schema of one item, from the document (for contract cases: packages leave it out). */
  itemSchema?: unknown;
  /** How long the ids of items run are remembered, in hours (a receiver's default: 72). */
  dedupeHours?: number;
  /** How a run this trigger starts is retried when it fails on a retryable error. */
  retry?: { attempts: number; backoffSeconds: number };
}
