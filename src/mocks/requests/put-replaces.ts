// Whether a PUT of a stateful mock's item replaces its record or merges into it, by the shape of its body (RFC 9110
// §9.3.4 says a PUT replaces the resource's state, but many published documents write a partial update as a PUT of the
// fields that change): it replaces where its JSON body requires every field the read's record always holds (its
// required fields) but those the server sets (the record's id, and the fields the read marks readOnly), that is where
// a caller must send the whole record; its optional fields a PUT leaves out are then gone. Any other PUT merges its
// fields as a PATCH's plain JSON body does (requests/patched.ts). The record's readOnly fields are kept by a
// replacement as the mock set them (mock-state.ts).
import { followLocalRefs } from "../../load/json-ref.js";

type Node = Record<string, unknown>;

/**
 * Whether `put` (an operation of `document`) replaces the record the read answers (`readSchema`, its fields
 * `readRecord`: name → schema), `idField` its id: true where its JSON body requires each field the record requires but
 * the id and those read only, and there is such a field.
 */
export function putReplaces(
  document: Node,
  put: Node,
  readSchema: unknown,
  readRecord: Node,
  idField: string,
): boolean {
  const written = [...requiredOf(document, readSchema)].filter(
    (name) => name !== idField && !readOnly(document, readRecord[name]),
  );
  if (!written.length) return false;
  const required = requiredOf(document, bodySchema(document, put));
  return written.every((name) => required.has(name));
}

/** The readOnly fields of a record (name → schema), whose values a replacement keeps. */
export function readOnlyFieldsOf(document: Node, readRecord: Node): Set<string> {
  return new Set(Object.keys(readRecord).filter((name) => readOnly(document, readRecord[name])));
}

function readOnly(document: Node, schema: unknown): boolean {
  return (isNode(schema) && schema.readOnly === true) || followLocalRefs(document, schema)?.readOnly === true;
}

/** The schema of an operation's JSON request body (its first JSON media type's), `$ref`s followed. */
function bodySchema(document: Node, operation: Node): unknown {
  const body = followLocalRefs(document, operation.requestBody);
  const content = isNode(body) && isNode(body.content) ? body.content : {};
  const json = Object.entries(content).find(([type]) => /^application\/(.+\+)?json\b/i.test(type))?.[1];
  return isNode(json) ? json.schema : undefined;
}

/** The members a schema requires: its own `required` and each of its `allOf` parts'. */
function requiredOf(document: Node, raw: unknown, depth = 0): Set<string> {
  const schema = followLocalRefs(document, raw);
  if (!isNode(schema) || depth > 8) return new Set();
  const own = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === "string") : [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  return new Set([...own, ...parts.flatMap((part) => [...requiredOf(document, part, depth + 1)])]);
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
