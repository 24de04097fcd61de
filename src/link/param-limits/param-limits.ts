// A parameter's limits (`minimum`, `maximum`, `multipleOf`, `integer`, `minLength`, `maxLength`, `pattern`, `enum`,
// `format`): sane on their own, of the parameter's type, and never looser than the spec's schema at the parameter's
// place; `limitsFromSpec` takes the spec's as they are.
import { checkFormsAgainstSchema } from "../param-branches/param-branches.js";
import type { NestedLimits, ParamSpec } from "@blockwright/runtime/internal";
import { checkValue, FORMAT_MAX_LENGTH, isMultipleOf, isValueFormat } from "@blockwright/runtime/internal/generate";
import { typeOf, type Schema } from "../../load/openapi-document.js";
import { booleanEnum, isEnumOfLabels, textOfKinds, withTextEnum, withValueEnum } from "../../load/text-enum.js";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import { firstMadeString } from "../../model/string-values.js";
import type { LinkContext, Path } from "../context.js";
import { listsAdmitted } from "./list-enum.js";
import { kindTypes, narrowedTo } from "./mixed-union.js";
import { looserBounds, specBounds } from "./spec-bounds.js";
import { checkSamePattern, patternLengths } from "./pattern-length.js";
import { schemaPlace, type SchemaPlace, sentName } from "./schema-place.js";
import { patternAdmitsNone, unmetPatternProblem } from "./unmet-pattern.js";
import type { SchemaAtPlace } from "../wire/schema-at-place.js";

/** A manifest parameter with what the link adds from the document and the manifest does not state. */
export type LinkedParam = ManifestParam & Pick<ParamSpec, "object" | "tuple">;

/**
 * The longest credential accepted where the manifest gives no maxLength of its own (it is sent in a header or the
 * address).
 */
export const CREDENTIAL_MAX_LENGTH = 4096;

/**
 * The parameter with what the spec's schema at its place says and the
 * manifest need not repeat (whether or not it takes the spec's limits): a
 * string's format, and the limits of the values inside a JSON object or
 * array (its `additionalProperties`, its `items`), the manifest's own
 * limits kept where it states them (checkAgainstSchema refuses looser ones).
 */
function withSchemaFacts(p: ManifestParam, place: SchemaPlace, name: string): LinkedParam {
  const s = place.flat;
  const out: LinkedParam = { ...p };
  if (p.type === "string" && p.format === undefined && p.separator === undefined && isValueFormat(s.format as string))
    out.format = s.format as ManifestParam["format"];
  if (p.type === "json") {
    // No kind stated: the one the document admits there, with its limits inside (json-kind.ts).
    const jsonType = p.jsonType ?? (p.anyOf ? undefined : place.jsonKind());
    if (jsonType) out.jsonType = jsonType;
    const { holder, nested: fromSpec } = place.held(jsonType, sentName(p.wire, name));
    const key = jsonType === "array" ? "items" : "values";
    // The document's kinds inside (a list, an object, their fields) go on to the ParamSpec, past a manifest's.
    // A manifest's one type narrows the document's several kinds to it (checkNestedLooser: one of them).
    // Of scalars beside objects: `object` its shapes alone, a scalar its kinds alone (mixed-union.ts).
    const spec = fromSpec && narrowedTo(fromSpec, p[key]?.type);
    if (spec) out[key] = { ...spec, ...p[key] } as ManifestParam[typeof key];
    // The object's own fields, or the shapes of a union of objects: the document's, which the manifest does not state.
    // An object form of several forms is the document's objects there (a union of two shapes beside a text and a list):
    // without them, any object met it, `{radius: 1}` sent where `{circle}` or `{side}` is asked.
    const isObjectForm = (f: { type: string; jsonType?: string }) => f.type === "json" && f.jsonType === "object";
    const shaped = p.anyOf ? p.anyOf.some(isObjectForm) : jsonType === "object";
    const object = shaped ? place.object(sentName(p.wire, name)) : undefined;
    if (object && p.anyOf) out.anyOf = p.anyOf.map((f) => (isObjectForm(f) ? { ...f, object } : f));
    else if (object) out.object = object;
    // A 3.1 tuple's positions, rest and count, the list itself (its items hold no one limit of every item).
    const tuple = jsonType === "array" ? place.tuple() : undefined;
    if (tuple) out.tuple = tuple;
    // How many items an array holds: the spec's, where the manifest does not say (checkAgainstSchema refuses a looser
    // one).
    if (jsonType === "array" && holder) {
      if (out.minItems === undefined && typeof holder.minItems === "number") out.minItems = holder.minItems;
      if (out.maxItems === undefined && typeof holder.maxItems === "number") out.maxItems = holder.maxItems;
    }
  }
  return out;
}

/**
 * The most characters a string parameter can take, where its other rules
 * imply it: a pattern anchored at both ends of bounded length, a format
 * (formats.ts), an enum; for a credential, CREDENTIAL_MAX_LENGTH.
 */
export function impliedMaxLength(
  p: Pick<ParamSpec, "enum" | "pattern" | "format" | "separator" | "secret" | "wire">,
): number | undefined {
  // A list of enum values: each once, separated.
  if (p.enum && p.separator !== undefined)
    return (
      p.enum.reduce<number>((n, v) => n + [...String(v)].length, 0) + (p.enum.length - 1) * [...p.separator].length
    );
  if (p.separator === undefined) {
    if (p.enum) return Math.max(...p.enum.map((v) => [...String(v)].length));
    const fromPattern = p.pattern === undefined ? Infinity : (patternLengths(p.pattern)?.max ?? Infinity);
    const fromFormat = isValueFormat(p.format) ? FORMAT_MAX_LENGTH[p.format] : Infinity;
    const bound = Math.min(fromPattern, fromFormat);
    if (bound !== Infinity) return bound;
  }
  return p.secret || p.wire.in === "auth" ? CREDENTIAL_MAX_LENGTH : undefined;
}

/**
 * Text that ends up in the address or a header needs a maximum length:
 * without one, a megabyte value is sent and the upstream answers 414 or 431.
 * Where its rules imply one (impliedMaxLength) it is taken, and shown
 * wherever limits are; else the manifest must state it.
 */
export function boundLength(ctx: LinkContext, spec: ParamSpec, at: Path): void {
  if (spec.type !== "string" || spec.maxLength !== undefined) return;
  const { wire } = spec;
  const place =
    wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie"
      ? `${wire.in} parameter`
      : wire.in === "auth"
        ? "credential"
        : wire.in === "server"
          ? "base address"
          : undefined;
  if (!place) return;
  if (spec.enum && spec.separator === undefined) return;
  const implied = impliedMaxLength(spec);
  if (implied !== undefined) spec.maxLength = implied;
  else
    ctx.fail(
      "BW2013",
      at,
      `"${spec.name}" is sent as a ${place}, so it needs maxLength (an unbounded value can make the upstream ` +
        `answer 414 or 431; an enum, a format or a pattern anchored with ^…$ of bounded length would imply one)`,
    );
}

/**
 * A string parameter whose rules together admit no value (a pattern that
 * cannot meet its length bounds, a format longer than its maxLength) is a
 * manifest error, found here at its place rather than by the contract
 * suite, which needs a value of each parameter: the pattern's lengths are
 * read from it, and a value is sought as the suite makes one.
 */
export function checkSatisfiable(ctx: LinkContext, spec: ParamSpec, at: Path): boolean {
  if (
    spec.type !== "string" ||
    spec.enum ||
    spec.example !== undefined ||
    spec.default !== undefined ||
    (spec.pattern === undefined && !isValueFormat(spec.format))
  )
    return true;
  const min = spec.minLength ?? 0;
  const max = spec.maxLength ?? Infinity;
  const lengths = spec.pattern === undefined ? undefined : patternLengths(spec.pattern);
  const window =
    `${min}${max === Infinity ? " or more" : ` to ${max}`} characters (minLength ${spec.minLength ?? "none"}, ` +
    `maxLength ${spec.maxLength ?? "none"})`;
  if (lengths && (lengths.min > max || lengths.max < min)) {
    ctx.fail(
      "BW2014",
      [...at, "pattern"],
      `pattern ${JSON.stringify(spec.pattern)} matches values of ${lengths.min}` +
        `${lengths.max === Infinity ? " or more" : ` to ${lengths.max}`} characters, never ${window}`,
      "value",
    );
    return false;
  }
  // Any value will do (none is kept): those of the pattern's own length first, before fast-check draws.
  const found = firstMadeString(spec, (v) => !("issue" in checkValue(spec, v)), lengths);
  if (found === undefined) {
    const rules = [
      spec.pattern !== undefined ? `pattern ${JSON.stringify(spec.pattern)}` : "",
      isValueFormat(spec.format) ? `format ${spec.format}` : "",
    ]
      .filter(Boolean)
      .join(" and ");
    ctx.fail(
      "BW2014",
      spec.pattern !== undefined ? [...at, "pattern"] : [...at, "format"],
      `no value of ${window} was found that meets ${rules}: they may admit none; ` +
        `give an example that meets them all, or loosen them`,
      "value",
    );
    return false;
  }
  return true;
}

/**
 * The schema's keywords that hold for a value of the parameter's type: JSON
 * Schema applies the string keywords (`maxLength`, `pattern`) to strings
 * only and the number keywords to numbers only, so on an object or a number
 * they constrain nothing (published documents put `maxLength` on objects
 * whose serialised size they mean) and no parameter need repeat them.
 */
function applicable(s: Schema, type: ManifestParam["type"]): Schema {
  const inert = [
    ...(type === "string" ? [] : ["minLength", "maxLength", "pattern"]),
    ...(type === "number" ? [] : ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]),
  ];
  if (!inert.some((k) => s[k] !== undefined)) return s;
  const out = { ...s };
  for (const k of inert) delete out[k];
  return out;
}

/**
 * The parameter as linked at a place of the document whose schema is
 * `schema`: with the spec's limits when it takes them (`limitsFromSpec`), with
 * the facts the schema states (withSchemaFacts), and checked against it
 * (checkAgainstSchema). The schema is flattened once for all three.
 */
export function paramAtPlace(ctx: LinkContext, p: ManifestParam, at: Path, found: SchemaAtPlace): LinkedParam {
  const place = schemaPlace(ctx.doc, found.schema);
  const param = withSchemaFacts(p.limitsFromSpec ? withSpecLimits(p, place) : p, place, String(at.at(-1)));
  checkAgainstSchema(ctx, param, at, place, found);
  return param;
}

/** The manifest parameter with every limit the spec's schema states and the manifest does not. */
function withSpecLimits(p: ManifestParam, place: SchemaPlace): ManifestParam {
  const whole = place.flat;
  // A list in one string bound to an array: the limits are its items'.
  const s = applicable(
    p.separator !== undefined && typeOf(whole) === "array" && whole.items ? (place.items() as Schema) : whole,
    p.type,
  );
  const out: ManifestParam = { ...p };
  if (typeOf(s) === "integer" && out.integer === undefined) out.integer = true;
  // A number's exclusive bound kept as it is, an integer's the whole number past it (spec-bounds.ts): each side the
  // spec's where the manifest states neither form of it.
  const bounds = specBounds(s, out.integer === true);
  if (out.minimum === undefined && out.exclusiveMinimum === undefined) {
    if (bounds.minimum !== undefined) out.minimum = bounds.minimum;
    if (bounds.exclusiveMinimum !== undefined) out.exclusiveMinimum = bounds.exclusiveMinimum;
  }
  if (out.maximum === undefined && out.exclusiveMaximum === undefined) {
    if (bounds.maximum !== undefined) out.maximum = bounds.maximum;
    if (bounds.exclusiveMaximum !== undefined) out.exclusiveMaximum = bounds.exclusiveMaximum;
  }
  if (out.multipleOf === undefined && typeof s.multipleOf === "number" && s.multipleOf > 0)
    out.multipleOf = s.multipleOf;
  for (const key of ["minLength", "maxLength", "pattern"] as const)
    if (out[key] === undefined && s[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = s[key];
  // A boolean's: the one value its enum allows, as a boolean (an enum of both restricts nothing).
  const specEnum =
    p.type === "boolean" ? booleanEnum(s) : Array.isArray(s.enum) ? [...(s.enum as unknown[])] : undefined;
  if (out.enum === undefined && specEnum) out.enum = specEnum;
  return out;
}

/** Type and limit agreement between a manifest parameter and the spec's schema at its wire place. */
function checkAgainstSchema(
  ctx: LinkContext,
  p: ManifestParam,
  at: Path,
  place: SchemaPlace,
  { what, split, text }: Omit<SchemaAtPlace, "schema">,
): void {
  // Each form, against the document's of its type (already flattened: its own place).
  if (p.anyOf)
    return checkFormsAgainstSchema(ctx, p, at, place.flat, what, (form, formAt, matching, formWhat) =>
      checkAgainstSchema(ctx, form, formAt, schemaPlace(ctx.doc, matching, matching), { what: formWhat, text }),
    );
  const specType = typeOf(place.declared);
  const flat = place.flat;
  if (split) {
    if (specType !== "array") {
      ctx.fail(
        "BW2007",
        [...at, "wire", "split"],
        `${what} is ${specType ?? "untyped"} in ${ctx.openapiName}, but split sends an array`,
      );
      return;
    }
    const specMax = flat.maxItems as number | undefined;
    if (specMax !== undefined && (split.maxItems === undefined || split.maxItems > specMax)) {
      ctx.fail(
        "BW2006",
        [...at, "wire", "split"],
        `split.maxItems ${split.maxItems ?? "(none)"} is looser than ${what}'s maxItems ${specMax} ` +
          `in ${ctx.openapiName}`,
      );
    }
    return;
  }
  if (p.separator !== undefined && specType === "array") return checkListAgainstSchema(ctx, p, at, place, what);
  const compatible: Record<ParamSpec["type"], string[]> = {
    string: ["string"],
    number: ["number", "integer"],
    boolean: ["boolean"],
    json: p.jsonType ? [p.jsonType] : ["object", "array"],
    file: p.multiple ? ["array"] : ["string"],
  };
  if (specType !== undefined && !compatible[p.type].includes(specType)) {
    ctx.fail(
      "BW2007",
      [...at, "type"],
      `type ${p.type}${p.jsonType ? ` (${p.jsonType})` : ""} disagrees with ${what}, which is ${specType} ` +
        `in ${ctx.openapiName}`,
      "value",
    );
    return;
  }
  if (specType === "integer" && !p.integer) {
    ctx.fail("BW2007", [...at, "type"], `${what} is an integer in ${ctx.openapiName}; declare integer: true`, "value");
  }
  // A file's maxLength counts its bytes: maxBytes (files.ts), not a text's characters.
  if (p.type === "file") return;
  // An untyped value sent as text (the address, a header, a form's field): an enum of several kinds lists texts.
  checkLooser(ctx, p, at, textOfKinds(flat, text), what);
  if (
    p.type === "string" &&
    p.separator === undefined &&
    isValueFormat(flat.format as string) &&
    p.format !== flat.format
  ) {
    ctx.fail(
      "BW2007",
      [...at, "format"],
      `format ${p.format ?? "(none)"} is not ${what}'s format ${String(flat.format)} in ${ctx.openapiName}`,
      p.format === undefined ? "key" : "value",
    );
  }
  if (p.type === "json") {
    const { holder, nested: theirs } = place.held(p.jsonType);
    const key = p.jsonType === "array" ? "items" : "values";
    if (theirs)
      checkNestedLooser(ctx, p[key], theirs, [...at, key], `the ${key === "items" ? "items" : "values"} of ${what}`);
    if (p.jsonType === "array" && holder) {
      if (typeof holder.minItems === "number" && p.minItems !== undefined && p.minItems < holder.minItems)
        ctx.fail(
          "BW2006",
          [...at, "minItems"],
          `minItems ${p.minItems} is looser than ${what}'s minItems ${holder.minItems} in ${ctx.openapiName}`,
          "value",
        );
      if (typeof holder.maxItems === "number" && p.maxItems !== undefined && p.maxItems > holder.maxItems)
        ctx.fail(
          "BW2006",
          [...at, "maxItems"],
          `maxItems ${p.maxItems} is looser than ${what}'s maxItems ${holder.maxItems} in ${ctx.openapiName}`,
          "value",
        );
    }
  }
}

/**
 * A list in one string bound to an array the spec sends as one comma-separated value: its items' enum holds for the
 * list's items.
 */
function checkListAgainstSchema(ctx: LinkContext, p: ManifestParam, at: Path, place: SchemaPlace, what: string): void {
  const items = place.flat.items && typeof place.flat.items === "object" ? (place.items() as Schema) : {};
  const itemType = typeOf(items);
  if (itemType !== undefined && itemType !== "string")
    ctx.fail("BW2007", [...at, "separator"], `the items of ${what} are ${itemType} in ${ctx.openapiName}, not strings`);
  if (Array.isArray(items.enum)) checkLooser(ctx, p, at, { enum: items.enum }, `the items of ${what}`);
}

/** Nested limits the manifest states must be at least as strict as the spec's. */
function checkNestedLooser(
  ctx: LinkContext,
  mine: NestedLimits | undefined,
  theirs: NestedLimits,
  at: Path,
  what: string,
): void {
  const m = { ...theirs, ...mine };
  const looser = (key: keyof NestedLimits) =>
    ctx.fail(
      "BW2006",
      [...at, key],
      `${key} ${JSON.stringify(m[key])} is looser than ${what}'s ${key} ${JSON.stringify(theirs[key])} ` +
        `in ${ctx.openapiName}`,
      "value",
    );
  if (theirs.minLength !== undefined && (m.minLength ?? 0) < theirs.minLength) looser("minLength");
  if (theirs.maxLength !== undefined && (m.maxLength ?? Infinity) > theirs.maxLength) looser("maxLength");
  if (theirs.minimum !== undefined && (m.minimum ?? -Infinity) < theirs.minimum) looser("minimum");
  if (theirs.maximum !== undefined && (m.maximum ?? Infinity) > theirs.maximum) looser("maximum");
  if (theirs.exclusiveMinimum !== undefined && (m.exclusiveMinimum ?? -Infinity) < theirs.exclusiveMinimum)
    looser("exclusiveMinimum");
  if (theirs.exclusiveMaximum !== undefined && (m.exclusiveMaximum ?? Infinity) > theirs.exclusiveMaximum)
    looser("exclusiveMaximum");
  for (const key of ["pattern", "format", "type"] as const)
    if (theirs[key] !== undefined && m[key] !== theirs[key])
      ctx.fail(
        "BW2007",
        [...at, key],
        `${key} ${JSON.stringify(m[key])} is not ${what}'s ${key} ${JSON.stringify(theirs[key])} in ${ctx.openapiName}`,
        "value",
      );
  const kinds = theirs.kinds && kindTypes(theirs);
  if (kinds && mine?.type && !kinds.includes(mine.type) && !(mine.type === "integer" && kinds.includes("number")))
    ctx.fail("BW2007", [...at, "type"], `type "${mine.type}" is not one of ${what}'s kinds ${kinds.join(", ")}`);
  const theirEnum = theirs.enum && new Set(theirs.enum);
  if (theirEnum && m.enum?.some((v) => !theirEnum.has(v))) looser("enum");
}

function checkLooser(ctx: LinkContext, p: ManifestParam, at: Path, spec: Schema, what: string): void {
  const looser = (key: string, mine: unknown, theirs: unknown) =>
    ctx.fail(
      "BW2006",
      mine === undefined ? at : [...at, key],
      `${key} ${mine === undefined ? "(none)" : JSON.stringify(mine)} is looser than ${what}'s ${key} ` +
        `${JSON.stringify(theirs)} in ${ctx.openapiName}`,
      mine === undefined ? "key" : "value",
    );
  // A string's enum of numbers or booleans lists their texts (text-enum.ts): a body field's as a parameter's.
  const s = withTextEnum(applicable(spec, p.type));
  for (const { key, mine, theirs } of looserBounds(p, s)) looser(key, mine, theirs);
  // A multiple of the manifest's is one of the spec's only when the manifest's is a multiple of the spec's.
  if (
    typeof s.multipleOf === "number" &&
    s.multipleOf > 0 &&
    (p.multipleOf === undefined || !isMultipleOf(p.multipleOf, s.multipleOf))
  )
    looser("multipleOf", p.multipleOf, s.multipleOf);
  if (
    typeof s.minLength === "number" &&
    (p.minLength ?? 0) < s.minLength &&
    !p.enum?.every((v) => String(v).length >= (s.minLength as number))
  )
    looser("minLength", p.minLength, s.minLength);
  if (
    typeof s.maxLength === "number" &&
    (p.maxLength === undefined || p.maxLength > s.maxLength) &&
    !p.enum?.every((v) => String(v).length <= (s.maxLength as number))
  )
    looser("maxLength", p.maxLength, s.maxLength);
  if (typeof s.pattern === "string" && p.pattern === undefined && p.enum === undefined) {
    if (patternAdmitsNone(s)) ctx.fail("BW2006", at, unmetPatternProblem(s, what, ctx.openapiName), "key");
    else looser("pattern", p.pattern, s.pattern);
  }
  if (typeof s.pattern === "string" && p.pattern !== undefined)
    checkSamePattern(ctx, [...at, "pattern"], what, p.pattern, s);
  // An enum as texts (`type: boolean, enum: ["false"]`) lists values; of labels (`["1 (Plan)"]`), none (text-enum.ts).
  const specEnum = Array.isArray(s.enum) && !isEnumOfLabels(s) ? (withValueEnum(s).enum as unknown[]) : undefined;
  // An enum of every value the type has (a boolean's true and false) restricts nothing.
  const everyValue = p.type === "boolean" && specEnum?.includes(true) && specEnum.includes(false);
  if (specEnum && !everyValue) {
    if (!p.enum) {
      if (!listsAdmitted(p, specEnum)) looser("enum", p.enum, s.enum); // an enum of lists: list-enum.ts
    } else {
      // Through a set: a whole API's enums of thousands of values, each looked for in the other's.
      const accepted = new Set(specEnum);
      const extra = p.enum.filter((v) => !accepted.has(v));
      if (extra.length)
        ctx.fail(
          "BW2007",
          [...at, "enum"],
          `enum values ${extra.map((v) => JSON.stringify(v)).join(", ")} are not accepted by ${what} ` +
            `in ${ctx.openapiName} (accepted: ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")})`,
        );
    }
  }
}
