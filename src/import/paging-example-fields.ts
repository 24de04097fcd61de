// A reply's paging object declared as a bare object, its fields shown only by the reply schema's own example
// (`metadata: {type: object}` beside `example: {data: […], metadata: {next_page: null, limit: 50}}`, the next page's
// cursor named in words: "use the metadata.next_page cursor"). Drafted as published, add found no field holding the
// next cursor and drafted the list as one page, and the linker refused a paging written by hand ("response field not
// found"). add declares in the cut the example's scalar fields of such an object (a text, a number, a flag; `null`
// for a `next…`/`prev…` cursor: text that may be null; the sentence of the reply's description naming a field, its
// description), so that the paging add recognises elsewhere is recognised here too (a `next_page` the words call a
// cursor sent back as the cursor parameter); and says so. Only an object named as a paging object (`meta`,
// `metadata`, `pagination`, `paging`, `page_info`) whose example shows a `next…` field, of a schema with no fields,
// rules or composition of its own.
import { sentences } from "../load/text/sentences.js";
import type { ReviewNote } from "./manifest-yaml.js";
import { isJson, rewriteEachObject } from "./shapes/cut-walk.js";

type Json = Record<string, unknown>;

const PAGING_OBJECT = /^(list_?)?meta(_?data)?$|^pagination$|^paging$|^page_?info$/i;
const NEXT_OR_PREV = /^(next|prev(ious)?)/i;
/** Keys a bare object may have beside its type and words. */
const BARE_KEYS = new Set(["type", "description", "title"]);

/** The schema of an example's scalar value, `undefined` for one that shows no type (an object, a list, a bare null). */
function declared(name: string, value: unknown, three1: boolean): Json | undefined {
  if (value === null) {
    if (!NEXT_OR_PREV.test(name)) return undefined;
    return three1 ? { type: ["string", "null"] } : { type: "string", nullable: true };
  }
  if (typeof value === "string") return { type: "string" };
  if (typeof value === "boolean") return { type: "boolean" };
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  return undefined;
}

/** The sentence of `words` that names `field` (`use the metadata.next_page cursor…`), if one does. */
function sentenceNaming(words: unknown, field: string): string | undefined {
  if (typeof words !== "string") return undefined;
  const named = new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[^A-Za-z0-9_]/g, "")}($|[^A-Za-z0-9_])`);
  return sentences(words)
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .find((sentence) => named.test(sentence));
}

/**
 * The cut with each bare paging object of a reply schema given the scalar fields the schema's own example shows it with
 * (changed in place). Each place changed, as `components.schemas.Zq (…)`.
 */
export function withPagingFieldsFromExamples(cut: Json): string[] {
  const three1 = typeof cut.openapi === "string" && cut.openapi.startsWith("3.1");
  return rewriteEachObject(
    cut,
    (node) => {
      if (!isJson(node.properties) || !isJson(node.example)) return undefined;
      const filled: string[] = [];
      for (const [name, field] of Object.entries(node.properties)) {
        const shown = node.example[name];
        if (!PAGING_OBJECT.test(name) || !isJson(field) || !isJson(shown)) continue;
        if (field.type !== "object" || Object.keys(field).some((key) => !BARE_KEYS.has(key))) continue;
        if (!Object.keys(shown).some((key) => /^next/i.test(key))) continue;
        const properties: Json = {};
        for (const [key, value] of Object.entries(shown)) {
          const schema = declared(key, value, three1);
          const said = sentenceNaming(node.description, key);
          if (schema) properties[key] = said ? { ...schema, description: said } : schema;
        }
        if (!Object.keys(properties).some((key) => /^next/i.test(key))) continue;
        field.properties = properties;
        filled.push(`${name}: ${Object.keys(properties).join(", ")}`);
      }
      return filled.length ? `${filled.join("; ")} declared as its example shows` : undefined;
    },
    (key) => key === "example" || key === "examples",
  );
}

/** The review note on the paging objects declared as their examples show, if add declared some. */
export function pagingExampleNotes(changed: readonly string[]): ReviewNote[] {
  if (!changed.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml changes ${changed.join(", ")}: the document declares the reply's paging object with no fields, ` +
        "its own example shows them: check them against a real reply",
    },
  ];
}
