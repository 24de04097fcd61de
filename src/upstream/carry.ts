// What `upstream <p> <newer> --accept` carries into a manifest `add`
// drafted besides what the newer document asks more of (tighten.ts): what
// `add` drafts otherwise from the newer cut than from the older one, where
// the manifest still holds the older draft. A title or description (of an
// operation, a parameter, an output) the manifest has as add drafted it
// from the older document follows the newer one's; one the user rewrote is
// kept, with the newer text in a note. A parameter, body field or output
// add drafts from the newer document and not from the older (new there),
// that the manifest binds nowhere, is added as add drafts it (a required one
// too: the service refuses a call without it); so is an idempotency key the newer
// document asks of each call (a required `Idempotency-Key`), which the runtime sends itself.
// A parameter or output add drafted, untouched, that add drafts otherwise
// from the newer document (a text become a file, a list become an object)
// follows the newer draft, as does how the operation is read (an answer
// become a stream of events). An output add drafted from a field of the
// answer that the newer answer no longer has is taken out, noted: kept, the manifest no longer linked, and
// `diff` could not say which workflow lines read it. One read from the first
// of several places that holds a value loses only the places gone, and is
// taken out when none is left. Paging add drafted that reads a field the newer answer no longer has (a `nextUrl`'s
// address, a cursor, an end flag), sends a request parameter the newer document no longer takes (a page number become
// a cursor), or gathers an output taken out, follows the newer draft's paging where that one's
// outputs and page size are the manifest's, and is taken out otherwise (the tool then answers one page): kept, the
// manifest no longer linked (BW2003). So do the credential (carry-auth.ts), where errors are read and the address
// (carry-head.ts), and the poll triggers add drafted (carry-triggers.ts).
// Each gets a `# review:` comment and a printed line, and `diff` reports
// each (a text changed, a new optional parameter or output, an output
// removed): without them the package stayed as the older document described
// it, and `diff` never mentioned what the newer one says.
import { type Document, isMap, isNode, Pair, parseDocument } from "yaml";
import { addReviewNotes, draftedNode, type ReviewNote, retireReviewNotes } from "../import/manifest-yaml.js";
import { shortText } from "../import/plain-text.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import type { ManifestOperation, ManifestOutput, ManifestParam } from "../load/precompiled/manifest-types.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { apartParam } from "./carry-apart-param.js";
import { carryAuth, type DraftHead } from "./carry-auth.js";
import { type Drafted, drafted } from "./carry-drafts.js";
import { carryHead } from "./carry-head.js";
import {
  dropGoneOutputs,
  dropGoneParams,
  followRedraftedOutputs,
  followRedraftedParams,
  followRedraftedReading,
  movesParam,
} from "./carry-gone.js";
import { carryPaging } from "./carry-paging.js";
import { carryTriggers } from "./carry-triggers.js";

type Json = Record<string, unknown>;
type Path = (string | number)[];
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

export interface Carried {
  text: string;
  /** One line per value written or noted: `operations.x.params.name: …`. */
  lines: string[];
}

/**
 * The manifest with what add drafts otherwise from `newerCutText` than from `olderCutText` carried in (see the top of
 * this file).
 */
export function carryDrafted(
  manifestText: string,
  olderCutText: string,
  newerCutText: string,
  cutName: string,
  /** Operations the newer document names otherwise: newer name → older (renamed-operations.ts). */
  renamed: ReadonlyMap<string, string> = new Map(),
): Carried {
  const yaml = parseDocument(manifestText);
  const manifest = object(yaml.toJS());
  const provider = typeof manifest.provider === "string" ? manifest.provider : "";
  const operations = Object.entries(object(manifest.operations)).flatMap(([id, raw]) => {
    const operationId = object(raw).operationId;
    return typeof operationId === "string"
      ? [{ id, operationId, mine: object(raw) as unknown as ManifestOperation }]
      : [];
  });
  const olderName = (operationId: string) => renamed.get(operationId) ?? operationId;
  const olderHead: DraftHead = {};
  const newerHead: DraftHead = {};
  const older = drafted(
    olderCutText,
    cutName,
    provider,
    operations.map((o) => ({ operationId: olderName(o.operationId) })),
    olderHead,
  );
  const newer = drafted(newerCutText, cutName, provider, operations, newerHead);
  const newerAnswers = answersOf(newerCutText, cutName);
  const lines: string[] = [];
  const shared = object(manifest.params) as Record<string, ManifestParam>;
  for (const { id, operationId, mine } of operations) {
    const was = older.get(olderName(operationId));
    const now = newer.get(operationId);
    if (!was || !now) continue;
    const carry = new Carrier(yaml, ["operations", id], lines);
    carry.text(["title"], mine.title, was.op.title, now.op.title, "title");
    carry.text(["description"], mine.description, was.op.description, now.op.description, "description");
    carryParams(carry, mine, shared, was, now);
    carryOutputs(carry, mine, was, now);
    dropGoneOutputs(carry, mine, was, (status, pointer) => newerAnswers(operationId, status, pointer));
    dropGoneParams(carry, mine, was, now);
    followRedraftedOutputs(carry, mine, was, now, (status, pointer) => newerAnswers(operationId, status, pointer));
    followRedraftedParams(carry, mine, was, now);
    followRedraftedReading(carry, mine, was, now);
    carryPaging(carry, mine, shared, was.op, now.op, (pointer) => newerAnswers(operationId, undefined, pointer));
    carry.followNotes(was.notes, now.notes);
    // An idempotency key the newer document asks of each call, which the runtime sends itself: no caller gives it.
    const keyed = mine.idempotency !== undefined || manifest.idempotency !== undefined;
    if (!keyed && was.op.idempotency === undefined && now.op.idempotency !== undefined)
      carry.set(["idempotency"], now.op.idempotency, "an idempotency key the newer document asks of each call");
  }
  carryAuth(yaml, manifest, olderHead, newerHead, lines);
  carryHead(yaml, manifest, olderHead, newerHead, lines);
  carryTriggers(yaml, olderHead, newerHead, lines);
  return { text: lines.length ? yaml.toString({ lineWidth: 0, flowCollectionPadding: true }) : manifestText, lines };
}

/** Writes into one operation of the manifest, a review note and a printed line for each value. */
class Carrier {
  constructor(
    private readonly yaml: Document,
    readonly at: Path,
    private readonly lines: string[],
  ) {}

  /**
   * A text add drafted from the older document follows the newer one's; one the user wrote stays, the newer one noted.
   */
  text(place: Path, mine: unknown, was: unknown, now: unknown, what: string): void {
    if (typeof now !== "string" || typeof was !== "string" || was === now || typeof mine !== "string" || mine === now)
      return;
    const path = [...this.at, ...place];
    if (mine === was) {
      this.yaml.setIn(path, now);
      this.note(
        path,
        [
          `the ${what} follows the newer document's (blockwright upstream --accept; ` +
            `it was add's draft of the older one): check it`,
        ],
        "the newer document's text",
      );
    } else
      this.note(
        path,
        [
          `the newer document words the ${what} otherwise: ${JSON.stringify(shortText(now, 300))}; this one, ` +
            `written by hand, is kept`,
        ],
        "the newer document's text noted; yours kept",
      );
  }

  /**
   * A part add drafts from the newer document only, added under `key` (params, outputs) as drafted, with its draft's
   * notes.
   */
  add(key: "params" | "outputs", name: string, value: unknown, why: string, notes: readonly string[]): void {
    const holder = this.yaml.getIn([...this.at, key], true);
    if (!isMap(holder)) this.yaml.setIn([...this.at, key], this.yaml.createNode({}));
    const map = this.yaml.getIn([...this.at, key], true);
    if (!isMap(map)) return;
    map.add(new Pair(this.yaml.createNode(name), draftedNode(this.yaml, value)));
    this.note(
      [...this.at, key, name],
      [
        `${why}: drafted as blockwright add drafts it (blockwright upstream --accept); ` +
          ((value as { required?: unknown }).required === true
            ? "check it (the service refuses a call without it)"
            : "keep it, or delete it if the tool should not offer it"),
        ...notes,
      ],
      why,
    );
  }

  /** A part of the operation add drafts from the newer document only, set as drafted (the runtime's, no caller's). */
  set(place: Path, value: unknown, why: string): void {
    const path = [...this.at, ...place];
    this.yaml.setIn(path, draftedNode(this.yaml, value));
    this.note(path, [`${why}: drafted as blockwright add drafts it (blockwright upstream --accept): check it`], why);
  }

  /** A part of the operation add drafted from the older document and drafts from the newer no more: taken out. */
  unset(place: Path, why: string): void {
    const path = [...this.at, ...place];
    this.yaml.deleteIn(path);
    this.note(this.at, [`${place.join(".")} was taken out: ${why} (blockwright upstream --accept): check it`], why);
  }

  /**
   * An output (a parameter) add drafted, taken out: its field is gone from the answer (the request); the note goes on
   * the operation's outputs (params).
   */
  drop(name: string, why: string, key: "outputs" | "params" = "outputs"): void {
    this.yaml.deleteIn([...this.at, key, name]);
    this.note(
      [...this.at, key],
      [`${name} was taken out: ${why} (blockwright upstream --accept; it was add's draft of the older document)`],
      `${name} taken out: ${why}`,
    );
  }

  /**
   * An output add drafted to read the first of several places that holds a value, some of them gone from the answer:
   * it reads those left (one place written alone); the note goes on its `from`.
   */
  narrow(name: string, left: readonly string[], why: string): void {
    const path = [...this.at, "outputs", name, "from"];
    this.yaml.setIn(path, left.length === 1 ? left[0] : draftedNode(this.yaml, left));
    this.note(
      path,
      [`${why} (blockwright upstream --accept; it was add's draft of the older document): check what ${name} reads`],
      why,
    );
  }

  /** The output or parameter `name` as carried so far (undefined where there is none). */
  current(key: "params" | "outputs", name: string): unknown {
    const node = this.yaml.getIn([...this.at, key, name], true);
    return isNode(node) ? node.toJSON() : node;
  }

  /** Whether the operation, as carried so far, has the output or parameter `name` (or the manifest shares it). */
  has(key: "params" | "outputs", name: string): boolean {
    return this.yaml.hasIn([...this.at, key, name]);
  }

  /**
   * Paging add drafted that names a place gone: set to the newer draft's (`now`), or taken out where none is given;
   * the note goes on the operation's pagination, or on the operation.
   */
  paging(now: unknown, why: string): void {
    const path = [...this.at, "pagination"];
    if (now === undefined) {
      this.yaml.deleteIn(path);
      this.note(
        this.at,
        [
          `its pagination was taken out: ${why} (blockwright upstream --accept; it was add's draft of the older ` +
            `document): the tool answers one page; write how the newer document pages, if it does`,
        ],
        `pagination taken out: ${why}`,
      );
      return;
    }
    this.yaml.setIn(path, draftedNode(this.yaml, now));
    this.note(
      path,
      [
        `the pagination follows the newer document's draft: ${why} (blockwright upstream --accept; it was add's ` +
          `draft of the older document): check it`,
      ],
      `pagination as add drafts it from the newer document: ${why}`,
    );
  }

  /**
   * add's review notes, each a fact of the document it drafted from: one the older document's draft gives and the
   * newer's does not is taken out where it stands as written (a required field no longer required, a bound the schema
   * now states), and the newer's own at that place written in its stead. A part the manifest names otherwise (renamed
   * by hand) keeps its notes.
   */
  followNotes(was: readonly ReviewNote[], now: readonly ReviewNote[]): void {
    const texts = (notes: readonly ReviewNote[], at: string) =>
      notes.filter((n) => JSON.stringify(n.at) === at).map((n) => n.note);
    for (const at of new Set([...was, ...now].map((n) => JSON.stringify(n.at)))) {
      const [older, newer] = [texts(was, at), texts(now, at)];
      const path = [...this.at, ...(JSON.parse(at) as Path)];
      if (!this.yaml.hasIn(path)) continue;
      const taken = retireReviewNotes(
        this.yaml,
        path,
        older.filter((n) => !newer.includes(n)),
      );
      // A note reworded by the newer draft replaces the one taken out; elsewhere the newer draft's notes are news only
      // where the carry changed something, which writes its own.
      const added = taken
        ? addReviewNotes(
            this.yaml,
            path,
            newer.filter((n) => !older.includes(n)),
          )
        : 0;
      if (taken || added)
        this.lines.push(`${path.join(".")}: add's review notes follow the newer document (${taken} out, ${added} in)`);
    }
  }

  private note(path: Path, notes: readonly string[], line: string): void {
    addReviewNotes(this.yaml, path, notes);
    this.lines.push(`${path.join(".")}: ${line}`);
  }
}

/**
 * Where a parameter goes, as one key for the manifest's parameters and the drafts' alike (a header's name in any case).
 */
function wireKey(name: string, p: ManifestParam): string | undefined {
  const w = p.wire;
  if (!w || w.in === "switch") return undefined;
  if (w.in === "body") {
    const pointer = "pointer" in w && w.pointer !== undefined ? w.pointer : undefined;
    // A body object's other fields (link/wire/other-fields.ts) are its fields beside the named ones, at the object's
    // pointer (the whole body's, "", where none is written): neither the whole body nor a field named as the parameter.
    if ("otherFields" in w && w.otherFields) return `body-others:${pointer ?? ""}`;
    const escaped = name.replaceAll("~", "~0").replaceAll("/", "~1");
    return `body:${pointer ?? `/${escaped}`}`;
  }
  const sent = "name" in w && w.name !== undefined ? w.name : name;
  // A field of an object query parameter (wire.field) is a place of its own: keyed by the object alone, every field
  // of it was one key, and a field new in the newer object was never added (the rules drafted with it then named it).
  const field = "field" in w && w.field !== undefined ? ` ${w.field}` : "";
  return `${w.in}:${w.in === "header" ? sent.toLowerCase() : sent}${field}`;
}

function byWire(params: Record<string, ManifestParam> | undefined): Map<string, [string, ManifestParam]> {
  const out = new Map<string, [string, ManifestParam]>();
  for (const [name, p] of Object.entries(params ?? {})) {
    const key = wireKey(name, p);
    if (key !== undefined) out.set(key, [name, p]);
  }
  return out;
}

/** The notes a draft gives a part of its operation (`params`, name), as their texts. */
const notesOf = (d: Drafted, key: string, name: string) =>
  d.notes.filter((n) => n.at[0] === key && n.at[1] === name).map((n) => n.note);

function carryParams(
  carry: Carrier,
  mine: ManifestOperation,
  shared: Record<string, ManifestParam>,
  was: Drafted,
  now: Drafted,
): void {
  const [before, after, own] = [byWire(was.op.params), byWire(now.op.params), byWire(mine.params)];
  const bound = new Set([...own.keys(), ...byWire(shared).keys()]);
  // The whole body sent as one parameter: a field of it is no parameter of its own.
  const wholeBody = bound.has("body:");
  const added = new Set<string>();
  for (const [key, [name, p]] of after) {
    const older = before.get(key);
    const held = own.get(key);
    if (older && held)
      carry.text(
        ["params", held[0], "description"],
        held[1].description,
        older[1].description,
        p.description,
        `description of ${held[0]}`,
      );
    if (older || bound.has(key) || (wholeBody && key.startsWith("body:"))) continue;
    // A parameter of ours moved here (followRedraftedParams): not a new one beside it.
    if (movesParam(name, mine, was, now)) continue;
    const taken = new Set([...Object.keys(mine.params ?? {}), ...Object.keys(shared), ...added]);
    const [free, param] = taken.has(name) ? apartParam(name, p, taken) : [name, p];
    added.add(free);
    const [place, field] = key.slice(key.indexOf(":") + 1).split(" ");
    const what = key.startsWith("body:")
      ? `body field ${key.slice("body:".length)}`
      : `${field ? `field ${field} of ` : ""}${key.slice(0, key.indexOf(":"))} parameter ${place}`;
    // A required one too: the service refuses a call without it, so a caller gives it now (diff: breaking).
    const why = p.required
      ? `new required ${what} in the newer document: each call gives it now`
      : `new optional ${what} in the newer document`;
    const apart = free === name ? [] : [`named ${free}: the manifest's ${name} is another parameter`];
    carry.add("params", free, param, why, [...apart, ...notesOf(now, "params", name)]);
  }
}

/** Where an output reads its value, as one key (a count of a list is another output than the list). */
const sourceKey = (o: ManifestOutput) =>
  `${"from" in o ? String(o.from) : ""}${"count" in o && o.count ? " (count)" : ""}`;

function carryOutputs(carry: Carrier, mine: ManifestOperation, was: Drafted, now: Drafted): void {
  const keyed = (outputs: Record<string, ManifestOutput> | undefined) =>
    new Map(Object.entries(outputs ?? {}).map(([name, o]) => [sourceKey(o), [name, o] as const]));
  const [before, after, own] = [keyed(was.op.outputs), keyed(now.op.outputs), keyed(mine.outputs)];
  for (const [key, [name, o]] of after) {
    const older = before.get(key);
    const held = own.get(key);
    if (older && held)
      carry.text(
        ["outputs", held[0], "description"],
        held[1].description,
        older[1].description,
        o.description,
        `description of ${held[0]}`,
      );
    if (older || held || Object.hasOwn(mine.outputs ?? {}, name)) continue;
    carry.add("outputs", name, o, `new output ${name} in the newer document's answer`, notesOf(now, "outputs", name));
  }
}

/**
 * Whether the newer cut's answer of an operation (by operationId; `status`, or its first 2xx) has the field at
 * `pointer`; undefined where it cannot tell.
 */
function answersOf(
  cutText: string,
  cutName: string,
): (operationId: string, status: number | undefined, pointer: readonly string[]) => boolean | undefined {
  let doc: OpenApiDocument;
  try {
    doc = new OpenApiDocument(parseYamlSource(cutText, cutName));
  } catch {
    return () => undefined;
  }
  return (operationId, status, pointer) => {
    const response = doc.operations
      .get(operationId)
      ?.responses.find((r) => (status === undefined ? /^2\d\d$/.test(String(r.status)) : Number(r.status) === status));
    return response?.schema ? doc.locate(response.schema, pointer).schema !== undefined : undefined;
  };
}
