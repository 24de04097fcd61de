// The example check's shortcut (example-walker.ts): most of a published document's examples are one text, number or
// boolean against a schema that says only its type (and perhaps its listed values): GitHub's whole document, 1,541 of
// its 2,992 checks. For such a schema the validator (@cfworker/json-schema's `validate`) reads no keyword but `type`
// and `enum`, so a value that meets both has no error there; the answer is given without it. Anything else (a value
// that fails, a schema with any other keyword) goes to the validator, which words the error. plain-verdict.test.ts
// holds the answers equal to the validator's.
type Node = Record<string, unknown>;

/**
 * The keywords a plain schema may hold: `type` and `enum`, which are checked here as the validator checks them, and
 * annotations the validator does not read. Any other keyword (a bound, a pattern, a format, a `$ref`, an applicator)
 * leaves the check to the validator.
 */
const PLAIN_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "title",
  "description",
  "default",
  "readOnly",
  "writeOnly",
  "deprecated",
]);

/**
 * Whether `value` (a text, a finite number, a boolean or null) surely meets `schema` (a registered JSON Schema copy) as
 * the validator reads it: false means "ask the validator", not "it fails".
 */
export function plainlyMeets(value: unknown, schema: unknown): boolean {
  const kind = scalarKind(value);
  if (kind === undefined || schema === null || typeof schema !== "object" || Array.isArray(schema)) return false;
  const node = schema as Node;
  for (const key in node) if (!PLAIN_KEYWORDS.has(key)) return false;
  const type = node.type;
  if (type !== undefined) {
    if (typeof type === "string") {
      if (!typeMatches(type, kind, value)) return false;
    } else if (!Array.isArray(type) || !type.some((t) => typeof t === "string" && typeMatches(t, kind, value)))
      return false;
  }
  // The validator compares a value that is not an object or a list with each listed value by `===`.
  if (node.enum !== undefined && !(Array.isArray(node.enum) && node.enum.some((v) => v === value))) return false;
  return true;
}

type ScalarKind = "string" | "number" | "boolean" | "null";

/** The validator's name for a value's type, for the values answered here (not NaN or infinity: YAML can write them). */
function scalarKind(value: unknown): ScalarKind | undefined {
  if (value === null) return "null";
  if (typeof value === "string" || typeof value === "boolean") return typeof value as ScalarKind;
  return typeof value === "number" && Number.isFinite(value) ? "number" : undefined;
}

/** The validator's `type` rule: `integer` is a number without a fraction. */
function typeMatches(type: string, kind: ScalarKind, value: unknown): boolean {
  return type === kind || (type === "integer" && kind === "number" && (value as number) % 1 === 0);
}
