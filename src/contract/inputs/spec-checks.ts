// What the OpenAPI document's own schema says of a JSON parameter's value, beyond the manifest's rules (values.ts
// asks, once per parameter): its check at the parameter's place, the fields a query object spread as its own pairs
// lists, and whether its insides are objects, lists or unions that random JSON would not meet.
import { parsePointer, type ParamSpec, type ToolSpec, type WireSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { withoutEmpty, writtenWithBrackets } from "../../judge/bracket-form.js";
import { parameterCheck, requestPlaceCheck } from "./made-body.js";
import { rawOperation, requestMedia, specSchema } from "./document-places.js";
import { CREDENTIAL, credentialFieldsIn, withFieldsWritten } from "./sendable-values.js";

/**
 * The fields a query object spread as its own pairs (form, exploded) lists, which alone read as its fields;
 * undefined when its schema takes others too (additionalProperties) or says nothing.
 */
export function spreadFields(doc: OpenApiDocument, op: OpenApiOperation, param: ParamSpec): Set<string> | undefined {
  const schema = specSchema(doc, op, param);
  const open = !schema || (schema.additionalProperties !== undefined && schema.additionalProperties !== false);
  return open ? undefined : new Set(Object.keys(schema.properties ?? {}));
}

/**
 * The document's own schema of a JSON body parameter's value (the manifest's `json` says nothing of the fields
 * inside), as a check; undefined where it has no place in the request's schemas.
 */
export function documentCheck(
  tool: ToolSpec,
  doc: OpenApiDocument,
  op: OpenApiOperation,
  param: ParamSpec,
  credential: () => string | undefined = () => undefined,
): ((value: unknown) => boolean) | undefined {
  const wire: WireSpec = param.wire;
  if (param.type !== "json" || !["body", "query", "header", "path"].includes(wire.in)) return undefined;
  // A body object's other fields are no value of the object's schema (their kind: the runtime's check, the judge).
  const check =
    wire.in === "body" && wire.otherFields
      ? undefined
      : wire.in === "body"
        ? requestPlaceCheck(
            doc,
            op,
            rawOperation(doc, op).requestBody as Schema | undefined,
            requestMedia(doc, op),
            parsePointer(wire.pointer),
          )
        : wire.in === "query" && wire.of
          ? parameterCheck(doc, op, "query", wire.of.name, wire.of.field)
          : wire.in === "query" || wire.in === "header" || wire.in === "path"
            ? parameterCheck(doc, op, wire.in, wire.name ?? param.name)
            : undefined;
  // In bracket form (a form field, a query object) an empty object or list sends no pair: checked as the service
  // reads it.
  const bracketed = check && writtenWithBrackets(param, tool);
  const read = bracketed ? (value: unknown) => check(withoutEmpty(value)) : check;
  // Checked as sent: with the credential the suite gives written at its places inside the value (sendable-values.ts);
  // the suite's own stand-in only where it gives none (a place with a format of its own takes a credential of it).
  const inside = read ? credentialFieldsIn(param, tool) : [];
  if (!read || !inside.length) return read;
  return (value) => read(withFieldsWritten(value, inside, credential() ?? CREDENTIAL));
}

/**
 * Whether the spec gives a JSON parameter's items (a list's) or values (an object's) as objects or lists, which the
 * manifest's limits of values inside cannot state: values drawn within the manifest's rules would not be the spec's;
 * or the value itself as a union of shapes, which random JSON would not match.
 */
export function structuredInside(doc: OpenApiDocument, op: OpenApiOperation, param: ParamSpec): boolean {
  const schema = specSchema(doc, op, param);
  if (schema && (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf))) return true;
  const inside =
    schema?.items ??
    (schema && typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined);
  if (!inside || typeof inside !== "object") return false;
  const flat = doc.flatten(inside as Schema);
  // A union of shapes too: random JSON would match none of its branches.
  return (
    flat.type === "object" ||
    flat.type === "array" ||
    flat.properties !== undefined ||
    flat.items !== undefined ||
    Array.isArray(flat.oneOf) ||
    Array.isArray(flat.anyOf)
  );
}
