// A parameter's limits on their own: sane ranges, each of the parameter's type, enum values of that type
// (what the spec's schema says of them: param-limits.ts).
import type { ManifestNestedLimits, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { multipleNear } from "@blockwright/runtime/internal/generate";
import { checkOwnForms } from "../param-branches/param-branches.js";
import { regexProblem, type LinkContext, type Path } from "../context.js";

/** The places where each link checked a parameter's own limits, by the manifest's object (a shared one is one). */
const checked = new WeakMap<LinkContext, WeakMap<ManifestParam, Path[]>>();

/**
 * checkOwnLimits once a link for a parameter at a place: a shared parameter is linked once per operation, and its
 * limits' check, its pattern compiled, ran again for each (its problems told once: linkContext's fail). The check reads
 * the parameter alone and names its place: one object at another place (a YAML alias in two operations) is checked
 * there too (docs/contributing/performance.md, scale12).
 */
export function checkOwnLimitsOnce(ctx: LinkContext, p: ManifestParam, at: Path): void {
  let byParam = checked.get(ctx);
  if (!byParam) checked.set(ctx, (byParam = new WeakMap()));
  const places = byParam.get(p);
  if (places?.some((place) => place.length === at.length && place.every((key, i) => key === at[i]))) return;
  if (places) places.push(at);
  else byParam.set(p, [at]);
  checkOwnLimits(ctx, p, at);
}

/** Limits that only concern the manifest itself (sane ranges, enum values of the parameter's type). */
export function checkOwnLimits(ctx: LinkContext, p: ManifestParam, at: Path): void {
  if (p.anyOf) return checkOwnForms(ctx, p, at, checkOwnLimits); // each form, as a parameter (param-branches.ts)
  const patternProblem = p.pattern === undefined ? undefined : regexProblem(p.pattern);
  if (patternProblem) ctx.fail("BW2008", [...at, "pattern"], patternProblem, "value");
  const numeric = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "integer"] as const;
  const textual = ["minLength", "maxLength", "pattern"] as const;
  for (const key of numeric)
    if (p[key] !== undefined && p.type !== "number")
      ctx.fail("BW2004", [...at, key], `${key} applies to number parameters, not ${p.type}`);
  for (const key of textual)
    if (p[key] !== undefined && p.type !== "string")
      ctx.fail("BW2004", [...at, key], `${key} applies to string parameters, not ${p.type}`);
  if (p.jsonType !== undefined && p.type !== "json")
    ctx.fail("BW2004", [...at, "jsonType"], `jsonType applies to json parameters, not ${p.type}`);
  if (p.format !== undefined && p.type !== "string")
    ctx.fail("BW2004", [...at, "format"], `format applies to string parameters, not ${p.type}`);
  if (p.minimum !== undefined && p.maximum !== undefined && p.minimum > p.maximum)
    ctx.fail("BW2005", [...at, "minimum"], `minimum ${p.minimum} is above maximum ${p.maximum}`);
  checkExclusiveBounds(ctx, p, at, p.integer === true);
  if (p.minLength !== undefined && p.maxLength !== undefined && p.minLength > p.maxLength)
    ctx.fail("BW2005", [...at, "minLength"], `minLength ${p.minLength} is above maxLength ${p.maxLength}`);
  if (
    p.multipleOf !== undefined &&
    p.minimum !== undefined &&
    p.maximum !== undefined &&
    p.minimum <= p.maximum &&
    multipleNear(p.minimum, p.multipleOf, true) > p.maximum
  ) {
    ctx.fail(
      "BW2005",
      [...at, "multipleOf"],
      `no multiple of ${p.multipleOf} lies between minimum ${p.minimum} and maximum ${p.maximum}`,
      "value",
    );
  }
  for (const [i, value] of (p.enum ?? []).entries()) {
    // A boolean's: true or false as themselves (`[true]`: the one value the service takes).
    const kind = p.type === "number" || p.type === "boolean" ? p.type : "string";
    if (typeof value !== kind)
      ctx.fail(
        "BW2009",
        [...at, "enum", i],
        `enum values of a ${p.type} parameter must be ${kind}s, got ${JSON.stringify(value)}`,
        "value",
      );
  }
  if (p.separator !== undefined && p.type !== "string")
    ctx.fail("BW2004", [...at, "separator"], `separator applies to string parameters, not ${p.type}`);
  if (p.separator !== undefined && p.format === "base-url")
    ctx.fail("BW2004", [...at, "separator"], `a base address is one address, not a list`);
  if (p.separator !== undefined && p.wire?.in === "body" && p.wire.split)
    ctx.fail(
      "BW2004",
      [...at, "separator"],
      `wire.split already makes the value a list (sent as an array); separator is for a list sent as one string`,
    );
  for (const key of ["minItems", "maxItems"] as const)
    if (p[key] !== undefined && (p.type !== "json" || p.jsonType !== "array"))
      ctx.fail("BW2004", [...at, key], `${key} applies to json parameters with jsonType: array`);
  if (p.minItems !== undefined && p.maxItems !== undefined && p.minItems > p.maxItems)
    ctx.fail("BW2005", [...at, "minItems"], `minItems ${p.minItems} is above maxItems ${p.maxItems}`);
  for (const key of ["keys", "values", "items"] as const) {
    const limits = p[key];
    if (!limits) continue;
    const holder = key === "items" ? "array" : "object";
    if (p.type !== "json" || p.jsonType !== holder)
      ctx.fail("BW2004", [...at, key], `${key} applies to json parameters with jsonType: ${holder}`);
    checkNestedLimits(ctx, limits, [...at, key], key === "keys");
  }
}

/** A nested limit's own sense: its pattern compiles, its bounds are in order and of its type. */
function checkNestedLimits(ctx: LinkContext, n: ManifestNestedLimits, at: Path, isKey: boolean): void {
  const problem = n.pattern === undefined ? undefined : regexProblem(n.pattern);
  if (problem) ctx.fail("BW2008", [...at, "pattern"], problem, "value");
  if (isKey && n.type !== undefined && n.type !== "string")
    ctx.fail("BW2004", [...at, "type"], `an object's keys are strings`, "value");
  const text = n.type === undefined || n.type === "string";
  const numeric = n.type === undefined || n.type === "number" || n.type === "integer";
  for (const key of ["minLength", "maxLength", "pattern", "format"] as const)
    if (n[key] !== undefined && !text) ctx.fail("BW2004", [...at, key], `${key} applies to strings, not ${n.type}`);
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const)
    if (n[key] !== undefined && !numeric) ctx.fail("BW2004", [...at, key], `${key} applies to numbers, not ${n.type}`);
  if (n.minimum !== undefined && n.maximum !== undefined && n.minimum > n.maximum)
    ctx.fail("BW2005", [...at, "minimum"], `minimum ${n.minimum} is above maximum ${n.maximum}`);
  checkExclusiveBounds(ctx, n, at, n.type === "integer");
  if (n.minLength !== undefined && n.maxLength !== undefined && n.minLength > n.maxLength)
    ctx.fail("BW2005", [...at, "minLength"], `minLength ${n.minLength} is above maxLength ${n.maxLength}`);
}

/**
 * A number's exclusive bounds: none of an integer's (its bound is the whole number inside, `minimum: 1` for an
 * exclusive 0, as the link reads a document's), and a value left between them and the other side's bound.
 */
function checkExclusiveBounds(
  ctx: LinkContext,
  b: Pick<ManifestParam, "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum">,
  at: Path,
  integer: boolean,
): void {
  if (integer)
    for (const [key, plain, whole] of [
      ["exclusiveMinimum", "minimum", (x: number) => Math.floor(x) + 1],
      ["exclusiveMaximum", "maximum", (x: number) => Math.ceil(x) - 1],
    ] as const) {
      const bound = b[key];
      if (bound !== undefined)
        ctx.fail("BW2004", [...at, key], `${key} applies to numbers, not integers: write ${plain}: ${whole(bound)}`);
    }
  if (b.exclusiveMinimum === undefined && b.exclusiveMaximum === undefined) return;
  const lower = b.exclusiveMinimum ?? b.minimum;
  const upper = b.exclusiveMaximum ?? b.maximum;
  if (lower === undefined || upper === undefined || lower < upper) return;
  const [low, high] = [
    b.exclusiveMinimum !== undefined ? "exclusiveMinimum" : "minimum",
    b.exclusiveMaximum !== undefined ? "exclusiveMaximum" : "maximum",
  ];
  ctx.fail("BW2005", [...at, low], `no number lies between ${low} ${lower} and ${high} ${upper}`);
}
