// The discriminated base a field's schema is, read once per document. A field reached through its object's schema (its
// `$ref` followed, an allOf merged) names no `$ref`: the base is the component schema it is, found by the object
// itself. Found by listing the document's schemas (each time), and baseKindsAt lists them again (their size, to
// know its index of extensions current): both once per field of each parameter linked, a whole API's link grew with
// its operations times its schemas (a 6,869-operation subset of Graph beta: 58 of 122 s in these two lists). The
// link's document is read, never changed: its schemas are indexed by object once, its extensions read once, and each
// base's kinds read once.
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import {
  type BaseKinds,
  baseKindsAt,
  type KnownExtensions,
  knownExtensions,
  mayBeBase,
  schemaRef,
} from "../../load/schemas/base-kinds.js";

interface Read {
  /** Each component schema (the object) → its `$ref`, the first name a schema object has (componentRefOf's). */
  refs?: Map<unknown, string>;
  /** Each `$ref`'s base (undefined: no base), as baseKindsAt reads it. */
  bases: Map<string, BaseKinds | undefined>;
  /** The document's extensions, read once (baseKindsAt listed its schemas again for each base: their count). */
  extensions?: KnownExtensions;
}

const reads = new WeakMap<OpenApiDocument, Read>();

const isJson = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The document's component schemas by object, listed once. */
function refsOf(doc: OpenApiDocument, read: Read): Map<unknown, string> {
  if (read.refs) return read.refs;
  const data = doc.source.data;
  const schemas = isJson(data) && isJson(data.components) ? data.components.schemas : undefined;
  const refs = new Map<unknown, string>();
  if (isJson(schemas))
    for (const [name, own] of Object.entries(schemas)) if (!refs.has(own)) refs.set(own, schemaRef(name));
  read.refs = refs;
  return refs;
}

/**
 * The base a schema is (`raw`'s own `$ref`, else the component schema `written` is, where it may be one), its kinds and
 * the property naming them; undefined where it is no base.
 */
export function baseAt(doc: OpenApiDocument, raw: Schema, written: Schema): BaseKinds | undefined {
  let read = reads.get(doc);
  if (!read) {
    read = { bases: new Map() };
    reads.set(doc, read);
  }
  const ref = typeof raw.$ref === "string" ? raw.$ref : mayBeBase(written) ? refsOf(doc, read).get(written) : undefined;
  if (ref === undefined) return undefined;
  if (!read.bases.has(ref)) {
    read.extensions ??= knownExtensions(doc.source.data);
    read.bases.set(ref, baseKindsAt(doc.source.data, ref, read.extensions));
  }
  return read.bases.get(ref);
}
