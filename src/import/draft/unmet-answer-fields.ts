// An answer's field that no value meets as the document writes it: `type: "null"` beside a composition
// (`{oneOf: [string, number], type: "null"}`, a 3.0 `nullable` written as 3.1's type). The mocks read it as that
// composition or null (mocks/prism-schemas.ts); the draft says so where a person reviews the outputs, since what the
// service sends there is the document's to say.
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import type { ReviewNote } from "../manifest-yaml.js";

type Path = ReviewNote["at"];

const COMPOSITIONS = ["oneOf", "anyOf", "allOf"];
/** Schemas visited at most: a reply's record, not a whole document. */
const BUDGET = 500;

/** The fields (dotted, `[]` for a list's items) of the answer's schema that are `type: null` beside a composition. */
export function nullTypedCompositions(doc: OpenApiDocument, schema: Schema): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  let visits = 0;
  const walk = (raw: unknown, at: string, depth: number): void => {
    if (depth > 8 || visits++ > BUDGET || raw === null || typeof raw !== "object" || Array.isArray(raw)) return;
    let node: Schema;
    try {
      node = doc.resolve(raw as Schema);
    } catch {
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    if (node.type === "null" && COMPOSITIONS.some((key) => Array.isArray(node[key]))) found.add(at || "(the body)");
    for (const key of COMPOSITIONS)
      if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) walk(branch, at, depth + 1);
    if (node.properties && typeof node.properties === "object")
      for (const [name, field] of Object.entries(node.properties as Record<string, unknown>))
        walk(field, at ? `${at}.${name}` : name, depth + 1);
    if (node.items !== undefined) walk(node.items, `${at}[]`, depth + 1);
  };
  walk(schema, "", 0);
  return [...found];
}

/** The review note on the answer's fields no value meets as written, if it has some. */
export function unmetAnswerFieldsNote(doc: OpenApiDocument, schema: Schema | undefined, where: Path): ReviewNote[] {
  const fields = schema ? nullTypedCompositions(doc, schema) : [];
  if (!fields.length) return [];
  const listed = fields.slice(0, 5).join(", ") + (fields.length > 5 ? `, and ${fields.length - 5} more` : "");
  return [
    {
      at: where,
      note:
        `the answer's ${listed} ${fields.length > 1 ? "are each" : "is"} type null beside a oneOf/anyOf/allOf, ` +
        "which no value meets as written: read (by the mocks too) as that schema or null; check what the service sends",
    },
  ];
}
