// An output read from the first of several places that holds a value (`from: [a, b]`): a reply that is a bare list or
// a page object holding it (`oneOf: [array, {results: array}]`). Each place is checked as one `from` is, and must be
// able to hold a value of the output's kind (its schema, or one of its union's forms, of that type): a place that never
// could is a mistake, not a fallback.
import type { FirstOfSource, HeldKind, OutputSource, ParamSpec } from "@blockwright/runtime/internal";
import { cloneJson } from "@blockwright/runtime/internal/generate";
import type { TypeRef } from "../../model/ir.js";
import type { ManifestOutputSource } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiOperation, type Schema, unionOf } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";
import { outputTypeMatches, type PlaceRead, readPlace, valueFitsOutputType } from "./read-place.js";

/** The kind a place's value must be of to be taken: an `array` output's (or a count's) a list; a json one's any. */
function heldKind(type: string, count: boolean | undefined): HeldKind | undefined {
  if (count) return "array";
  return type === "array" || type === "string" || type === "number" || type === "boolean" ? type : undefined;
}

export function linkFirstOf(
  ctx: LinkContext,
  src: ManifestOutputSource & { from: string[] },
  at: Path,
  op: OpenApiOperation,
  params: Map<string, ParamSpec>,
  status: number | undefined,
  type: string,
): { source: OutputSource; type: TypeRef } | undefined {
  if (src.omit)
    return ctx.fail("BW2004", [...at, "omit"], `omit takes one place, but from names ${src.from.length}`, "value");
  if (src.count && type !== "number")
    return ctx.fail("BW2004", [...at, "type"], `a count is a number, not ${type}`, "value");
  const holds = heldKind(type, src.count);
  const reads: PlaceRead[] = [];
  src.from.forEach((expression, i) => {
    const read = readPlace(ctx, [...at, "from", i], expression, op, params, status);
    if (!read) return;
    if (!mayHold(ctx, read, src.count ? "array" : type))
      ctx.fail(
        "BW2007",
        [...at, "from", i],
        `${expression} never holds a value of output type ${src.count ? "array (counted)" : type}: it is ` +
          `${read.schemaType ?? "of several types, none of them that"} in ${ctx.openapiName}`,
        "value",
      );
    else reads.push(read);
  });
  if (reads.length < src.from.length) return undefined;
  if (src.default !== undefined && !valueFitsOutputType(src.default, type))
    return ctx.fail(
      "BW2009",
      [...at, "default"],
      `default ${JSON.stringify(src.default)} is not of output type ${type}`,
      "value",
    );
  const required = !src.count && src.default === undefined && everyFormHolds(ctx, op, status, reads, type);
  const source: FirstOfSource = {
    first: src.from.map((expression, i) => ({ expression, ref: (reads[i] as PlaceRead).ref })),
    ...(holds ? { holds } : {}),
    ...(src.count ? { count: true } : {}),
    ...(src.default !== undefined ? { default: cloneJson(src.default) } : {}),
    ...(required ? { required: true } : {}),
  };
  if (src.count) return { source, type: { kind: "primitive", name: "number" } };
  const tsType: TypeRef = {
    kind: "firstOf",
    of: reads.map((r) => r.tsType),
    ...(holds ? { holds } : {}),
    ...(required ? { required: true } : {}),
  };
  return { source, type: src.default !== undefined ? { kind: "nonNullable", of: tsType } : tsType };
}

/** Whether a place may hold a value of output type `type`: its type, or one of its union's forms', is that. */
function mayHold(ctx: LinkContext, read: PlaceRead, type: string): boolean {
  if (outputTypeMatches(type, read.schemaType)) return true;
  const forms = read.schema ? unionOf(read.schema) : undefined;
  return (forms ?? []).some((form) => {
    let t: string | undefined;
    try {
      t = typeOf(ctx.doc.flatten(form as Schema));
    } catch {
      return false; // a $ref that names nothing
    }
    return t !== undefined && outputTypeMatches(type, t);
  });
}

/**
 * Whether every reply the spec allows has a value for the output: the status is one, or each form of the body (each of
 * its union's, else the body's own) has a place it guarantees, not null, of the output's type (the bare list is the
 * body of one form, the page object's required `results` of the other).
 */
function everyFormHolds(
  ctx: LinkContext,
  op: OpenApiOperation,
  status: number | undefined,
  reads: PlaceRead[],
  type: string,
): boolean {
  if (reads.some((r) => r.ref.kind === "status" && outputTypeMatches(type, "integer"))) return true;
  const root = op.responses.find((r) => Number(r.status) === status)?.schema;
  if (!root) return false;
  const body = ctx.doc.flatten(root);
  const forms = unionOf(body) ?? [body];
  return forms.every((form) =>
    reads.some((r) => {
      if (r.ref.kind !== "body") return false;
      try {
        const flat = ctx.doc.flatten(form as Schema);
        const at = r.ref.pointer.length ? ctx.doc.schemaAt(flat, r.ref.pointer) : flat;
        return (
          at !== undefined &&
          ctx.doc.isGuaranteed(flat, r.ref.pointer) &&
          !ctx.doc.mayAnswerNull(at) &&
          outputTypeMatches(type, typeOf(ctx.doc.flatten(at)))
        );
      } catch {
        return false; // a $ref that names nothing
      }
    }),
  );
}
