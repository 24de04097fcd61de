// What `upstream --accept` takes out of a manifest add drafted (carry.ts): an output whose field the newer answer no
// longer has, and a parameter whose place the newer request no longer has, each add's own draft, untouched;
// and an output add drafts otherwise from the newer answer (a list become an object: its type, its count), or a
// parameter from the newer request (a text become a file), followed.
import { parseExpression } from "@blockwright/runtime/internal";
import type { ManifestOperation, ManifestParam } from "../load/precompiled/manifest-types.js";
import { bodyFieldGone } from "./carry-paging.js";

/** What the takers-out write with (carry.ts's Carrier): a part taken out, an output's places narrowed. */
interface Carrier {
  drop(name: string, why: string, key?: "outputs" | "params"): void;
  narrow(name: string, left: readonly string[], why: string): void;
  set(place: (string | number)[], value: unknown, why: string): void;
  has(key: "params" | "outputs", name: string): boolean;
  current(key: "params" | "outputs", name: string): unknown;
  unset(place: (string | number)[], why: string): void;
}

/** An operation as add drafts it from one cut. */
interface Drafted {
  op: ManifestOperation;
}

/**
 * Outputs the manifest holds as add drafted them from the older document, whose field the newer answer no longer has:
 * taken out. Of an output read from the first of several places (`from: [a, b]`), the places gone are taken out of
 * its list, the output kept while one remains (written as that place alone, a list holding two or more).
 */
export function dropGoneOutputs(
  carry: Carrier,
  mine: ManifestOperation,
  was: Drafted,
  has: (status: number | undefined, pointer: readonly string[]) => boolean | undefined,
): void {
  for (const [name, drafted] of Object.entries(was.op.outputs ?? {})) {
    const held = mine.outputs?.[name];
    // Only add's own draft, untouched: an output written or changed by hand is the user's to decide on (generate names
    // it).
    if (!held || JSON.stringify(held) !== JSON.stringify(drafted) || !("from" in held)) continue;
    const places = typeof held.from === "string" ? [held.from] : Array.isArray(held.from) ? held.from : [];
    const status = "status" in held && typeof held.status === "number" ? held.status : undefined;
    const gone = places.filter((place) => bodyFieldGone(place, status, has));
    if (!gone.length) continue;
    const fields = gone.map((place) => place.slice(place.indexOf("#") + 1));
    const why = `the newer document's answer has no field ${fields.join(" nor ")}`;
    if (gone.length === places.length) carry.drop(name, why);
    else
      carry.narrow(
        name,
        places.filter((place) => !gone.includes(place)),
        `${fields.join(", ")} no longer read: ${why}`,
      );
  }
}

/**
 * A parameter add drafted, untouched, whose place the newer document no longer has (add drafts no parameter sent
 * there from it): taken out, as an output whose field is gone is; generate refused it (BW2003), and `diff` reports it
 * to the tool's callers. A required one too (Albus's run of a session: five body fields gone, two new required ones
 * given, carry.ts): the service refuses the field, and no caller can give it. One written or changed by hand is the
 * user's to decide on.
 */
export function dropGoneParams(carry: Carrier, mine: ManifestOperation, was: Drafted, now: Drafted): void {
  const newerPlaces = placesOf(now);
  for (const [name, drafted] of Object.entries(was.op.params ?? {})) {
    const held = mine.params?.[name];
    if (!held || JSON.stringify(held) !== JSON.stringify(drafted)) continue;
    if (now.op.params?.[name] !== undefined || newerPlaces.has(placeOf(name, held)) || !held.wire) continue;
    carry.drop(name, `the newer document's request has no ${placeWords(name, held)}`, "params");
  }
}

type Wire = { in?: string; name?: string; pointer?: string; field?: string };

/**
 * Where a parameter goes: its wire's place and name (its own name where the wire names none), and the field of a query
 * object it is (StackOne's `filter[type_ids]`: the object stays, a field of it goes).
 */
function placeOf(key: string, p: ManifestParam): string {
  const w = (p.wire ?? {}) as Wire;
  const field = w.field === undefined ? "" : ` ${w.field}`;
  return `${w.in} ${w.in === "body" ? (w.pointer ?? `/${key}`) : (w.name ?? key)}${field}`;
}

const placesOf = (d: Drafted) => new Set(Object.entries(d.op.params ?? {}).map(([key, p]) => placeOf(key, p)));

/** A parameter's place in words: `body field /a`, `query parameter a`, `query parameter f (its field a)`. */
function placeWords(name: string, p: ManifestParam): string {
  const w = (p.wire ?? {}) as Wire;
  if (w.in === "body") return `body field ${w.pointer ?? `/${name}`}`;
  return `${w.in} parameter ${w.name ?? name}${w.field === undefined ? "" : ` (its field ${w.field})`}`;
}

/**
 * Outputs the manifest holds as add drafted them from the older document, that add drafts otherwise from the newer
 * (Indicia's `data`, a list become an object): set to the newer draft; one add no longer drafts (the list's count),
 * taken out. generate refused them (BW2007, BW2004). One written or changed by hand is the user's to decide on.
 */
export function followRedraftedOutputs(
  carry: Carrier,
  mine: ManifestOperation,
  was: Drafted,
  now: Drafted,
  has: (status: number | undefined, pointer: readonly string[]) => boolean | undefined,
): void {
  for (const [name, drafted] of Object.entries(was.op.outputs ?? {})) {
    const held = mine.outputs?.[name];
    // As add drafted it, and as carried so far (not narrowed or taken out above; its words may have followed).
    if (!held || JSON.stringify(held) !== JSON.stringify(drafted)) continue;
    if (withoutWords(carry.current("outputs", name)) !== withoutWords(drafted)) continue;
    const next = now.op.outputs?.[name];
    // A field the newer answer still has, where add drafts none of it (an answer of several forms, each holding the
    // field: add drafts only `data`): still read there. Taken out, every workflow reading it broke for nothing.
    if (next === undefined && stillAnswered(held, has)) continue;
    if (next === undefined) carry.drop(name, "add drafts no such output from the newer document's answer");
    else if (JSON.stringify(next) !== JSON.stringify(drafted))
      carry.set(["outputs", name], next, `${name} as add drafts it from the newer document's answer`);
  }
}

/** Whether an output reads one field of the answer's body (no count of it) that the newer answer still has. */
function stillAnswered(
  output: NonNullable<ManifestOperation["outputs"]>[string],
  has: (status: number | undefined, pointer: readonly string[]) => boolean | undefined,
): boolean {
  if (!("from" in output) || typeof output.from !== "string" || ("count" in output && output.count)) return false;
  const status = "status" in output && typeof output.status === "number" ? output.status : undefined;
  let ref: ReturnType<typeof parseExpression>;
  try {
    ref = parseExpression(output.from);
  } catch {
    return false;
  }
  return ref.kind === "body" && ref.pointer.length > 0 && has(status, ref.pointer) === true;
}

/**
 * Parameters the manifest holds as add drafted them from the older document, sent to the same place, that add drafts
 * otherwise from the newer (Indicia's `media`, a form field of no type, drafted as a text, become a binary: a file):
 * set to the newer draft, under the manifest's name. generate refused or, worse, linked them as the older document
 * said (a text sent where the service reads a file). One written or changed by hand is the user's to decide on.
 */
export function followRedraftedParams(carry: Carrier, mine: ManifestOperation, was: Drafted, now: Drafted): void {
  for (const [name, drafted] of Object.entries(was.op.params ?? {})) {
    const held = mine.params?.[name];
    if (!held || JSON.stringify(held) !== JSON.stringify(drafted)) continue;
    if (withoutWords(carry.current("params", name)) !== withoutWords(drafted)) continue;
    const next = now.op.params?.[name];
    if (next === undefined) continue;
    if (JSON.stringify(next.wire) === JSON.stringify(drafted.wire)) {
      if (withoutWords(next) !== withoutWords(drafted))
        carry.set(["params", name], next, `${name} as add drafts it from the newer document's request`);
    } else if (movesParam(name, mine, was, now))
      carry.set(
        ["params", name],
        next,
        `${name} moved: the newer document takes it as ${placeWords(name, next)}, no longer as ` +
          placeWords(name, drafted),
      );
  }
}

/**
 * Whether the manifest's parameter `name`, add's draft untouched, is followed to where the newer draft sends a
 * parameter of its name: its place gone, its name drafted elsewhere (Cribl's query parameters become body fields, a
 * body field become a query parameter). One whose place the newer draft still fills is another parameter's name taken
 * (new, carry.ts). The new-parameter pass leaves such a place alone: it is this parameter's, not a new one.
 */
export function movesParam(name: string, mine: ManifestOperation, was: Drafted, now: Drafted): boolean {
  const [drafted, held, next] = [was.op.params?.[name], mine.params?.[name], now.op.params?.[name]];
  if (!drafted || !held || !next || JSON.stringify(held) !== JSON.stringify(drafted)) return false;
  return JSON.stringify(next.wire) !== JSON.stringify(drafted.wire) && !placesOf(now).has(placeOf(name, drafted));
}

/** The parts of an operation add drafts from how the document reads its request and answer, besides its values. */
const READING = ["stream", "download", "bodyEncoding", "deprecated", "constants", "rules", "outcomes"] as const;
/**
 * Where the operation's calls go, where it names a server of its own (eGain's third version serves two operations at
 * `https://${API_DOMAIN}/core/aiservices/v4`, each customer's host: generate refused them without `server.param`).
 */
const ADDRESS = ["server"] as const;

/**
 * How an operation is read, as add drafted it from the older document, that add drafts otherwise from the newer
 * (Indicia's username search: a JSON answer become a stream of server-sent events, `stream: true`): set to the newer
 * draft, or taken out where it drafts none. The tool otherwise asked for and read the answer as the older document
 * gave it (a 406 from a service that answers only the stream). One part written or changed by hand leaves them all.
 * So does where its calls go (an operation's own server), apart.
 */
export function followRedraftedReading(carry: Carrier, mine: ManifestOperation, was: Drafted, now: Drafted): void {
  for (const group of [READING, ADDRESS]) {
    // One part changed by hand: the user reads the operation their own way, all of it left to them.
    if (group.some((key) => JSON.stringify(mine[key]) !== JSON.stringify(was.op[key]))) continue;
    for (const key of group) {
      if (JSON.stringify(now.op[key]) === JSON.stringify(was.op[key])) continue;
      const why = `${key} as add drafts it from the newer document`;
      if (now.op[key] === undefined) carry.unset([key], why);
      else carry.set([key], now.op[key], why);
      if (key === "outcomes") carryOutcomeOutputs(carry, now);
    }
  }
}

/**
 * The outputs the newer draft's outcomes name that the operation, as carried, lacks: drafted as the newer draft has
 * them. An outcome may only name outputs of its operation (generate refuses another), and the newer draft may name
 * one the carried outputs have under another name or not at all (the answer's status `metadata.status2`, its own
 * `status` field now `metadata.status`).
 */
function carryOutcomeOutputs(carry: Carrier, now: Drafted): void {
  const named = Object.values(now.op.outcomes ?? {}).flatMap((o) => Object.keys(o.outputs ?? {}));
  for (const name of new Set(named)) {
    const drafted = now.op.outputs?.[name];
    if (drafted !== undefined && !carry.has("outputs", name))
      carry.set(
        ["outputs", name],
        drafted,
        `${name} as add drafts it from the newer document, which its outcomes name`,
      );
  }
}

/** An output or a parameter as JSON text, its description aside (the text carry follows it on its own). */
function withoutWords(output: unknown): string {
  if (output === null || typeof output !== "object") return JSON.stringify(output);
  const { description: _words, ...rest } = output as Record<string, unknown>;
  return JSON.stringify(rest);
}
