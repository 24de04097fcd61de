// The outputs of a success reply that is no object or list (outputs.ts reads those): one scalar, an output of its
// type, or a union of shapes: their common id, and the fields every shape carries alike (a record and the same record
// with more, as an API's "standard or hydrated" answer: every output of the record, not the whole body alone).
import type { ManifestOutput } from "../../../load/precompiled/manifest-types.js";
import { unionOf, typeOf, type OpenApiDocument, type Schema } from "../../../load/openapi-document.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { safeFlatten } from "../param-schema.js";
import { replyText as replyTextOf } from "./reply-text.js";

/** The success answer whose body the outputs are read from. */
export type BodyResponse = NonNullable<ReturnType<OpenApiDocument["bodyResponse"]>>;

type Path = (string | number)[];

/** The outputs drafted, and the reply's schema where it has one (outputs.ts's OutputsDraft). */
interface ScalarDraft {
  outputs: Record<string, ManifestOutput>;
  body?: Schema;
}

/** A reply that is no object or list: one scalar, an output of its type, or a union of shapes (their common id). */
/** Drafts the outputs of a record's fields, as an object reply's are (outputs.ts), into `outputs`. */
export type FieldOutputs = (
  fields: Record<string, Schema>,
  required: ReadonlySet<string>,
  outputs: Record<string, ManifestOutput>,
) => void;

export function scalarReply(
  doc: OpenApiDocument,
  response: BodyResponse,
  body: Schema | undefined,
  where: Path,
  notes: ReviewNote[],
  fieldOutputs: FieldOutputs,
): ScalarDraft {
  const type = body ? typeOf(body) : undefined;
  const replyText = replyTextOf(response, body);
  const variants = body ? unionOf(body) : undefined;
  // A reply that is one scalar (a string of the file's text, a count) is an output of its type.
  const scalar =
    type === "string" || type === "boolean" ? type : type === "number" || type === "integer" ? "number" : undefined;
  const data: ManifestOutput = { type: scalar ?? "json", from: "$response.body", description: replyText };
  if (!body || !variants) return { outputs: { data }, ...(body ? { body } : {}) };
  // A record of one of several kinds (a customer, or a deleted one): the id they all carry, read through the union.
  const idInAll = variants.every((v) => typeOf(doc.schemaAt(v, ["id"])) === "string");
  const kinds = `${body.anyOf ? "anyOf" : "oneOf"}: ${variants.map((v, i) => doc.variantLabel(v, i)).join(", ")}`;
  const outputs: Record<string, ManifestOutput> = {
    data,
    ...(idInAll
      ? { "metadata.id": { type: "string", from: "$response.body#/id", description: "The id of the reply's record." } }
      : {}),
  };
  const shared = fieldsInAll(doc, variants, idInAll ? ["id"] : []);
  const before = Object.keys(outputs).length;
  fieldOutputs(shared.fields, shared.required, outputs);
  const fields = Object.keys(outputs).length - before;
  const drafted = [
    ...(idInAll ? [fields ? "the id" : "the id they all carry"] : []),
    ...(fields ? [`the ${fields} ${idInAll ? "other " : ""}field${fields === 1 ? "" : "s"} they all carry alike`] : []),
  ];
  notes.push({
    at: where,
    note:
      `the ${response.status} reply is one of several shapes (${kinds}): ` +
      `${drafted.length ? `data and ${drafted.join(" and ")}` : "only data"} drafted; an output only some carry is ` +
      "absent from the others",
  });
  return { outputs, body };
}

/**
 * The top-level fields every shape carries, each of one type in all of them (the first shape's schema of each), and
 * those every shape requires; none where a shape is no object. `except`: fields drafted otherwise.
 */
function fieldsInAll(
  doc: OpenApiDocument,
  variants: readonly Schema[],
  except: readonly string[],
): { fields: Record<string, Schema>; required: Set<string> } {
  const flats = variants.map((v) => safeFlatten(doc, v));
  const objects = flats.filter((f): f is Schema => f !== undefined && typeOf(f) === "object");
  const fields: Record<string, Schema> = {};
  if (objects.length !== variants.length) return { fields, required: new Set() };
  const fieldType = (shape: Schema, name: string): string | undefined => {
    const field = (shape.properties as Record<string, Schema> | undefined)?.[name];
    const flat = field ? safeFlatten(doc, field) : undefined;
    return flat ? typeOf(flat) : undefined;
  };
  const [first, ...rest] = objects;
  for (const [name, schema] of Object.entries((first?.properties ?? {}) as Record<string, Schema>)) {
    const type = first && !except.includes(name) ? fieldType(first, name) : undefined;
    if (type && rest.every((shape) => fieldType(shape, name) === type)) fields[name] = schema;
  }
  const requires = (shape: Schema, name: string) => Array.isArray(shape.required) && shape.required.includes(name);
  return { fields, required: new Set(Object.keys(fields).filter((n) => objects.every((o) => requires(o, n)))) };
}
