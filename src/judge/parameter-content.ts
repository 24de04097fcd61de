// A value the document describes by a media type: a parameter by `schema` or by `content` (its one media type, the
// value encoded in that type: JSON), whose schema and examples are that media type's; a form field by its encoding's
// `contentType` (one pair of that type's text, a list a pair per item).
import { isJsonMediaType } from "../load/media-types.js";
import { listAlone } from "../load/schemas/json-types.js";
import type { OpenApiDocument, Schema } from "../load/openapi-document.js";
import type { RawPair } from "./query-read.js";
import { itemSchema, scalarOf, typesOf } from "./text-values.js";
import { decoded, rawProblem, shownChar } from "./uri-text.js";

/**
 * A raw parameter's schema and the objects holding its examples: its own, or (described by `content`) its one media
 * type's.
 */
export function describedParameter(
  raw: Schema | undefined,
  doc: Pick<OpenApiDocument, "resolve">,
): { schema: unknown; holders: Schema[] } | undefined {
  if (!raw) return undefined;
  if (raw.schema !== undefined || !raw.content || typeof raw.content !== "object")
    return { schema: raw.schema, holders: [raw] };
  const [media] = Object.values(raw.content as Record<string, Schema>);
  const own = media ? doc.resolve(media) : undefined;
  return { schema: own?.schema, holders: [raw, ...(own ? [own] : [])] };
}

/**
 * A form field written by content (its encoding's contentType): one value, the media type's text (JSON parsed). A
 * field the schema makes a list, encoded as JSON, is a pair per item, each its JSON (OpenAPI 3.2, Encoding Object:
 * "one encoded value per array item, each with the same name"; 3.0 and 3.1 give an array the contentType of its items,
 * which only an item on its own has), so that `to="a"&to="b"` is `["a", "b"]`.
 */
export function contentField(
  contentType: string,
  mine: RawPair[],
  name: string,
  schema: unknown,
  data: unknown,
): { value: unknown } | { message: string } {
  const json = contentType.split(",").some((t) => isJsonMediaType(t.trim()));
  const types = typesOf(data, schema);
  // A list alone (or null): every pair an item. A union of a list and another kind: one pair is that kind's value.
  // The link flags such a field for the runtime by the same reading (load/schemas/json-types.ts listAlone).
  const list = json && listAlone(data, schema);
  const pairs = `sent ${mine.length} pair${mine.length === 1 ? "" : "s"}`;
  if (mine.some((x) => x.name !== name) || (!list && mine.length !== 1))
    return {
      message:
        `the document encodes it as ${contentType} (encoding.contentType): ` +
        `${list ? `a pair ${name}=<JSON> per item` : `one pair ${name}=<${json ? "JSON" : "text"}>`}; ${pairs}`,
    };
  const values: unknown[] = [];
  for (const pair of mine) {
    // Its media type's text, then percent-encoded whole as the form writes every value: JSON's own `{`, `"`, `:`, `,`.
    const raw = rawProblem(pair.raw ?? "", { delimiters: "", reserved: false, plusIsSpace: true });
    if (raw)
      return {
        message:
          `the document encodes it as ${contentType} (encoding.contentType): ${shownChar(raw.char)} is sent raw ` +
          `inside its value; the form percent-encodes its text`,
      };
    const text = decoded(pair.raw ?? "", true);
    if (text === undefined) return { message: "the value's escapes are not UTF-8" };
    if (!json) return { value: scalarOf(data, schema, text) };
    try {
      values.push(JSON.parse(text));
    } catch {
      return {
        message:
          `the document encodes it as ${contentType} (encoding.contentType), ` +
          `and ${JSON.stringify(text.slice(0, 80))} is not JSON` +
          (list ? `; a list goes a pair per item, each its JSON: ${name}="a"&${name}="b"` : ""),
      };
    }
  }
  if (!list) return { value: values[0] };
  // One pair of null: the field's null, not a list of it.
  if (values.length === 1 && values[0] === null && types.has("null")) return { value: null };
  const item = typesOf(data, itemSchema(data, schema));
  if (mine.length === 1 && Array.isArray(values[0]) && item.size > 0 && !item.has("array"))
    return {
      message:
        `the document encodes it as ${contentType} (encoding.contentType), a list a pair per item, each its JSON ` +
        `(${name}="a"&${name}="b", OpenAPI 3.2's Encoding Object); sent one pair holding the list`,
    };
  return { value: values };
}
