// Which member of an error's schema names its code, by its name and type: `code` itself, else a member named as a
// code of some kind (`grpc_code`, `reason_code`, `errorCode`: a text or a whole number) that does not restate the HTTP
// status (`http_code`, `status_code`, `httpStatusCode`). grpc-gateway's errors are `{error, code, message, details}`
// in some versions and `{grpc_code, http_code, message, http_status, details}` in others (its stream errors, a server
// stream's failure line): the code is `grpc_code` there. Read by add's draft of `errors.code`
// (import/draft/errors/answer-places.ts) and by the link of a stream's failure (link/stream/streams.ts:
// `StreamSpec.failureCode`).
import type { OpenApiDocument, Schema } from "../openapi-document.js";
import { typeOf } from "../schema-types.js";

/** A member named as a code (`…_code`, `…Code`), the one called `code` aside. */
const NAMED_CODE = /^[A-Za-z][A-Za-z0-9]*(_code|Code)$/;
/** A code member restating the HTTP status. */
const STATUS_CODE = /^(http|status)/i;

/** The members of an object schema (name and JSON type) that name a code other than `code`, in their order. */
export function namedCodeMembers(members: readonly (readonly [name: string, type: string | undefined])[]): string[] {
  return members
    .filter(([name]) => NAMED_CODE.test(name) && !STATUS_CODE.test(name))
    .filter(([, type]) => type === "string" || type === "integer")
    .map(([name]) => name);
}

/** The member naming the code of an error of these members: `code` where there is one, else the first named so. */
export function codeMember(
  members: readonly (readonly [name: string, type: string | undefined])[],
): string | undefined {
  return members.some(([name]) => name === "code") ? "code" : namedCodeMembers(members)[0];
}

/** The members of `schema` (flattened: its own properties), each with its JSON type as the document resolves it. */
export function schemaMembers(doc: OpenApiDocument, schema: Schema): [string, string | undefined][] {
  const properties = schema.properties && typeof schema.properties === "object" ? Object.keys(schema.properties) : [];
  return properties.map((name) => [name, typeOf(doc.schemaAt(schema, [name]) ?? {})]);
}
