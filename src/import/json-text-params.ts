// A header or query parameter of an object or array schema, declared with no `content`, whose own words say its value
// is JSON text ("Specifies a JSON object to filter down the results"): as published, OpenAPI writes it in its style
// (a header's simple style: `+and,…`), which such a service does not parse, and its own SDK sends the JSON text. The
// document's own way to say JSON text is `content: {application/json: {schema}}`; add's cut writes the parameter so,
// with a note quoting the words, and every later reader (the link, the runtime, the mocks, the request judge) already
// writes and reads a parameter described by content as its JSON text.
import type { ReviewNote } from "./manifest-yaml.js";
import { typesOf } from "../load/schemas/json-types.js";
import { isJson, resolved, rewriteEachObject } from "./shapes/cut-walk.js";

type Json = Record<string, unknown>;

/** Keys whose values are data or extensions, not parameters. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples", "properties"]);

/**
 * Words saying the value itself is JSON text: "a JSON object", "JSON-encoded", "as JSON", "formatted as JSON"; a list
 * written with commas is its style's, not JSON.
 */
const JSON_TEXT_WORDS = new RegExp(
  [
    String.raw`\bJSON(?:[- ](?:encoded|formatted))?\s+(?:object|array|text|string|list|document|value)s?\b`,
    String.raw`\b(?:as|in)\s+JSON\b`,
    String.raw`\bJSON[- ](?:encoded|formatted)\b`,
  ].join("|"),
  "i",
);
const STYLE_WORDS = /\bcomma[- ](?:separated|delimited)\b/i;

/** The sentence of `text` holding the words, cut to a readable length: what the note quotes. */
function quotedWords(text: string): string {
  const at = text.search(JSON_TEXT_WORDS);
  const dot = text.lastIndexOf(". ", at);
  const start = dot < 0 ? 0 : dot + 2;
  const end = text.indexOf(". ", at);
  const sentence = text.slice(start, end < 0 ? undefined : end + 1).trim();
  return sentence.length > 160 ? `${sentence.slice(0, 159)}…` : sentence;
}

/** The words of a parameter saying its value is JSON text (its own description, else its schema's), if any. */
function jsonTextWords(cut: Json, parameter: Json): string | undefined {
  const schema = resolved(cut, parameter.schema);
  for (const text of [parameter.description, isJson(schema) ? schema.description : undefined])
    if (typeof text === "string" && JSON_TEXT_WORDS.test(text) && !STYLE_WORDS.test(text)) return quotedWords(text);
  return undefined;
}

/**
 * Whether a parameter of a header or a query holds an object or a list (null aside) by a schema, saying nothing of how
 * it is written (no `content`, `style`, `explode` nor `allowReserved`).
 */
function isUnstyledStructured(cut: Json, node: Json): boolean {
  if (typeof node.name !== "string" || (node.in !== "header" && node.in !== "query")) return false;
  if (node.schema === undefined || node.content !== undefined) return false;
  if (["style", "explode", "allowReserved"].some((key) => node[key] !== undefined)) return false;
  const kinds = [...typesOf(cut, node.schema)].filter((t) => t !== "null");
  return kinds.length > 0 && kinds.every((t) => t === "object" || t === "array");
}

/** One parameter rewritten: where, and the words that said JSON. */
export interface JsonTextParam {
  place: string;
  in: "header" | "query";
  name: string;
  words: string;
}

/**
 * The cut with each such parameter whose words say JSON text described by `content: application/json` (its schema and
 * examples under that media type), changed in place; each place and the words quoted.
 */
export function withJsonTextParamsAsContent(cut: Json): JsonTextParam[] {
  const found: JsonTextParam[] = [];
  rewriteEachObject(
    cut,
    (node) => {
      if (!isUnstyledStructured(cut, node)) return undefined;
      const words = jsonTextWords(cut, node);
      if (words === undefined) return undefined;
      const { schema, example, examples } = node;
      node.content = {
        "application/json": {
          schema,
          ...(example !== undefined ? { example } : {}),
          ...(examples !== undefined ? { examples } : {}),
        },
      };
      for (const key of ["schema", "example", "examples"]) delete node[key];
      found.push({ place: "", in: node.in as JsonTextParam["in"], name: node.name as string, words });
      return `${node.in} ${node.name} as JSON text`;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  ).forEach((changed, i) => {
    const one = found[i];
    if (one) one.place = changed.replace(/ \(.*/, "");
  });
  return found;
}

/** The review notes on the parameters written as JSON text: one each, quoting the words. */
export function jsonTextParamNotes(changed: readonly JsonTextParam[]): ReviewNote[] {
  return changed.map((p) => ({
    at: ["openapi"],
    note:
      `openapi.yaml describes ${p.in} parameter ${JSON.stringify(p.name)} (${p.place}) by content application/json: ` +
      "published with a schema of objects or lists and no content, which OpenAPI's style writes as " +
      `${p.in === "header" ? "its fields or items joined by commas" : "query pairs"}, while its words say JSON text ` +
      `(${JSON.stringify(p.words)}); its JSON text is sent: check what the API parses`,
  }));
}
