// A success's record that the mock serves as text of its media type (YAML, CSV, XML, or a record's JSON text under a
// text type) keeps its named examples, each written as that text under its own name. The contract suite asks the mock
// for each named example of an answer (`Prefer: example=<name>`); where the served media type had only one `example`
// left, Prism found none by that name and answered 500 ("cannot find the requested content"), so every such case
// failed though the tool was right.
import { isObject, mediaExample, resolved } from "../mock-form-bodies.js";

type Json = Record<string, unknown>;

/** Writes a value as the media type's text (a string stays as written); undefined when none can be written. */
export type TextWriter = (value: unknown) => string | undefined;

/**
 * The media type object served as text: a string schema, and its named examples each written by `write` (a named
 * example with no value, an `externalValue`, written from nothing, as a made one), else its one example written (its
 * `example`, else nothing given: `write(undefined)` makes one). Undefined when a text cannot be written.
 */
export function servedAsText(media: Json, document: Json, write: TextWriter): Json | undefined {
  const { schema: _record, example: _one, examples: named, ...rest } = media;
  const entries = isObject(named) ? Object.entries(named) : [];
  if (media.example === undefined && entries.length) {
    const examples: Json = {};
    for (const [name, declared] of entries) {
      const example = resolved(declared, document);
      const { value, externalValue: _elsewhere, ...described } = isObject(example) ? example : {};
      const text = typeof value === "string" ? value : write(value);
      if (text === undefined) return undefined;
      examples[name] = { ...described, value: text };
    }
    return { ...rest, schema: { type: "string" }, examples };
  }
  const given = mediaExample(media, document);
  const text = typeof given === "string" ? given : write(given);
  return text === undefined ? undefined : { ...rest, schema: { type: "string" }, example: text };
}
