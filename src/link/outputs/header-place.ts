// An output read from a reply header (`$response.header.X-Total-Count`): typed as the document's header schema says.
// A header of a scalar type other than a text (integer, number, boolean) is read as that type from its text
// (runtime/http/header-values.ts); one of another schema (a list, an object, none), or one the answer does not declare,
// is its text.
import type { HeaderValueType, ValueRef } from "@blockwright/runtime/internal";
import type { TypeRef } from "../../model/ir.js";
import { valueAt } from "../../load/json-ref.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";

type HeaderRef = Extract<ValueRef, { kind: "header" }>;

const TYPED: readonly string[] = ["integer", "number", "boolean"] satisfies HeaderValueType[];

/** The header place's ref (with the type its text is read as), its schema's type and its TypeScript type. */
export function headerPlace(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  status: number | undefined,
  ref: HeaderRef,
): { ref: HeaderRef; schemaType: string; tsType: TypeRef } {
  const type = declaredHeaderType(doc, op, status, ref.name);
  if (type === undefined || !TYPED.includes(type))
    return { ref, schemaType: "string", tsType: { kind: "primitive", name: "string" } };
  const as = type as HeaderValueType;
  return {
    ref: { ...ref, as },
    schemaType: as,
    tsType: { kind: "primitive", name: as === "boolean" ? "boolean" : "number" },
  };
}

/** The type of the schema the `status` answer declares for header `name` (any case), if it declares one. */
export function declaredHeaderType(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  status: number | undefined,
  name: string,
): string | undefined {
  const response = op.responses.find((r) => Number(r.status) === status);
  if (!response) return undefined;
  const key = response.range ?? response.status;
  try {
    const raw = valueAt(doc.source.data, [...op.location, "responses", key]) as Schema | undefined;
    const headers = (raw ? doc.resolve(raw).headers : undefined) as Record<string, Schema> | undefined;
    const found = Object.entries(headers ?? {}).find(([declared]) => declared.toLowerCase() === name.toLowerCase());
    if (!found) return undefined;
    const header = doc.resolve(found[1]);
    // A header described by `content` is a media type's text, not a simple-style value.
    const schema = header.schema === undefined ? undefined : doc.flatten(header.schema as Schema);
    return schema ? typeOf(schema) : undefined;
  } catch {
    return undefined; // a $ref that names nothing: the load reports it
  }
}
