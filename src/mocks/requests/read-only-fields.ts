// The fields of a record the server sets (readOnly), which a PUT's replacement keeps as the mock set them
// (mock-state.ts): the properties a schema, or its envelope's property, declares readOnly, through its $refs and the
// members of its allOf, oneOf and anyOf (a field read-only in any shape the record may take).
import { followLocalRefs } from "../../load/json-ref.js";

type Node = Record<string, unknown>;

/** The readOnly fields of the record `schema` (a node of `document`) holds, under its property `envelope` if given. */
export function readOnlyFields(document: unknown, schema: unknown, envelope?: string): Set<string> {
  const fields = new Set<string>();
  const records =
    envelope === undefined ? [schema] : propertiesOf(document, schema).flatMap(([k, v]) => (k === envelope ? [v] : []));
  for (const record of records)
    for (const [name, property] of propertiesOf(document, record)) {
      const read = followLocalRefs(document, property);
      if (isNode(property) && (property.readOnly === true || read?.readOnly === true)) fields.add(name);
    }
  return fields;
}

/** Each property a schema declares, its own and its members' (allOf, oneOf, anyOf), $refs followed. */
function propertiesOf(document: unknown, schema: unknown, seen = new Set<unknown>()): [string, unknown][] {
  const node = followLocalRefs(document, schema);
  if (!isNode(node) || seen.has(node)) return [];
  seen.add(node);
  const own = isNode(node.properties) ? Object.entries(node.properties) : [];
  const members = ["allOf", "oneOf", "anyOf"].flatMap((key) =>
    Array.isArray(node[key]) ? (node[key] as unknown[]) : [],
  );
  return [...own, ...members.flatMap((member) => propertiesOf(document, member, seen))];
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
