// An example's mismatch with its schema in words: the validator's first
// error that is a reason, with where it is in the example and what was found.
import type { OutputUnit } from "@cfworker/json-schema";
import { listedValues } from "@blockwright/runtime/internal/generate";
import { valueAt } from "../json-ref.js";

type Path = (string | number)[];

// Keywords whose error only says that something inside failed: the cause is further down the list.
export const WRAPPERS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "$ref",
  "$recursiveRef",
  "$dynamicRef",
  "allOf",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "if",
  "then",
  "else",
]);

/**
 * The validator's errors with each `false` schema's refusal placed under the keyword holding it: the validator gives
 * it the value's place as its keyword location (`#/zqOther` for the extra field an `additionalProperties: false`
 * refuses), so it lay under no union's branch, and a closed shape refusing a field read as having no reason there. It
 * follows the error of the keyword that holds it (`additionalProperties`, `properties`, `items`), whose location it
 * is given.
 */
export function withFalsePlaced(errors: readonly OutputUnit[]): OutputUnit[] {
  return errors.map((e, i) => {
    const holder = errors[i - 1];
    return e.keyword === "false" && holder ? { ...e, keywordLocation: `${holder.keywordLocation}/false` } : e;
  });
}

/**
 * The first error that is a reason rather than a summary of the ones below
 * it. A value that is not null needs no word about the null it is not (a
 * nullable schema's alternative): an `anyOf`/`oneOf` left with one failed
 * alternative gives that alternative's reason.
 */
export function rootCause(errors: OutputUnit[]): OutputUnit | undefined {
  const useful = errors.filter((e) => !isNullAlternative(e));
  const reason = (from: number) => useful.findIndex((e, j) => j >= from && !WRAPPERS.has(e.keyword));
  let i = reason(0);
  for (let cause = useful[i]; cause && (cause.keyword === "anyOf" || cause.keyword === "oneOf"); cause = useful[i]) {
    const prefix = `${cause.keywordLocation}/`;
    const branches = new Set(
      useful
        .slice(i + 1)
        .flatMap((e) =>
          e.keywordLocation.startsWith(prefix) ? [e.keywordLocation.slice(prefix.length).split("/")[0]] : [],
        ),
    );
    const failed = [...branches].filter((b): b is string => b !== undefined);
    const told = branches.size > 1 ? toldBranch(useful.slice(i + 1), cause, failed) : undefined;
    if (told) return told;
    const next = reason(i + 1);
    if (branches.size !== 1 || next < 0) break;
    i = next;
  }
  return useful[i] ?? errors[0];
}

/**
 * The reason a value meets none of a union's shapes where a field of it tells them apart (a discriminated base's kinds,
 * each fixing the field to its value; shapes each fixing a tag): every shape but one refuses the field's value, so the
 * value names that one and its own reason is the reason; or every shape refuses it, so the value names none and the
 * field's value is the reason, against every shape's values. Undefined where no field tells the failed shapes apart.
 * `below`: the errors after the union's own; `branches`: the failed shapes' indexes.
 */
function toldBranch(below: OutputUnit[], union: OutputUnit, branches: string[]): OutputUnit | undefined {
  const prefix = `${union.keywordLocation}/`;
  const branchOf = (e: OutputUnit) =>
    e.keywordLocation.startsWith(prefix) ? e.keywordLocation.slice(prefix.length).split("/")[0] : undefined;
  // Each field one level inside the value whose fixed values a shape refuses, and the shapes refusing it.
  const refusals = new Map<string, Map<string, OutputUnit>>();
  for (const e of below) {
    const branch = branchOf(e);
    const field = e.instanceLocation.startsWith(`${union.instanceLocation}/`)
      ? e.instanceLocation.slice(union.instanceLocation.length + 1)
      : undefined;
    if (branch === undefined || field === undefined || field.includes("/")) continue;
    if (e.keyword !== "enum" && e.keyword !== "const") continue;
    const byBranch = refusals.get(field) ?? new Map<string, OutputUnit>();
    if (!byBranch.has(branch)) byBranch.set(branch, e);
    refusals.set(field, byBranch);
  }
  // A field every failed shape requires and the value lacks (a discriminated union's property, which each shape is
  // read as requiring: load/schemas/kinds-read.ts): the value names no shape, and the missing field is the reason.
  const lacking = new Map<string, Set<string>>();
  for (const e of below) {
    const branch = branchOf(e);
    const field = e.keyword === "required" ? /required property "(.*)"/.exec(e.error)?.[1] : undefined;
    if (branch === undefined || field === undefined || e.instanceLocation !== union.instanceLocation) continue;
    const by = lacking.get(field) ?? new Set<string>();
    lacking.set(field, by.add(branch));
  }
  for (const [field, by] of lacking)
    if (branches.every((b) => by.has(b)))
      return below.find((e) => e.keyword === "required" && e.error.includes(`"${field}"`));
  for (const byBranch of refusals.values()) {
    const named = branches.filter((b) => !byBranch.has(b));
    if (named.length === 1) {
      const own = below.filter((e) => branchOf(e) === named[0]);
      return own.length ? rootCause(own) : undefined;
    }
    if (named.length) continue;
    const values = [...new Set([...byBranch.values()].flatMap(fixedValues))];
    const [first] = byBranch.values();
    if (first) return { ...first, keyword: "enum", error: `Instance does not match any of ${JSON.stringify(values)}.` };
  }
  return undefined;
}

/** The values an `enum` or `const` error says its schema fixes (its message's JSON). */
function fixedValues(error: OutputUnit): unknown[] {
  const text = (error.keyword === "enum" ? /any of (\[.*\])\.?$/ : /match (.*)\.$/).exec(error.error)?.[1];
  try {
    const value: unknown = text === undefined ? [] : JSON.parse(text);
    return error.keyword === "enum" && Array.isArray(value) ? value : [value];
  } catch {
    return [];
  }
}

/** The error of a nullable schema's null alternative: a value that is not null fails it, which says nothing. */
export function isNullAlternative(error: OutputUnit): boolean {
  return error.keyword === "type" && error.error.endsWith('Expected "null".');
}

/**
 * The longest value a message quotes whole: a published example of kilobytes (a whole reply written as one string) is
 * cut.
 */
const SHOWN_LENGTH = 200;

/** A value as a message quotes it: its JSON, cut at SHOWN_LENGTH characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}… (${text.length} characters)` : text;
}

const BOUND_WORDS: Record<string, string> = {
  minimum: "at least",
  exclusiveMinimum: "greater than",
  maximum: "at most",
  exclusiveMaximum: "less than",
};

/** The validator's complaint in words, with where it is in the example and what was found. */
export function describe(error: OutputUnit, path: Path, root: unknown, whole = "(the whole example)"): string {
  const at = (p: Path) => (p.length ? `/${p.map(String).join("/")}` : whole);
  const where = at(path);
  const found = valueAt(root, path);
  const quoted = (pattern: RegExp) => pattern.exec(error.error)?.[1];
  switch (error.keyword) {
    case "false":
      // `additionalProperties: false` reports the extra field itself as failing the schema `false`.
      return `${at(path.slice(0, -1))} has field "${String(path.at(-1))}", which the schema does not allow`;
    case "required":
      return `${where} lacks required field "${quoted(/required property "(.*)"/) ?? "?"}"`;
    case "type": {
      const expected = (error.error.split("Expected")[1] ?? "").match(/[\w-]+/g);
      return `${where} must be ${expected ? expected.join(" or ") : "of another type"}, got ${shown(found)}`;
    }
    case "enum": {
      const allowed = quoted(/any of (\[.*\])\.?$/);
      return (
        `${where} must be one of ` +
        // As many values as a refusal lists (runtime/validate/rule-words.ts), each as JSON.
        (allowed
          ? listedValues(
              (JSON.parse(allowed) as unknown[]).map((v) => JSON.stringify(v)),
              JSON.stringify(found),
            )
          : "its listed values") +
        `, got ${shown(found)}`
      );
    }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum": {
      const bound = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\.?$/i.exec(error.error)?.[1] ?? "its bound";
      return `${where} must be ${BOUND_WORDS[error.keyword]} ${bound}, got ${shown(found)}`;
    }
    default:
      return `${where} ${error.error.replace(/\.$/, "").replace(/^\w/, (c) => c.toLowerCase())}, got ${shown(found)}`;
  }
}
