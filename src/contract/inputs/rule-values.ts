// Values made from a parameter's own declarations, for the cases no example
// covers: its placeholder read as its type, and values its rules allow (the
// fewest items an array may hold, a range's number nearest 1, each enum value);
// and values kept valid under a selector a breaker sets.
import { multipleNear, type ParamSpec, requiredWhenHolds, type ToolSpec } from "@blockwright/runtime/internal";
import { admitted } from "../../model/number-bounds.js";
import { madeStrings } from "../../model/string-values.js";
import { ContractFailure } from "../types.js";

export { placeholderValue } from "../../model/placeholder-value.js";

/** The simplest value within an array's item limits (an object when they say nothing). */
function simplestItem(items: ParamSpec["items"]): unknown {
  if (items?.enum?.length) return items.enum[0];
  if (items?.type === "number" || items?.type === "integer") return lowEnd(items);
  if (items?.type === "boolean") return true;
  if (items?.type === "array") return [];
  // A text of a format or pattern: the first made from them (a list of uuids holds a uuid).
  if (items?.format !== undefined || items?.pattern !== undefined) return madeStrings(items)[0] ?? "x";
  if (items?.type === "string" || items?.minLength !== undefined || items?.maxLength !== undefined)
    return "x".repeat(Math.max(1, items?.minLength ?? 1));
  return {};
}

/**
 * The simplest number of a range: 1 where the range holds it, else the end nearest it (its least value, an exclusive
 * bound's the double just past it; or its greatest, where that is below 1). Not the least of a range that holds 1: an
 * int32's, which add drafts from the format, starts at -2147483648, an id no record has, and `verify` sends these
 * values to the live service (the limit cases probe the ends).
 */
function lowEnd(bounds: Parameters<typeof admitted>[0]): number {
  const { least, greatest } = admitted(bounds);
  return Math.min(Math.max(1, least ?? 1), greatest ?? Number.POSITIVE_INFINITY);
}

/** Values made from the parameter's own rules, for parameters no example covers. */
export function synthesized(param: ParamSpec): unknown[] {
  // A value of several forms (anyOf): the values of each form, as a parameter of its type.
  if (param.anyOf) return param.anyOf.flatMap((form) => synthesized({ ...param, ...form, anyOf: undefined }));
  switch (param.type) {
    case "boolean":
      return param.enum ? [...param.enum] : [true, false];
    case "json":
      // An array holds the fewest items it may (`minItems`), each the simplest its item limits allow; a required one
      // at least one where it may hold one (an empty list is no value given: nothing goes on the wire).
      return param.jsonType === "array"
        ? [
            Array.from(
              { length: Math.max(param.minItems ?? 0, param.required && (param.maxItems ?? 1) >= 1 ? 1 : 0) },
              () => simplestItem(param.items),
            ),
          ]
        : [{}];
    case "number": {
      const low = lowEnd(param);
      // An int64's bound (±2^63) is past what mocks and JSON parsers hold exactly: the nearest safe integer.
      const value = param.integer
        ? Math.min(Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER)
        : low;
      return [param.multipleOf === undefined ? value : multipleNear(value, param.multipleOf, true)];
    }
    case "string": {
      if (param.enum)
        return param.separator === undefined
          ? [...param.enum]
          : [param.enum.slice(0, 2).join(param.separator), ...param.enum];
      return madeStrings(param);
    }
    case "file":
      return [
        param.multiple
          ? [sampleFile(param.contentType), sampleFile(param.contentType, 2)]
          : sampleFile(param.contentType),
      ];
  }
}

/**
 * The small file the suite uploads for a file parameter: made here, never read from disk (a fresh one per use: a
 * File is not shared between calls), of the type the parameter's part takes (`contentType`: the document's
 * `encoding`, which the request judge holds the part to), else text. The `nth` of a list differs from the others in
 * name and bytes: a list the document makes `uniqueItems` refuses two equal files.
 */
export function sampleFile(contentType?: string, nth = 1): File {
  // The first type the part's types list (a range: a text file, which the runtime sends as the range's type; none: a
  // text file, sent as its own type, text/plain, which the part may be where the document declares none).
  const type =
    contentType
      ?.split(",")
      .map((t) => t.trim())
      .find((t) => t && !t.includes("*")) ?? "text/plain";
  const extension = type === "text/plain" ? "txt" : type.split("/")[1]?.replace(/[^a-z0-9]/gi, "") || "bin";
  const which = nth === 1 ? "" : `-${nth}`;
  return new File(
    [new TextEncoder().encode(`A small file${nth === 1 ? "" : ` (${nth})`} the blockwright contract suite uploads.\n`)],
    `blockwright-sample${which}.${extension}`,
    { type },
  );
}

/**
 * `input` with its selector `dependsOn` just set by a breaker, made valid again for every other
 * rule that selector governs (all but `broken`'s): a value the selector no longer allows becomes
 * an allowed one or is left out, a value past the selector's limits is brought within them, a parameter it now
 * requires is given its example (the manifest's, its first allowed value, else the suite's own: `exampleOf`).
 * Without it the breaker broke two rules, and the refusal could name the other one.
 */
export function settledUnder(
  tool: ToolSpec,
  input: Record<string, unknown>,
  dependsOn: string,
  broken: string,
  exampleOf: (name: string) => unknown = () => undefined,
): Record<string, unknown> {
  const out = { ...input };
  const selector = String(out[dependsOn]);
  for (const rule of tool.rules) {
    // A parameter the selector's new value requires: given its example, or its first allowed value (an enum without
    // an example: a shape's kind), or the suite's value for it; without any, the input stays as it is.
    if (rule.rule === "requiredWhen" && rule.dependsOn === dependsOn && rule.param !== broken) {
      const required = tool.params.find((p) => p.name === rule.param);
      const example = required?.example ?? required?.enum?.[0] ?? exampleOf(rule.param);
      const requires = requiredWhenHolds(rule, out[dependsOn], out[dependsOn] !== undefined);
      if (out[rule.param] === undefined && requires && example !== undefined) out[rule.param] = example;
      continue;
    }
    if (rule.rule !== "allowedValues" && rule.rule !== "dependentLimits") continue;
    if (rule.dependsOn !== dependsOn || rule.param === broken || out[rule.param] === undefined) continue;
    const value = out[rule.param];
    if (rule.rule === "allowedValues") {
      const allowed = rule.values[selector];
      if (allowed === undefined || allowed.includes(value)) continue;
      if (allowed.length) out[rule.param] = allowed[0];
      else delete out[rule.param];
      continue;
    }
    const limits = rule.limits[selector];
    if (!limits) continue;
    if (typeof value === "string" && limits.maxLength !== undefined && [...value].length > limits.maxLength)
      out[rule.param] = [...value].slice(0, limits.maxLength).join("");
    if (typeof value === "number" && limits.maximum !== undefined && value > limits.maximum)
      out[rule.param] = limits.maximum;
    if (typeof value === "number" && limits.minimum !== undefined && value < limits.minimum)
      out[rule.param] = limits.minimum;
    if (Array.isArray(value) && limits.maxItems !== undefined && value.length > limits.maxItems)
      out[rule.param] = value.slice(0, limits.maxItems);
    // Too few items for the selector's value: its example, when it holds enough (else the input stays as it is).
    const listed = Array.isArray(value) ? exampleOf(rule.param) : undefined;
    if (
      Array.isArray(value) &&
      limits.minItems !== undefined &&
      value.length < limits.minItems &&
      Array.isArray(listed)
    )
      if (listed.length >= limits.minItems && listed.length <= (limits.maxItems ?? listed.length))
        out[rule.param] = listed;
  }
  return out;
}

/**
 * What each form of a value (anyOf) makes, leaving out a form none can be made of (a pattern with a lookaround, which
 * fast-check draws from no pattern) while another can be: the others still reach the wire. With none, the first one's
 * failure.
 */
export function drawableForms<T>(forms: (() => T)[]): T[] {
  const made: T[] = [];
  let undrawable: unknown;
  for (const form of forms) {
    try {
      made.push(form());
    } catch (e) {
      if (!(e instanceof ContractFailure)) throw e;
      undrawable ??= e;
    }
  }
  if (!made.length) throw undrawable;
  return made;
}
