// A string schema whose format and lengths no value meets together (`format: uuid` with `minLength: 64`: a UUID is
// 36 characters). Every value a call could send is refused by one of them, so generate stops (BW2014) and a mock
// refuses every request. The format names the kind of value the service takes; a bound no value of that kind meets
// is the likelier slip: add leaves out of the cut it writes the fewest bounds that make the format admit values (the
// lower, else the upper, else both), and says so.
import { isValueFormat } from "@blockwright/runtime/internal";
import { readPattern } from "../../load/load-rewrites.js";
import { rewriteEachObject } from "./cut-walk.js";
import { admitsValue } from "./unmet-formats.js";

type Json = Record<string, unknown>;
type Bound = "minLength" | "maxLength";

/** The bounds to leave out of a format's schema so that values of the format meet it; undefined when none need. */
function unmetBounds(schema: Json): Bound[] | undefined {
  const { format } = schema;
  if (typeof format !== "string" || !isValueFormat(format) || schema.pattern !== undefined) return undefined;
  if (Array.isArray(schema.enum) || (schema.type !== undefined && schema.type !== "string")) return undefined;
  const lengths = {
    ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
    ...(typeof schema.maxLength === "number" ? { maxLength: schema.maxLength } : {}),
  };
  if (Object.keys(lengths).length === 0 || admitsValue({ format, ...lengths }) || !admitsValue({ format }))
    return undefined;
  const without = (bounds: Bound[]) =>
    Object.fromEntries(Object.entries(lengths).filter(([k]) => !bounds.includes(k as Bound)));
  const tries: Bound[][] = [["minLength"], ["maxLength"]];
  return (
    tries.find((bounds) => bounds.some((b) => b in lengths) && admitsValue({ format, ...without(bounds) })) ?? [
      "minLength",
      "maxLength",
    ]
  );
}

/**
 * The cut without the lengths its formats' values cannot meet (changed in place); each place changed, as
 * `components.parameters.JobId.schema (minLength 64; format uuid)`.
 */
export function withoutUnmetLengths(cut: Json): string[] {
  return rewriteEachObject(cut, (schema) => {
    const bounds = unmetBounds(schema);
    if (bounds === undefined) return undefined;
    const left = bounds.filter((b) => b in schema).map((b) => `${b} ${schema[b]}`);
    for (const b of bounds) delete schema[b];
    return `${left.join(", ")}; format ${schema.format}`;
  });
}

// A schema whose bounds refuse values its own enum names (`enum: [EN_US, …, ZH_HANS_CN]` beside `maxLength: 5`, a
// locale list outgrowing the length once written for it). JSON Schema holds a value to both, so such a value can
// never be sent: the runtime refuses it before any request, and the enum case of the contract suite, which sends
// each value, fails. The enum names the values the service takes (the description usually repeats it); a bound
// refusing some of them is the likelier slip. add leaves such bounds out of the cut it writes, and says so, as it
// does lengths no value of a format meets (above).

/** Keys whose values are data, not schemas: an `enum` there is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/** Each bound a schema may hold beside an enum, and whether it takes an enum value. */
const BOUNDS: Record<string, (value: unknown, bound: unknown) => boolean> = {
  minLength: (v, b) => typeof v !== "string" || typeof b !== "number" || [...v].length >= b,
  maxLength: (v, b) => typeof v !== "string" || typeof b !== "number" || [...v].length <= b,
  pattern: (v, b) => {
    if (typeof v !== "string" || typeof b !== "string") return true;
    const read = readPattern(b);
    return read === undefined || new RegExp(read, "u").test(v);
  },
  minimum: (v, b) => typeof v !== "number" || typeof b !== "number" || v >= b,
  maximum: (v, b) => typeof v !== "number" || typeof b !== "number" || v <= b,
  exclusiveMinimum: (v, b) => typeof v !== "number" || typeof b !== "number" || v > b,
  exclusiveMaximum: (v, b) => typeof v !== "number" || typeof b !== "number" || v < b,
};

/**
 * The cut without the bounds that refuse values of their schema's own enum (changed in place); each place changed, as
 * `paths./users.put…locale (maxLength 5; enum value "ZH_HANS_CN")`.
 */
export function withoutBoundsRefusingEnums(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (!Array.isArray(schema.enum)) return undefined;
      const values = schema.enum.filter((v) => v !== null);
      const left: string[] = [];
      let refused: unknown;
      for (const [name, takes] of Object.entries(BOUNDS)) {
        if (!(name in schema)) continue;
        const out = values.find((v) => !takes(v, schema[name]));
        if (out === undefined) continue;
        refused ??= out;
        left.push(`${name} ${JSON.stringify(schema[name])}`);
        delete schema[name];
      }
      return left.length ? `${left.join(", ")}; enum value ${JSON.stringify(refused)}` : undefined;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}

// A pattern that no value of its schema's lengths meets and that refuses the schema's own example (linode.com's
// labels: `^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$`, an unescaped `..` in the look-ahead meaning any two characters,
// so only texts of two characters match, beside `minLength: 3` and the example `linode123`). The runtime refused
// every value and generate refused add's draft (BW2014). The example and the lengths agree on what the service takes;
// the pattern is the slip: left out of the cut, and said so. A pattern that takes its example, or a schema with no
// example to say so, is kept.

/**
 * The cut without the patterns no value of their lengths meets that refuse their own example (changed in place); each
 * place changed, as `…properties.label (pattern "^zq(?!..)$"; example "zq123")`.
 */
export function withoutPatternsRefusingExamples(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      const { pattern, example } = schema;
      if (typeof pattern !== "string" || typeof example !== "string" || Array.isArray(schema.enum)) return undefined;
      if (schema.type !== undefined && schema.type !== "string") return undefined;
      if (typeof schema.minLength !== "number" && typeof schema.maxLength !== "number") return undefined;
      if (BOUNDS.pattern?.(example, pattern) !== false) return undefined;
      const lengths = {
        ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
        ...(typeof schema.maxLength === "number" ? { maxLength: schema.maxLength } : {}),
      };
      const read = readPattern(pattern);
      if (read === undefined || admitsValue({ pattern: read, ...lengths })) return undefined;
      delete schema.pattern;
      return `pattern ${JSON.stringify(pattern)}; example ${JSON.stringify(example)}`;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}

// A whole number of format int32 whose own example or default is past int32's range (a UNIX timestamp in
// milliseconds, `1418556452651`): add would draft the int32 range as its limits, refusing every real value before any
// request, and a mock would refuse it too. The example says what the API takes; int32 is the likelier slip (a code
// generator's default for an integer). add writes the format as int64 in the cut, whose range holds it, and says so.
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * The cut with each int32 format that refuses its schema's own example or default written int64 (changed in place);
 * each place changed, as `components.schemas.Start (format int32, written int64; example 1418556452651)`.
 */
export function withoutFormatsRefusingExamples(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (schema.format !== "int32" || (schema.type !== "integer" && schema.type !== "number")) return undefined;
      const own = [schema.example, schema.default, ...(Array.isArray(schema.examples) ? schema.examples : [])];
      const past = own.find((v): v is number => typeof v === "number" && (v < INT32.min || v > INT32.max));
      if (past === undefined) return undefined;
      schema.format = "int64";
      return `format int32, written int64; example ${past}`;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}

/** The cut without each kind of bound above no value meets (changed in place), in that order: every place changed. */
export function withoutUnmetBounds(cut: Json): string[] {
  return [
    ...withoutUnmetLengths(cut),
    ...withoutBoundsRefusingEnums(cut),
    ...withoutPatternsRefusingExamples(cut),
    ...withoutFormatsRefusingExamples(cut),
  ];
}
