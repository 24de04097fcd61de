// A parameter's limits (`minimum`, `maximum`, `integer`, `minLength`,
// `maxLength`, `pattern`, `enum`, `format`): sane on their own, of the
// parameter's type, and never looser than the spec's schema at the
// parameter's place; `limitsFromSpec` takes the spec's as they are.
import type { ParamSpec } from "@blockwright/runtime";
import { typeOf, type Schema } from "../openapi-document.js";
import type { ManifestParam } from "../precompiled/manifest-types.js";
import type { Classification, Report } from "../surface-entry.js";
import { type ForbiddenKeys, forbiddenKeysOf, type ParamSurface } from "../surface-format.js";
import { regexProblem, type LinkContext, type Path } from "./context.js";

/** Limits that only concern the manifest itself (sane ranges, enum values of the parameter's type). */
export function checkOwnLimits(ctx: LinkContext, p: ManifestParam, at: Path): void {
  const patternProblem = p.pattern === undefined ? undefined : regexProblem(p.pattern);
  if (patternProblem) ctx.fail([...at, "pattern"], patternProblem, "value");
  const numeric = ["minimum", "maximum", "integer"] as const;
  const textual = ["minLength", "maxLength", "pattern"] as const;
  for (const key of numeric) if (p[key] !== undefined && p.type !== "number") ctx.fail([...at, key], `${key} applies to number parameters, not ${p.type}`);
  for (const key of textual) if (p[key] !== undefined && p.type !== "string") ctx.fail([...at, key], `${key} applies to string parameters, not ${p.type}`);
  if (p.jsonType !== undefined && p.type !== "json") ctx.fail([...at, "jsonType"], `jsonType applies to json parameters, not ${p.type}`);
  if (p.format !== undefined && p.type !== "string") ctx.fail([...at, "format"], `format applies to string parameters, not ${p.type}`);
  if (p.minimum !== undefined && p.maximum !== undefined && p.minimum > p.maximum) ctx.fail([...at, "minimum"], `minimum ${p.minimum} is above maximum ${p.maximum}`);
  if (p.minLength !== undefined && p.maxLength !== undefined && p.minLength > p.maxLength) ctx.fail([...at, "minLength"], `minLength ${p.minLength} is above maxLength ${p.maxLength}`);
  for (const [i, value] of (p.enum ?? []).entries()) {
    const kind = p.type === "number" ? "number" : "string";
    if (typeof value !== kind) ctx.fail([...at, "enum", i], `enum values of a ${p.type} parameter must be ${kind}s, got ${JSON.stringify(value)}`, "value");
  }
}

/** The manifest parameter with every limit the spec's schema states and the manifest does not. */
export function withSpecLimits(ctx: LinkContext, p: ManifestParam, schema: Schema): ManifestParam {
  const s = ctx.doc.flatten(schema);
  const out: ManifestParam = { ...p };
  if (typeOf(s) === "integer" && out.integer === undefined) out.integer = true;
  // The runtime's bounds are inclusive: an exclusive bound becomes the nearest value past it (the next
  // integer, or the next double: `100 + Number.EPSILON` is 100). With both forms (3.1), the stricter wins.
  const past = (bound: number, up: boolean) => (out.integer ? (up ? Math.floor(bound) + 1 : Math.ceil(bound) - 1) : nextDouble(bound, up));
  const lower = [typeof s.minimum === "number" ? (s.exclusiveMinimum === true ? past(s.minimum, true) : s.minimum) : undefined, typeof s.exclusiveMinimum === "number" ? past(s.exclusiveMinimum, true) : undefined].filter(
    (x) => x !== undefined,
  );
  const upper = [typeof s.maximum === "number" ? (s.exclusiveMaximum === true ? past(s.maximum, false) : s.maximum) : undefined, typeof s.exclusiveMaximum === "number" ? past(s.exclusiveMaximum, false) : undefined].filter(
    (x) => x !== undefined,
  );
  if (out.minimum === undefined && lower.length) out.minimum = Math.max(...lower);
  if (out.maximum === undefined && upper.length) out.maximum = Math.min(...upper);
  for (const key of ["minLength", "maxLength", "pattern"] as const) if (out[key] === undefined && s[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = s[key];
  if (out.enum === undefined && Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[])];
  return out;
}

/** The double next to `x`, above it or below it. */
function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, x);
  // Doubles of one sign are ordered as their bit patterns: one step of the pattern is one step of the value.
  bits.setBigInt64(0, bits.getBigInt64(0) + (x > 0 === up ? 1n : -1n));
  return bits.getFloat64(0);
}

/** Type and limit agreement between a manifest parameter and the spec's schema at its wire place. */
export function checkAgainstSchema(ctx: LinkContext, p: ManifestParam, at: Path, schema: Schema, what: string, split?: { separator: string; maxItems?: number }): void {
  const specType = typeOf(schema);
  const flat = ctx.doc.flatten(schema);
  if (split) {
    if (specType !== "array") {
      ctx.fail([...at, "wire", "split"], `${what} is ${specType ?? "untyped"} in ${ctx.openapiName}, but split sends an array`);
      return;
    }
    const specMax = flat.maxItems as number | undefined;
    if (specMax !== undefined && (split.maxItems === undefined || split.maxItems > specMax)) {
      ctx.fail([...at, "wire", "split"], `split.maxItems ${split.maxItems ?? "(none)"} is looser than ${what}'s maxItems ${specMax} in ${ctx.openapiName}`);
    }
    return;
  }
  const compatible: Record<ParamSpec["type"], string[]> = {
    string: ["string"],
    number: ["number", "integer"],
    boolean: ["boolean"],
    json: p.jsonType ? [p.jsonType] : ["object", "array"],
  };
  if (specType !== undefined && !compatible[p.type].includes(specType)) {
    ctx.fail([...at, "type"], `type ${p.type}${p.jsonType ? ` (${p.jsonType})` : ""} disagrees with ${what}, which is ${specType} in ${ctx.openapiName}`, "value");
    return;
  }
  if (specType === "integer" && !p.integer) {
    ctx.fail([...at, "type"], `${what} is an integer in ${ctx.openapiName}; declare integer: true`, "value");
  }
  checkLooser(ctx, p, at, flat, what);
}

function checkLooser(ctx: LinkContext, p: ManifestParam, at: Path, s: Schema, what: string): void {
  const looser = (key: string, mine: unknown, theirs: unknown) =>
    ctx.fail(mine === undefined ? at : [...at, key], `${key} ${mine === undefined ? "(none)" : JSON.stringify(mine)} is looser than ${what}'s ${key} ${JSON.stringify(theirs)} in ${ctx.openapiName}`, mine === undefined ? "key" : "value");
  const specMin = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : (s.minimum as number | undefined);
  const specMax = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : (s.maximum as number | undefined);
  const exclusiveMin = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === "number";
  const exclusiveMax = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === "number";
  if (specMin !== undefined && (p.minimum === undefined || p.minimum < specMin || (exclusiveMin && p.minimum === specMin))) looser("minimum", p.minimum, specMin);
  if (specMax !== undefined && (p.maximum === undefined || p.maximum > specMax || (exclusiveMax && p.maximum === specMax))) looser("maximum", p.maximum, specMax);
  if (typeof s.minLength === "number" && (p.minLength ?? 0) < s.minLength && !p.enum?.every((v) => String(v).length >= (s.minLength as number))) looser("minLength", p.minLength, s.minLength);
  if (typeof s.maxLength === "number" && (p.maxLength === undefined || p.maxLength > s.maxLength) && !p.enum?.every((v) => String(v).length <= (s.maxLength as number))) looser("maxLength", p.maxLength, s.maxLength);
  if (typeof s.pattern === "string" && p.pattern === undefined && p.enum === undefined) looser("pattern", p.pattern, s.pattern);
  // A pattern cannot be proved stricter in general: the manifest's must be the spec's, character for character.
  if (typeof s.pattern === "string" && p.pattern !== undefined && p.pattern !== s.pattern) {
    ctx.fail([...at, "pattern"], `pattern ${JSON.stringify(p.pattern)} is not ${what}'s pattern ${JSON.stringify(s.pattern)} in ${ctx.openapiName} (a manifest pattern must be the spec's; restrict further with enum or maxLength)`, "value");
  }
  if (Array.isArray(s.enum)) {
    if (!p.enum) {
      looser("enum", p.enum, s.enum);
    } else {
      const extra = p.enum.filter((v) => !(s.enum as unknown[]).includes(v));
      if (extra.length)
        ctx.fail([...at, "enum"], `enum values ${extra.map((v) => JSON.stringify(v)).join(", ")} are not accepted by ${what} in ${ctx.openapiName} (accepted: ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")})`);
    }
  }
}

// ---- in the surface (a parameter's part: params.ts) --------------------------

export type ParamLimitChange = "limitAdded" | "limitTightened" | "limitLoosened" | "limitRemoved" | "patternChanged" | "formatChanged" | "formatRemoved" | "enumAdded" | "enumRemoved" | "enumValueRemoved" | "enumValueAdded" | "hintChanged";

/** A tighter or new limit refuses values that were accepted: breaking; a looser one minor. */
export const PARAM_LIMIT_CHANGES: Classification<ParamLimitChange> = {
  limitAdded: { level: "breaking", rule: "limit added" },
  limitTightened: { level: "breaking", rule: "limit tightened" },
  limitLoosened: { level: "minor", rule: "limit loosened" },
  limitRemoved: { level: "minor", rule: "limit loosened" },
  patternChanged: { level: "breaking", rule: "limit changed: pattern" },
  formatChanged: { level: "breaking", rule: "format changed" },
  formatRemoved: { level: "minor", rule: "format changed" },
  enumAdded: { level: "breaking", rule: "enum added (values restricted)" },
  enumRemoved: { level: "minor", rule: "enum removed (any value accepted)" },
  enumValueRemoved: { level: "breaking", rule: "enum value removed" },
  enumValueAdded: { level: "minor", rule: "enum value added" },
  hintChanged: { level: "patch", rule: "text changed" },
};

/** Every change of a parameter's limits, `subject` naming it. */
export function diffParamLimits(subject: string, a: ParamSurface, b: ParamSurface, report: Report<ParamLimitChange>): void {
  if (!a.integer && b.integer) report("limitTightened", { subject, what: "integer", from: false, to: true });
  if (a.integer && !b.integer) report("limitLoosened", { subject, what: "integer", from: true, to: false });
  bound(subject, "minimum", a.minimum, b.minimum, "raise", report);
  bound(subject, "maximum", a.maximum, b.maximum, "lower", report);
  bound(subject, "minLength", a.minLength, b.minLength, "raise", report);
  bound(subject, "maxLength", a.maxLength, b.maxLength, "lower", report);
  bound(subject, "list maxItems", a.list?.maxItems, b.list?.maxItems, "lower", report);
  if (a.pattern !== b.pattern) {
    if (b.pattern === undefined) report("limitRemoved", { subject, what: "pattern removed", from: a.pattern });
    else if (a.pattern === undefined) report("limitAdded", { subject, what: "pattern", from: a.pattern, to: b.pattern });
    else report("patternChanged", { subject, from: a.pattern, to: b.pattern });
  }
  if (a.format !== b.format) report(b.format ? "formatChanged" : "formatRemoved", { subject, from: a.format, to: b.format });
  if (a.enum || b.enum) {
    const before = a.enum ?? [];
    const after = b.enum ?? [];
    if (!b.enum) report("enumRemoved", { subject });
    else if (!a.enum) report("enumAdded", { subject, to: b.enum });
    else {
      for (const v of before) if (!after.includes(v)) report("enumValueRemoved", { subject, from: v });
      for (const v of after) if (!before.includes(v)) report("enumValueAdded", { subject, to: v });
    }
  }
  diffForbiddenKeys(subject, forbiddenKeysOf(a), forbiddenKeysOf(b), report);
}

/** Keys a JSON parameter refuses: one more is breaking, one fewer minor; so is matching them in any case, or no longer. */
function diffForbiddenKeys(subject: string, a: ForbiddenKeys | undefined, b: ForbiddenKeys | undefined, report: Report<ParamLimitChange>): void {
  const before = a?.keys ?? [];
  const after = b?.keys ?? [];
  for (const k of after) if (!before.includes(k)) report("limitAdded", { subject, what: "forbidden key", to: k });
  for (const k of before) if (!after.includes(k)) report("limitLoosened", { subject, what: "key no longer forbidden", from: k });
  if (!a || !b) return;
  if (!a.caseInsensitive && b.caseInsensitive) report("limitTightened", { subject, what: "forbidden keys in any case" });
  if (a.caseInsensitive && !b.caseInsensitive) report("limitLoosened", { subject, what: "forbidden keys in their own case only" });
  if (a.hint !== b.hint) report("hintChanged", { subject, from: a.hint, to: b.hint });
}

/** `tighten`: whether raising (a minimum) or lowering (a maximum) the bound tightens it. */
function bound(subject: string, name: string, a: number | undefined, b: number | undefined, tighten: "raise" | "lower", report: Report<ParamLimitChange>): void {
  if (a === b) return;
  if (b === undefined) return report("limitRemoved", { subject, what: `${name} removed`, from: a });
  if (a === undefined) return report("limitAdded", { subject, what: name, to: b });
  const tighter = tighten === "raise" ? b > a : b < a;
  report(tighter ? "limitTightened" : "limitLoosened", { subject, what: name, from: a, to: b });
}
