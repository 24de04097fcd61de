// A string schema whose pattern and format no value meets together (a
// date-time whose pattern writes the offset without the colon RFC 3339
// requires: `+0100`). Every value a call could send is refused by one of the
// two, so generate stops (BW2014) and a mock refuses every request. The
// pattern is the document's exact word on the text and the format only its
// name for it: add leaves the format out of the cut it writes, where the
// pattern alone admits values, and says so. So for an enum none of whose
// values meets the format (SendGrid's `send_at`: `enum: [now]`, a date-time), and for a pattern an `allOf` member
// gives (a date-time beside an id's shared schema, `^se(-[a-z0-9]+)+$`: no answer a mock made was valid).
import { checkValue, isValueFormat, type ParamSpec } from "@blockwright/runtime/internal";
import { patternLengths } from "../../link/param-limits/pattern-length.js";
import { readPattern } from "../../load/load-rewrites.js";
import { firstMadeString, type StringRules } from "../../model/string-values.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { isJson, resolved, rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/**
 * Whether a value made from the rules meets them all, as the runtime checks a value (the link's search,
 * param-limits.ts).
 */
export function admitsValue(rules: StringRules): boolean {
  const spec = {
    name: "value",
    title: "value",
    type: "string",
    required: false,
    secret: false,
    visibility: "user-or-llm",
    wire: { in: "query", name: "value" },
    ...rules,
  } as ParamSpec;
  return firstMadeString(rules, (v) => "value" in checkValue(spec, v)) !== undefined;
}

/**
 * The format a schema's pattern rules out: the format, or undefined when they meet or the pattern alone admits nothing
 * either.
 */
function unmetFormat(cut: Json, node: Json): string | undefined {
  const { format } = node;
  const schema = withMemberText(cut, node);
  if (Array.isArray(schema.enum) && typeof format === "string" && isValueFormat(format))
    return enumUnmet(schema, format);
  if (
    typeof schema.pattern !== "string" ||
    typeof format !== "string" ||
    !isValueFormat(format) ||
    Array.isArray(schema.enum)
  )
    return undefined;
  if (schema.type !== undefined && schema.type !== "string") return undefined;
  const pattern = readPattern(schema.pattern);
  if (pattern === undefined) return undefined;
  const bound = typeof schema.maxLength === "number" ? schema.maxLength : patternLengths(pattern)?.max;
  const rules: StringRules = {
    pattern,
    ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
    ...(bound !== undefined && bound !== Infinity ? { maxLength: bound } : {}),
  };
  return !admitsValue({ ...rules, format }) && admitsValue(rules) ? format : undefined;
}

/**
 * The schema with the text rules of its `allOf` members (resolved) where it has no pattern of its own and one member
 * has one: its pattern and the tightest lengths; the schema itself otherwise.
 */
function withMemberText(cut: Json, schema: Json): Json {
  if (typeof schema.pattern === "string" || !Array.isArray(schema.allOf)) return schema;
  const members = schema.allOf.map((m) => resolved(cut, m)).filter(isJson);
  const patterns = members.filter((m) => typeof m.pattern === "string");
  if (patterns.length !== 1 || members.some((m) => m.format !== undefined && m.format !== schema.format)) return schema;
  const lengths = (key: "minLength" | "maxLength", pick: (...n: number[]) => number) => {
    const values = [schema, ...members].map((m) => m[key]).filter((n): n is number => typeof n === "number");
    return values.length ? { [key]: pick(...values) } : {};
  };
  return {
    ...schema,
    pattern: (patterns[0] as Json).pattern,
    ...lengths("minLength", Math.max),
    ...lengths("maxLength", Math.min),
  };
}

/** The format, where an enum of texts has no value that meets it (the values are the document's exact word). */
function enumUnmet(schema: Json, format: string): string | undefined {
  const values = (schema.enum as unknown[]).filter((v) => v !== null);
  if (!values.length || values.some((v) => typeof v !== "string")) return undefined;
  const spec = { name: "value", type: "string", format, required: false, secret: false, wire: { in: "query" } };
  return values.some((v) => "value" in checkValue(spec as unknown as ParamSpec, v)) ? undefined : format;
}

/**
 * The cut without the formats its patterns rule out (changed in place); each place changed, as
 * `components.parameters.At.schema (format date-time)`.
 */
export function withoutUnmetFormats(cut: Json): string[] {
  return rewriteEachObject(cut, (schema) => {
    const format = unmetFormat(cut, schema);
    if (format === undefined) return undefined;
    delete schema.format;
    return `format ${format}`;
  });
}

/** Whether `value` meets the format as the runtime checks a value. */
function meets(format: string, value: unknown): boolean {
  const spec = { name: "value", type: "string", format, required: false, secret: false, wire: { in: "query" } };
  return typeof value === "string" && "value" in checkValue(spec as unknown as ParamSpec, value);
}

// A UUID somewhere in a text: a prefixed id (`CON-f972836a-…`) holds one.
const uuidInside = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The cut with each format its own example breaks rewritten (changed in place), as the value the document shows was
 * refused before any request: a `format: date` whose example is a date and time (`2025-10-15T13:51:56Z`: a report
 * window's start whose prose asks `yyyy-mm-ddThh:mm:ss`) written `date-time`; a `format: uuid` whose example is a UUID
 * with more around it (a conversation's `CON-f972836a-…`: the API's ids carry a prefix) left out. The example is the
 * schema's own, or its parameter's (a date and time's offset `+0000` or `+00:00`). So for a pattern written as a date
 * form (`yyyy/MM/dd HH:mm:ss`: Java's template, which ECMAScript reads as that very text) that its own example or
 * default (`2023/10/01 12:00:00`) breaks and the form's reading meets: every date a call gave was refused.
 */
export function withExampleFormats(cut: Json): string[] {
  return rewriteEachObject(cut, (node) => {
    const param = typeof node.in === "string" && node.schema !== null && typeof node.schema === "object";
    const schema = (param ? node.schema : node) as Json;
    const example = param && "example" in node ? node.example : schema.example;
    const form = typeof schema.pattern === "string" ? datePatternAsForm(schema.pattern, [example, schema.default]) : "";
    if (form) {
      const written = JSON.stringify(schema.pattern);
      schema.pattern = form;
      return `pattern ${written}: ${JSON.stringify(form)}, the date form it writes, as its own example or default`;
    }
    if (schema.format === "uuid" && typeof example === "string" && !meets("uuid", example)) {
      if (!uuidInside.test(example)) return undefined;
      delete schema.format;
      return "format uuid: left out, its example a UUID with more around it";
    }
    // A parameter's date and time whose words write the value as a date alone (`YYYY-MM-DD`, no time of day): a date a
    // call gave, as the words ask, was refused for want of a time; a time the example shows keeps the format. Only a
    // parameter's: a schema a reply shares may carry the time its words leave out.
    if (param && schema.format === "date-time" && writesDateOnly([node.description, schema.description])) {
      if (example !== undefined && (typeof example !== "string" || !meets("date", example))) return undefined;
      schema.format = "date";
      return "format date-time: date, as its description writes the value (YYYY-MM-DD)";
    }
    // ISO 8601's offset without its colon (`+0000`) is a date and time too, though not RFC 3339's.
    const stamp = typeof example === "string" ? example.replace(/([+-]\d\d)(\d\d)$/, "$1:$2") : example;
    if (schema.format !== "date" || !meets("date-time", stamp) || meets("date", example)) return undefined;
    // Its own words calling it a date and naming no time ("ISO 8601 date string", where the document gives every
    // date parameter one stamp as its example): the format and the words agree, the example is the slip.
    if (saysDateOnly([node.description, schema.description])) return undefined;
    schema.format = "date-time";
    return "format date: date-time, as its example";
  });
}

/** Whether a value's descriptions call it a date and name no time of day (no "time", "timestamp", `hh:mm`, `T`). */
function saysDateOnly(descriptions: unknown[]): boolean {
  const words = descriptions.filter((d): d is string => typeof d === "string").join(" ");
  return /\bdate\b/i.test(words) && !/time|\bhh\b|:mm|\dT\d|'T'|\bT\b/i.test(words);
}

/**
 * Whether a value's descriptions write it as a date (`YYYY-MM-DD`, `yyyy-mm-dd`) and write no time of day (`hh`, `:mm`,
 * `THH`, a `T` after the date, "date and time").
 */
function writesDateOnly(descriptions: unknown[]): boolean {
  const words = descriptions.filter((d): d is string => typeof d === "string").join(" ");
  return /\byyyy-mm-dd\b/i.test(words) && !/\bhh\b|:mm|:ss|yyyy-mm-ddt|'T'|\dT\d|date\s*(?:&|and)\s*time/i.test(words);
}

// A date form's fields as Java's and moment's templates write them (a run of one letter: `yyyy`, `MM`, `dd`, `HH`,
// `mm`, `ss`, `SSS`; `YYYY`, `DD`), Java's quoted `'T'`, and the separators between them.
const FORM_PIECES = /'T'|([yYMmdDhHsS])\1*|[/\-:. T]/g;

/** The digits a field of the form takes, as a count (`{4}`, `{1,2}`), or undefined where no date form writes it so. */
function fieldDigits(run: string): string | undefined {
  const [letter, n] = [run[0] as string, run.length];
  if (letter === "y" || letter === "Y") return n === 2 || n === 4 ? `{${n}}` : undefined;
  if (letter === "S") return n <= 9 ? `{${n}}` : undefined;
  return n === 2 ? "{2}" : n === 1 ? "{1,2}" : undefined;
}

/**
 * The pattern a date form written as one means (`^\d{4}/\d{2}/\d{2}$` for `yyyy/MM/dd`), where the pattern is such a
 * form (two fields or more, no pattern syntax) and one of the document's own values (`shown`: an example, a default)
 * meets that reading and none meets the pattern as ECMAScript reads it (the form's very text); else "".
 */
function datePatternAsForm(pattern: string, shown: unknown[]): string {
  const pieces = pattern.match(FORM_PIECES) ?? [];
  if (pieces.join("") !== pattern) return "";
  let [form, fields] = ["", 0];
  for (const piece of pieces) {
    const digits = /^[yYMmdDhHsS]/.test(piece) ? fieldDigits(piece) : "";
    if (digits === undefined) return "";
    if (digits) fields++;
    form += digits ? `\\d${digits}` : piece === "'T'" ? "T" : piece === "." ? "\\." : piece;
  }
  const values = shown.filter((v): v is string => typeof v === "string");
  const read = readPattern(pattern);
  const meets = (re: string, v: string) => new RegExp(re, "u").test(v);
  if (fields < 2 || read === undefined || values.some((v) => meets(read, v))) return "";
  return values.some((v) => meets(`^${form}$`, v)) ? `^${form}$` : "";
}

/** The review note on the formats rewritten as their own examples ask, if add rewrote some. */
export function exampleFormatNotes(changed: readonly string[]): ReviewNote[] {
  if (!changed.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml changes ${changed.join(", ")}: the document's own example or words break the format or ` +
        "pattern it declares (a date and time for a date, a date written YYYY-MM-DD for a date and time, a UUID " +
        "with more around it for a UUID, a date for a date form " +
        "written as a pattern): check which the API takes",
    },
  ];
}
