// Two versions of a request or response body schema compared field by
// field, each difference one change of a kind in kinds.ts at its pointer
// (`/data/tags/*`, `*` for array items and `{}` for map values, `/` for the
// whole body). Both sides are flattened first (schema-flat.ts), so writing
// the same schema another way is no change. A request does not hold
// read-only fields and a response does not hold write-only ones. Each pair
// of nodes is compared once (SchemaComparer), whatever the recursion and the
// width of the unions.
import { type At, type DocumentSet, type Flat, Flattener, isRequired, requiredOfEveryCall } from "./schema-flat.js";
import type { KindId, Severity } from "./kinds.js";
import { requestFormatSeverity } from "../model/request-format.js";
import { type LimitMove, limitMove } from "../model/limit-order.js";

export type Side = "request" | "response";

export interface SchemaChange {
  kind: KindId;
  pointer: string;
  old?: unknown;
  new?: unknown;
  /** Said when the document says more than the kind does (an open enum, a format the block checks). */
  severity?: Severity;
  note?: string;
}

/** How many property names deep a comparison lists changes (a bound output deeper than this is compared as a whole). */
const MAX_NAMES = 6;
/** Kinds whose words say every call must now send the field. */
export const ASKED_OF_EVERY_CALL: ReadonlySet<KindId> = new Set<KindId>([
  "new-required-request-property",
  "request-property-became-required",
]);

/** A change relative to the pair of nodes compared: `at` is "" for the pair itself, `/name`, `/*`, `/{}` below it. */
interface Placed extends Omit<SchemaChange, "pointer"> {
  at: string;
}

interface Ctx {
  older: Flattener;
  newer: Flattener;
  side: Side;
  out: Placed[];
  /** Compare two nodes below this pair, at `step`; their changes land here under it. */
  descend: (a: At, b: At, step: string) => void;
}

const names = (pointer: string) => pointer.split("/").filter((s) => s && s !== "*" && s !== "{}").length;
const child = (pointer: string, step: string) =>
  `${pointer === "/" ? "" : pointer}/${step.replace(/~/g, "~0").replace(/\//g, "~1")}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sorted = (s: Set<string>) => [...s].sort();

/**
 * Two versions of a document's schemas compared pair by pair: each pair of
 * nodes (schema-flat.ts Flattener keys) once per side, its changes kept
 * relative to it and placed under every place that reaches it. A pair met
 * again inside itself (a recursive schema, a tree of node unions) adds
 * nothing there: its changes are listed where it was first met. So the work
 * grows with the pairs of nodes, not with the paths through them.
 */
export class SchemaComparer {
  readonly older: Flattener;
  readonly newer: Flattener;
  /** undefined: being compared (met again inside itself). */
  private readonly memo = new Map<string, Placed[] | undefined>();
  /** Pairs compared: tests check it grows with the documents, not with the paths through them. */
  pairs = 0;

  constructor(older: DocumentSet, newer: DocumentSet) {
    this.older = new Flattener(older);
    this.newer = new Flattener(newer);
  }

  /** Every change from `a` to `b`, at its pointer (`/` for the whole). */
  compare(a: At | undefined, b: At | undefined, side: Side): SchemaChange[] {
    if (!a || !b) return [];
    return this.pair(a, b, side).map(({ at, ...c }) => {
      const change: SchemaChange = { ...c, pointer: at || "/" };
      if (side === "request" && !c.note && ASKED_OF_EVERY_CALL.has(c.kind)) {
        const sender = this.optionalAncestor(b, at);
        if (sender !== undefined) change.note = `a call sending ${sender} must now send it`;
      }
      if (!at && side === "response" && c.kind === "response-property-deprecated")
        Object.assign(change, {
          severity: "informational",
          note: "the answer as a whole is marked deprecated: the operation's own mark is what a caller acts on",
        });
      return change;
    });
  }

  /**
   * The field a pointer's field is inside that a call may leave out (an optional object, or a list's item or a map's
   * value: a call may send none), the deepest; undefined where every call sends each one above it.
   */
  private optionalAncestor(b: At, pointer: string): string | undefined {
    const steps = pointer.split("/").slice(1, -1);
    let at: At | undefined = b;
    let found: string | undefined;
    for (const [i, step] of steps.entries()) {
      const flat: Flat = this.newer.flat(at);
      const name = step.replace(/~1/g, "/").replace(/~0/g, "~");
      const optional = step === "*" || step === "{}" || !requiredOfEveryCall(flat, name);
      if (optional) found = `/${steps.slice(0, i + 1).join("/")}`;
      const next: At[] | undefined =
        step === "*"
          ? flat.items
          : step === "{}"
            ? Array.isArray(flat.additional)
              ? flat.additional
              : undefined
            : flat.properties.get(name);
      at = next && this.newer.joined(next);
      if (!at) return found;
    }
    return found;
  }

  private pair(a: At, b: At, side: Side): Placed[] {
    const key = `${side}\u0000${this.older.key(a)}\u0000${this.newer.key(b)}`;
    if (this.memo.has(key)) return this.memo.get(key) ?? [];
    this.memo.set(key, undefined);
    this.pairs++;
    const out: Placed[] = [];
    const ctx: Ctx = {
      older: this.older,
      newer: this.newer,
      side,
      out,
      descend: (x, y, step) => {
        for (const c of this.pair(x, y, side)) {
          const at = `${step}${c.at}`;
          if (names(at) <= MAX_NAMES) out.push({ ...c, at });
        }
      },
    };
    compareFlat(ctx, this.older.flat(a), this.newer.flat(b));
    this.memo.set(key, out);
    return out;
  }
}

function push(ctx: Ctx, kind: KindId, at: string, extra: Omit<SchemaChange, "kind" | "pointer"> = {}): void {
  ctx.out.push({ kind, at, ...extra });
}

/** One pair: its own changes at "", its fields' through `descend`. */
function compareFlat(ctx: Ctx, a: Flat, b: Flat): void {
  const req = ctx.side === "request";
  if (a.recursive || b.recursive) return;
  const prefix = req ? "request-property" : "response-property";
  const here = "";
  // A schema lost or gained: the rest of the comparison has nothing to stand on.
  if (!a.noSchema && b.noSchema) {
    if (req) return;
    push(ctx, "response-property-type-changed", here, { old: typeText(a), new: "no schema" });
    // Every field a reader could count on is gone with it.
    for (const [name, at] of a.properties)
      if (!ctx.older.flat(at[0] as At).writeOnly) push(ctx, "response-property-removed", child(here, name));
    return;
  }
  if (a.noSchema && !b.noSchema) {
    if (req) push(ctx, "request-property-type-changed", here, { old: "any", new: typeText(b) });
    // An answer's value of no schema now typed: a reader took any value, this type among them. Nothing it read
    // breaks; the document promises more (as a field no longer nullable does).
    else if (b.types.size)
      push(ctx, "response-property-type-changed", here, {
        old: "any",
        new: typeText(b),
        severity: "non-breaking",
        note: "the older document promised no type: a reader took any value, one of this type among them",
      });
  }
  compareTypes(ctx, a, b, here);
  if (a.nullable !== b.nullable && !(a.types.has("null") && b.types.has("null"))) {
    if (req) push(ctx, b.nullable ? "request-property-became-nullable" : "request-property-became-not-nullable", here);
    else push(ctx, b.nullable ? "response-property-became-nullable" : "response-property-became-not-nullable", here);
  }
  compareEnums(ctx, a, b, here, prefix);
  if (a.format !== b.format && !(a.format === undefined && b.format === undefined))
    push(ctx, req ? "request-property-format-changed" : "response-property-format-changed", here, {
      ...(a.format ? { old: a.format } : {}),
      ...(b.format ? { new: b.format } : {}),
      ...(req ? requestFormatSeverity(a.format, b.format, b.types.has("string")) : {}),
    });
  if (!same(a.default, b.default))
    push(ctx, req ? "request-property-default-value-changed" : "response-property-default-value-changed", here, {
      ...(a.default !== undefined ? { old: a.default } : {}),
      ...(b.default !== undefined ? { new: b.default } : {}),
    });
  if (a.deprecated !== b.deprecated) push(ctx, b.deprecated ? `${prefix}-deprecated` : `${prefix}-reactivated`, here);
  if (normalText(a.description) !== normalText(b.description))
    push(ctx, req ? "request-property-description-changed" : "response-property-description-changed", here);
  compareLimits(ctx, a, b, here);
  if (!req) {
    const added = b.shapes.filter((s) => !covered(s, a.shapes));
    // Breaking when the old shape promised fields (required ones) a reader may count on; with every field optional,
    // nothing was promised.
    const promised = [...a.properties.keys()].some((name) => isRequired(a, name));
    if (a.shapes.length && added.length && b.shapes.length > a.shapes.length)
      push(ctx, "response-property-one-of-added", here, {
        new: added.length === 1 ? added[0] : added,
        ...(promised
          ? {}
          : {
              severity: "non-breaking" as const,
              note: "it may come back in another shape; every field of the old one was optional",
            }),
      });
  }
  compareProperties(ctx, a, b);
  const ia = ctx.older.joined(a.items);
  const ib = ctx.newer.joined(b.items);
  if (ia && ib) ctx.descend(ia, ib, "/*");
  if (Array.isArray(a.additional) && Array.isArray(b.additional)) {
    const ma = ctx.older.joined(a.additional);
    const mb = ctx.newer.joined(b.additional);
    if (ma && mb) ctx.descend(ma, mb, "/{}");
  } else if (
    Array.isArray(b.additional) &&
    (a.additional === true || (a.additional === undefined && (!req || !a.properties.size) && a.types.has("object"))) &&
    b.additional.some((x) => !ctx.newer.flat(x).noSchema)
  ) {
    // A map of any values now declares them: a request refuses others; a response promises a shape.
    if (req) push(ctx, "request-property-additional-properties-restricted", here);
    else push(ctx, "response-property-added", "/{}");
  }
}

const normalText = (t: string) => t.replace(/\s+/g, " ").trim();

/** A new alternative the old ones already had (same name, or mostly the same fields). */
function covered(shape: string, old: string[]): boolean {
  if (old.includes(shape)) return true;
  const fields = (s: string) => new Set(s.split(","));
  const f = fields(shape);
  if (f.size < 2) return false;
  return old.some((o) => {
    const g = fields(o);
    const common = [...f].filter((x) => g.has(x)).length;
    return common / Math.max(f.size, g.size) >= 0.5;
  });
}

function typeText(f: Flat): string {
  return f.types.size ? sorted(f.types).join(" | ") : "any";
}

function compareTypes(ctx: Ctx, a: Flat, b: Flat, pointer: string): void {
  if (same(sorted(a.types), sorted(b.types)) || !a.types.size || !b.types.size) return;
  const widened = (x: Set<string>, y: Set<string>) =>
    [...x].every((t) => y.has(t) || (t === "integer" && y.has("number")));
  if (ctx.side === "request")
    push(
      ctx,
      widened(a.types, b.types) ? "request-property-type-generalized" : "request-property-type-changed",
      pointer,
      { old: sorted(a.types), new: sorted(b.types) },
    );
  else if (!widened(b.types, a.types))
    push(ctx, "response-property-type-changed", pointer, { old: sorted(a.types), new: sorted(b.types) });
}

function compareEnums(
  ctx: Ctx,
  a: Flat,
  b: Flat,
  pointer: string,
  prefix: "request-property" | "response-property",
): void {
  const open =
    a.openEnum || b.openEnum
      ? { severity: "informational" as const, note: "an open enum: any value of its type was and is accepted" }
      : {};
  if (a.enum && b.enum) {
    // By their JSON, each list once: published enums run to thousands of values (a pairwise compare is quadratic).
    const before = new Set(a.enum.map((v) => JSON.stringify(v)));
    const after = new Set(b.enum.map((v) => JSON.stringify(v)));
    const added = b.enum.filter((v) => !before.has(JSON.stringify(v)));
    const removed = a.enum.filter((v) => !after.has(JSON.stringify(v)));
    if (added.length) push(ctx, `${prefix}-enum-value-added`, pointer, { new: added, ...open });
    if (removed.length) push(ctx, `${prefix}-enum-value-removed`, pointer, { old: removed, ...open });
  } else if (!a.enum && b.enum && !b.openEnum) push(ctx, `${prefix}-enum-set`, pointer, { new: b.enum });
  else if (a.enum && !b.enum && !a.openEnum) push(ctx, `${prefix}-enum-removed`, pointer, { old: a.enum });
}

/** Limits on a parameter's value: each one added or tightened, removed or loosened, or a pattern changed. */
export function limitChanges(
  a: Flat,
  b: Flat,
): { key: string; move: LimitMove; old?: number | string; new?: number | string }[] {
  const out: { key: string; move: LimitMove; old?: number | string; new?: number | string }[] = [];
  for (const key of new Set([...Object.keys(a.limits), ...Object.keys(b.limits)])) {
    const x = numeric(a.limits[key]);
    const y = numeric(b.limits[key]);
    const move = limitMove(key, x, y);
    if (!move) continue;
    out.push({ key, move, ...(x !== undefined ? { old: x } : {}), ...(y !== undefined ? { new: y } : {}) });
  }
  return out;
}

/** A limit written as a numeric string (Discovery documents) read as its number. */
const numeric = (v: number | string | undefined) =>
  typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v;

/** The words a report line gives a limit's move. */
export function limitNote(key: string, move: LimitMove): string {
  if (key === "uniqueItems")
    return move === "loosened"
      ? "uniqueItems removed: a list holding equal items is accepted"
      : "uniqueItems added: a list holding two equal items may be refused";
  if (move === "loosened") return `${key} loosened or removed: more values accepted`;
  if (move === "tightened") return `${key} added or tightened: a value that passed may be refused`;
  return `${key} changed to one not comparable with the old: a value that passed may be refused`;
}

function compareLimits(ctx: Ctx, a: Flat, b: Flat, pointer: string): void {
  for (const key of new Set([...Object.keys(a.limits), ...Object.keys(b.limits)])) {
    const x = numeric(a.limits[key]);
    const y = numeric(b.limits[key]);
    if (x === y) continue;
    if (ctx.side === "response") {
      push(ctx, "response-property-limit-changed", pointer, {
        note: `${key} changed: a limit on an output is documentation`,
        ...(x !== undefined ? { old: x } : {}),
        ...(y !== undefined ? { new: y } : {}),
      });
      continue;
    }
    if (key === "minLength" && x === undefined) push(ctx, "request-property-min-length-set", pointer, { new: y });
    else if (key === "maxLength" && typeof x === "number" && typeof y === "number" && y > x)
      push(ctx, "request-property-max-length-increased", pointer, { old: x, new: y });
    else if (key === "maxItems" && typeof x === "number" && typeof y === "number" && y > x)
      push(ctx, "request-property-max-items-increased", pointer, { old: x, new: y });
    else {
      const move = limitMove(key, x, y);
      if (!move) continue;
      push(ctx, LIMIT_KINDS.property[move], pointer, {
        note: limitNote(key, move),
        ...(x !== undefined ? { old: x } : {}),
        ...(y !== undefined ? { new: y } : {}),
      });
    }
  }
}

/** The kind a limit's move is, on a parameter or on a body field. */
export const LIMIT_KINDS = {
  parameter: {
    loosened: "request-parameter-limit-loosened",
    tightened: "request-parameter-limit-tightened",
    changed: "request-parameter-pattern-changed",
  },
  property: {
    loosened: "request-property-limit-loosened",
    tightened: "request-property-limit-tightened",
    changed: "request-property-pattern-changed",
  },
} as const;

/** A field's schema where the document gives none: any value. */
const UNDESCRIBED: At = { schema: {}, file: "" };

function compareProperties(ctx: Ctx, a: Flat, b: Flat): void {
  const req = ctx.side === "request";
  // What the caller meets on its side: a request holds no read-only field, a response no write-only one.
  const view = (f: Flat, nodes: Flattener) => {
    const m = new Map<string, { at: At; flat: Flat }>();
    for (const [name, at] of f.properties) {
      const one = nodes.joined(at);
      if (!one) continue;
      m.set(name, { at: one, flat: nodes.flat(one) });
    }
    return m;
  };
  const pa = view(a, ctx.older);
  const pb = view(b, ctx.newer);
  for (const name of new Set([...pa.keys(), ...pb.keys()])) {
    const x = pa.get(name);
    const y = pb.get(name);
    const p = child("", name);
    const hidden = (f: Flat | undefined) => !f || (req ? f.readOnly : f.writeOnly);
    if (!x) {
      if (hidden(y?.flat)) continue;
      // Required before though never described (`required` naming a field `properties` lacks): every call sent it
      // already, of any value; what is new is its schema.
      if (req && y && isRequired(a, name) && isRequired(b, name)) {
        ctx.descend(UNDESCRIBED, y.at, p);
        continue;
      }
      // Inside an object form that is itself new (a gid string that may now be an object), nothing is asked of a caller
      // sending the old form; nor, inside one form of a union of objects, of a caller sending another form.
      const newForm = req && !a.properties.size && !a.types.has("object") && a.types.size > 0;
      const oneForm = req && isRequired(b, name) && !requiredOfEveryCall(b, name);
      if (req)
        push(
          ctx,
          isRequired(b, name) ? "new-required-request-property" : "new-optional-request-property",
          p,
          newForm && isRequired(b, name)
            ? {
                severity: "non-breaking",
                note: "required only inside the new object form; a caller sending the old form is unaffected",
              }
            : oneForm
              ? {
                  severity: "non-breaking",
                  note:
                    "required only in the forms of the body that have it; a call sending another form is " +
                    "unaffected",
                }
              : {},
        );
      else push(ctx, "response-property-added", p);
      continue;
    }
    if (!y) {
      if (!hidden(x.flat)) push(ctx, req ? "request-property-removed" : "response-property-removed", p);
      continue;
    }
    // Required in every form that has it: a call sending such a form must send it.
    const ra = isRequired(a, name);
    const rb = isRequired(b, name);
    // Read-only before: required now and not before is a field every call must send; else one a call may send.
    if (req && x.flat.readOnly && !y.flat.readOnly)
      push(
        ctx,
        rb && !ra ? "request-property-became-required" : "request-property-became-writable",
        p,
        rb && !ra ? {} : { old: true, new: false },
      );
    else if (req && !x.flat.readOnly && y.flat.readOnly) push(ctx, "request-property-became-read-only", p);
    else if (ra !== rb) {
      if (req) push(ctx, rb ? "request-property-became-required" : "request-property-became-optional", p);
      else push(ctx, rb ? "response-property-became-required" : "response-property-became-optional", p);
    }
    ctx.descend(x.at, y.at, p);
  }
}
