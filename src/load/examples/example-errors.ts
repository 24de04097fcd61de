// An example's mismatch with its schema in words: the validator's first
// error that is a reason, with where it is in the example and what was found.
import type { OutputUnit } from "@cfworker/json-schema";
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
    const next = reason(i + 1);
    if (branches.size !== 1 || next < 0) break;
    i = next;
  }
  return useful[i] ?? errors[0];
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
        (allowed ? (JSON.parse(allowed) as unknown[]).map((v) => JSON.stringify(v)).join(", ") : "its listed values") +
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
