// A JSON value made from the schema the document gives at its own place: a
// query, header, path or cookie parameter's, or a body field's where no whole
// body could be made (another field's schema met by no value made within the
// bounds). Every field given: an object of optional fields is then not `{}`.
import { type ParamSpec, parsePointer, type WireSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { rawOperation, requestMedia } from "./document-places.js";
import { madeParameterValues, madePlaceValues } from "./made-body.js";

export function madeAtPlace(doc: OpenApiDocument, op: OpenApiOperation, param: ParamSpec): unknown[] {
  const wire: WireSpec = param.wire;
  if (wire.in === "query" || wire.in === "header" || wire.in === "path" || wire.in === "cookie")
    return madeParameterValues(doc, op, wire.in, wire.name ?? param.name);
  if (wire.in !== "body" || !wire.pointer) return [];
  const raw = rawOperation(doc, op).requestBody as Schema | undefined;
  return madePlaceValues(doc, op, raw, requestMedia(doc, op), parsePointer(wire.pointer));
}
