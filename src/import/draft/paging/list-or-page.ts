// A success reply that is either a bare list or a page object holding the list under one field (`oneOf: [array,
// {results: array, next}]`, issue 59), told by its shapes: one form a list, every other an object whose list
// (reply-shape.ts listField) is that one field. Its list outputs (data, the count) are read from the first of the
// page's field and the whole body that holds a list, so that `data` is a list from either form and each page's items
// are found; the page object's scalars beside it (absent from a bare list) and its paging are the page object's.
import type { ManifestOutput } from "../../../load/precompiled/manifest-types.js";
import { formatPointer } from "@blockwright/runtime/internal";
import {
  unionOf,
  typeOf,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
} from "../../../load/openapi-document.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { safeFlatten } from "../param-schema.js";
import { listField } from "../reply-shape.js";

type Path = (string | number)[];

export interface ListOrPage {
  /** The page object's schema (flattened), its fields and required ones. */
  page: Schema;
  fields: Record<string, Schema>;
  required: ReadonlySet<string>;
  /** The page object's field holding the list. */
  name: string;
}

/** The page object and its list's field, when `body` is a union of a bare list and page objects holding it. */
export function listOrPage(doc: OpenApiDocument, op: OpenApiOperation, body: Schema): ListOrPage | undefined {
  const forms = (unionOf(body) ?? []).map((v) => safeFlatten(doc, v));
  const lists = forms.filter((f) => f !== undefined && typeOf(f) === "array");
  const pages = forms.filter((f): f is Schema => f !== undefined && typeOf(f) === "object");
  if (lists.length !== 1 || !pages.length || lists.length + pages.length !== forms.length) return undefined;
  const names = pages.map((f) => listField(doc, op, (f.properties ?? {}) as Record<string, Schema>));
  const [name] = names;
  if (name === undefined || names.some((n) => n !== name)) return undefined;
  const page = pages[0] as Schema;
  const required = new Set(Array.isArray(page.required) ? (page.required as string[]) : []);
  return { page, fields: (page.properties ?? {}) as Record<string, Schema>, required, name };
}

/**
 * The page's list outputs (`data`, `metadata.count`, as drafted for the page object) read from the first of its field
 * and the whole body that holds a list; the paging drafted from the page object (`body`).
 */
export function readFromEither(
  outputs: Record<string, ManifestOutput>,
  either: ListOrPage,
  status: string,
  union: Schema,
  where: Path,
  notes: ReviewNote[],
): { outputs: Record<string, ManifestOutput>; body: Schema } {
  const places = [`$response.body#${formatPointer([either.name])}`, "$response.body"];
  for (const path of ["data", "metadata.count"]) {
    const output = outputs[path];
    if (output && "from" in output) outputs[path] = { ...output, from: places };
  }
  notes.push({
    at: where,
    note:
      `the ${status} reply is a bare list or a page object holding it under ${either.name} ` +
      `(${union.anyOf ? "anyOf" : "oneOf"}): data is read from the first of ${places.join(", ")} that holds a ` +
      "list; the page's other fields are absent from a bare list",
  });
  return { outputs, body: either.page };
}
