// A request body that is one of several object shapes (`oneOf`/`anyOf` of objects, each listing its fields and
// closed over them with `additionalProperties: false`, none named by a tag's value), whose fields the manifest gives
// as one parameter each: an input the suite makes gives the fields of one shape, and (for `oneOf`) fields that only
// that shape admits. Every parameter at once mixed the shapes (a move-in token beside a transfer's price and a zone
// flag): no shape took the body, and the request judge refused it. By field names: which top-level fields each shape
// lists and requires.
import { parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { oneValue } from "../../model/one-value.js";
import type { GroupInput, Outcome } from "./group-rules.js";

export interface BodyBranch {
  /** The top-level fields it lists (the body's own beside the union's included). */
  listed: Set<string>;
  required: Set<string>;
  /** It takes no field it does not list. */
  closed: boolean;
}

export interface BodyBranches {
  /** `oneOf`: a body must meet exactly one; `anyOf`: at least one. */
  exactlyOne: boolean;
  branches: BodyBranch[];
  /** The parameter placed at each top-level field, and the body constants' fields (always sent). */
  paramOf: Map<string, string>;
  constants: Set<string>;
}

/**
 * The shapes of the operation's body, when it is a union of two or more object shapes and the tool places some field
 * that not every shape lists (else any input meets them as the schema's own fields do).
 */
export function bodyBranches(tool: ToolSpec, doc: OpenApiDocument, op: OpenApiOperation): BodyBranches | undefined {
  const schema = op.requestBody?.schema;
  if (!schema) return undefined;
  const union = unionMembers(doc, schema);
  if (!union) return undefined;
  const { flat, members } = union;
  const names = (s: Schema, key: "properties" | "required") =>
    key === "properties" ? Object.keys((s.properties ?? {}) as object) : Array.isArray(s.required) ? s.required : [];
  const branches: BodyBranch[] = [];
  for (const b of members) {
    if ((b.type !== undefined && b.type !== "object") || b.properties === undefined) return undefined;
    branches.push({
      listed: new Set([...names(flat, "properties"), ...names(b, "properties")]),
      required: new Set([...names(flat, "required"), ...names(b, "required")].map(String)),
      closed: b.additionalProperties === false || flat.additionalProperties === false,
    });
  }
  // Told apart by names alone only when each shape is closed over its fields, and no field carries a value of its own
  // in each (a tag: the value then names the shape, add drafts it required, and the fields may be shared).
  if (!branches.every((b) => b.closed) || tagged(doc, members)) return undefined;
  const paramOf = new Map<string, string>();
  for (const p of tool.params) {
    const field = p.wire.in === "body" ? parsePointer(p.wire.pointer)[0] : undefined;
    if (field !== undefined) paramOf.set(field, p.name);
  }
  const constants = bodyConstantFields(tool);
  const apart = [...paramOf.keys()].some((f) => branches.some((b) => !b.listed.has(f)));
  return apart ? { exactlyOne: Array.isArray(flat.oneOf), branches, paramOf, constants } : undefined;
}

/** A body schema that is a union (`oneOf`, else `anyOf`) of two or more members: it and its members, flattened. */
export function unionMembers(doc: OpenApiDocument, schema: Schema): { flat: Schema; members: Schema[] } | undefined {
  try {
    const flat = doc.flatten(schema);
    const key = Array.isArray(flat.oneOf) ? "oneOf" : Array.isArray(flat.anyOf) ? "anyOf" : undefined;
    if (!key || (flat[key] as unknown[]).length < 2) return undefined;
    return { flat, members: (flat[key] as Schema[]).map((b) => doc.flatten(b)) };
  } catch {
    return undefined;
  }
}

/** The top-level body fields the tool's constants fill (always sent). */
export function bodyConstantFields(tool: ToolSpec): Set<string> {
  return new Set(
    tool.constants.flatMap((c) => (c.in === "body" ? [parsePointer(c.pointer)[0] ?? ""] : [])).filter(Boolean),
  );
}

/** Whether some field every shape lists takes one value of its own in each (`kind: {enum: [width]}`). */
function tagged(doc: OpenApiDocument, members: Schema[]): boolean {
  const fields = Object.keys((members[0]?.properties ?? {}) as object);
  return fields.some((field) => {
    const values = members.map((m) => {
      const own = (m.properties as Record<string, Schema> | undefined)?.[field];
      try {
        return own ? oneValue(doc.flatten(own)) : undefined;
      } catch {
        return undefined;
      }
    });
    return values.every((v) => v !== undefined) && new Set(values.map((v) => JSON.stringify(v?.value))).size > 1;
  });
}

/** Whether a body of exactly these top-level fields meets the branch, by their names. */
function admits(branch: BodyBranch, fields: ReadonlySet<string>): boolean {
  for (const f of branch.required) if (!fields.has(f)) return false;
  if (branch.closed) for (const f of fields) if (!branch.listed.has(f)) return false;
  return true;
}

/**
 * `input.out` made to give the fields of one shape (`prefer`'s, else the one holding a pinned field, else the one
 * listing most of those given): the other shapes' fields left out, its required ones completed from their examples,
 * and, while another shape would take the body too (`oneOf`), a field only it lists given, or a field the other
 * requires left out. `kept`: parameters never left out (pinned, or required by the manifest).
 */
export function meetBodyBranch(
  shapes: BodyBranches,
  input: GroupInput,
  kept: (param: string) => boolean,
  prefer?: number,
): Outcome {
  const { out, has } = input;
  const fields = () => new Set([...shapes.constants, ...[...shapes.paramOf].filter(([, p]) => has(p)).map(([f]) => f)]);
  const meeting = () => shapes.branches.filter((b) => admits(b, fields()));
  const met = meeting();
  const preferred = prefer === undefined ? undefined : shapes.branches[prefer];
  if (preferred ? met.includes(preferred) && (met.length === 1 || !shapes.exactlyOne) : met.length === 1) return "ok";
  if (!preferred && met.length > 1 && !shapes.exactlyOne) return "ok";
  const given = fields();
  const fixed = [...given].filter((f) => shapes.constants.has(f) || kept(shapes.paramOf.get(f) ?? ""));
  const fits = (b: BodyBranch) => fixed.every((f) => b.listed.has(f) || !b.closed);
  const chosen =
    preferred ??
    shapes.branches
      .filter(fits)
      .sort(
        (a, b) => [...given].filter((f) => b.listed.has(f)).length - [...given].filter((f) => a.listed.has(f)).length,
      )[0];
  if (!chosen || !fits(chosen)) return "impossible";
  // Another shape's own fields out (a closed shape takes none; an open one is still told apart best without them).
  for (const f of given) {
    const p = shapes.paramOf.get(f);
    if (p !== undefined && !chosen.listed.has(f) && !kept(p)) delete out[p];
  }
  if (!complete([...chosen.required], shapes, input)) return "impossible";
  const param = (f: string) => shapes.paramOf.get(f) ?? "";
  for (const other of shapes.branches) {
    if (other === chosen || !shapes.exactlyOne || !admits(other, fields())) continue;
    // A field only the chosen shape lists (the other is closed), from its example; else one the other requires, out.
    const own = [...chosen.listed].find(
      (f) => other.closed && !other.listed.has(f) && shapes.paramOf.has(f) && input.example(param(f)) !== undefined,
    );
    if (own !== undefined && complete([own], shapes, input)) continue;
    const needed = [...other.required].find((f) => !chosen.required.has(f) && shapes.paramOf.has(f) && !kept(param(f)));
    if (needed === undefined) return "impossible";
    delete out[param(needed)];
  }
  const now = meeting();
  return now.includes(chosen) && (!shapes.exactlyOne || now.length === 1) ? "changed" : "impossible";
}

/** Each field given, from its parameter's example where missing; false when one has no parameter or no example. */
function complete(fields: string[], shapes: BodyBranches, input: GroupInput): boolean {
  for (const f of fields) {
    if (shapes.constants.has(f)) continue;
    const p = shapes.paramOf.get(f);
    if (p === undefined) return false;
    if (input.has(p)) continue;
    const example = input.example(p);
    if (!example) return false;
    input.out[p] = example.value;
  }
  return true;
}
