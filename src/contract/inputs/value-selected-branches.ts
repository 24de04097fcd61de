// A request body that is one of several object shapes told apart by one field's value (`anyOf`/`oneOf` where one
// shape takes `status: [completed]` and requires `conclusion`, another takes `status: [queued, in_progress]`): a field
// the manifest gives as a parameter of its own, whose value selects the shape, and so the fields that shape requires.
// An input that pinned the value (an enum case, `status = completed`) or drew it gave it alone, which no shape took,
// and the request judge refused it. An input the suite makes gives, beside the selecting value, the fields its shape
// requires (from their examples); or, when that cannot be, is no input the rules allow. A shape closed over its fields
// (`additionalProperties: false`, a DNS record of type SRV taking no `value`) takes no other shape's field, and a field
// it narrows (an address of format ipv6 where another shape's is ipv4) no value of another shape's: such fields are
// left out, such values become the shape's own example; where a case pins one of them, a shape taking it is selected
// (the selecting value not pinned), else the input is none the rules allow.
import { isValueFormat, matchesFormat, parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { bodyConstantFields, unionMembers } from "./body-branches.js";
import type { GroupInput, Outcome } from "./group-rules.js";

interface ValueBranch {
  /** The values of the selecting field this shape takes; undefined: any. */
  values: unknown[] | undefined;
  /** The top-level fields it requires beyond those the union requires beside it (the tool's required parameters). */
  required: string[];
  /** The top-level fields it takes, when it is closed over them. */
  closedOver: Set<string> | undefined;
  /** The fields whose values it narrows (a format, an enum): which values it takes, and its example of one. */
  narrowed: Map<string, { takes: (value: unknown) => boolean; example: unknown }>;
}

export interface ValueBranches {
  /** The parameter whose value selects the shape. */
  selector: string;
  branches: ValueBranch[];
  /** The parameter placed at each top-level field. */
  paramOf: Map<string, string>;
  /** The body constants' fields (always sent). */
  constants: Set<string>;
}

/** The values a field's schema allows, when it lists them (`enum`, `const`). */
function listedValues(doc: OpenApiDocument, schema: Schema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  const flat = doc.flatten(schema);
  if (Array.isArray(flat.enum)) return flat.enum;
  return Object.hasOwn(flat, "const") ? [flat.const] : undefined;
}

/**
 * The shapes of the operation's body, when it is a union of object shapes one field of which takes values of its own
 * in each (the selecting field, a parameter of the tool) and which require different fields.
 */
export function valueBranches(tool: ToolSpec, doc: OpenApiDocument, op: OpenApiOperation): ValueBranches | undefined {
  const schema = op.requestBody?.schema;
  if (!schema) return undefined;
  const paramOf = new Map<string, string>();
  for (const p of tool.params) {
    const at = p.wire.in === "body" ? parsePointer(p.wire.pointer) : [];
    if (at.length === 1 && at[0] !== undefined) paramOf.set(at[0], p.name);
  }
  const union = unionMembers(doc, schema);
  if (!union) return undefined;
  const { flat, members } = union;
  try {
    if (members.some((b) => b.type !== undefined && b.type !== "object")) return undefined;
    const beside = Array.isArray(flat.required) ? flat.required.map(String) : [];
    const requiredOf = (b: Schema) =>
      (Array.isArray(b.required) ? b.required.map(String) : []).filter((f) => !beside.includes(f));
    if (new Set(members.map((b) => JSON.stringify([...new Set(requiredOf(b))].sort()))).size < 2) return undefined;
    for (const [field, selector] of paramOf) {
      const values = members.map((b) =>
        listedValues(doc, (b.properties as Record<string, Schema> | undefined)?.[field]),
      );
      // A selecting field: its values differ between shapes (the same enum in each tells none apart).
      if (values.every((v) => v === undefined) || new Set(values.map((v) => JSON.stringify(v))).size < 2) continue;
      const fieldsOf = (b: Schema) => Object.keys({ ...(flat.properties ?? {}), ...(b.properties ?? {}) } as object);
      const closed = (b: Schema) => b.additionalProperties === false || flat.additionalProperties === false;
      return {
        selector,
        paramOf,
        constants: bodyConstantFields(tool),
        branches: members.map((b, i) => ({
          values: values[i],
          required: requiredOf(b),
          closedOver: closed(b) ? new Set(fieldsOf(b)) : undefined,
          narrowed: narrowedFields(doc, b, field),
        })),
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The fields a shape narrows to a format or listed values (beside the selecting field), each with its own example. */
function narrowedFields(doc: OpenApiDocument, shape: Schema, selecting: string): ValueBranch["narrowed"] {
  const out: ValueBranch["narrowed"] = new Map();
  for (const [field, raw] of Object.entries((shape.properties ?? {}) as Record<string, Schema>)) {
    if (field === selecting) continue;
    const own = doc.flatten(raw);
    const listed = listedValues(doc, own);
    const format = typeof own.format === "string" && isValueFormat(own.format) ? own.format : undefined;
    if (!listed && !format) continue;
    const takes = (v: unknown) =>
      (!listed || listed.some((l) => JSON.stringify(l) === JSON.stringify(v))) &&
      (!format || typeof v !== "string" || matchesFormat(format, v));
    const examples = [own.example, ...(Array.isArray(own.examples) ? own.examples : []), ...(listed ?? [])];
    out.set(field, { takes, example: examples.find((e) => e !== undefined && takes(e)) });
  }
  return out;
}

/**
 * `input.out` made to give the fields the shape its selecting value (or its lack) selects requires: ok when a shape
 * it selects has them all; else the first such shape's completed from their examples; impossible when none can be.
 */
export function meetValueBranch(shapes: ValueBranches, input: GroupInput): Outcome {
  const { out, has } = input;
  const field = [...shapes.paramOf].find(([, p]) => p === shapes.selector)?.[0] ?? "";
  const given = has(shapes.selector);
  const takesValue = (b: ValueBranch, v: unknown) =>
    b.values === undefined || b.values.some((x) => JSON.stringify(x) === JSON.stringify(v));
  const selected = shapes.branches.filter((b) =>
    given ? takesValue(b, out[shapes.selector]) : !b.required.includes(field),
  );
  const param = (f: string) => shapes.paramOf.get(f);
  const lacking = (b: ValueBranch) =>
    b.required
      .filter((f) => !shapes.constants.has(f))
      .map(param)
      .filter((p) => p === undefined || !has(p));
  // The parameters given at fields a closed shape does not take, and those whose values it does not.
  const foreign = (b: ValueBranch) =>
    [...shapes.paramOf].filter(([f, p]) => has(p) && b.closedOver && !b.closedOver.has(f)).map(([, p]) => p);
  const misfits = (b: ValueBranch, values: Record<string, unknown>) =>
    [...b.narrowed].flatMap(([f, own]) => {
      const p = param(f);
      return p !== undefined && values[p] !== undefined && !own.takes(values[p]) ? [{ p, example: own.example }] : [];
    });
  const met = (b: ValueBranch) => !lacking(b).length && !foreign(b).length && !misfits(b, out).length;
  // No shape takes the value (an invalid input's, which the runtime refuses before any request), or one that it
  // selects is met, or every one lacks a field no parameter gives (nothing an input can change): as it is.
  if (!selected.length || selected.some(met)) return "ok";
  if (selected.every((b) => lacking(b).includes(undefined))) return "ok";
  // The shapes selected, then (the selecting value not pinned) the others, each by its first value.
  const others = input.isPinned(shapes.selector)
    ? []
    : shapes.branches.filter((b) => !selected.includes(b) && b.values?.length);
  for (const b of [...selected, ...others]) {
    const missing = lacking(b);
    // A field with no parameter, or a parameter left out on purpose (pinned) or with no example: not this shape.
    if (missing.some((p) => p === undefined || input.isPinned(p) || input.example(p) === undefined)) continue;
    const strays = foreign(b);
    if (strays.some((p) => input.isPinned(p))) continue;
    const next: Record<string, unknown> = { ...out };
    for (const p of strays) delete next[p];
    for (const p of missing as string[]) next[p] = input.example(p)?.value;
    if (!selected.includes(b)) next[shapes.selector] = b.values?.[0];
    const wrong = misfits(b, next);
    if (wrong.some((m) => input.isPinned(m.p) || m.example === undefined)) continue;
    for (const m of wrong) next[m.p] = m.example;
    for (const key of Object.keys(out)) if (!(key in next)) delete out[key];
    Object.assign(out, next);
    return "changed";
  }
  return "impossible";
}
