// What a draft says of a format a manifest cannot state. One of them names a wire of its own: a publisher's
// `prefixed-collapsible-map-<Prefix>` on an object (a query parameter, a form field), documented as pairs
// `<Prefix>.<key>=value` (a nested object's keys joined with dots). It is no format of OpenAPI's or JSON Schema's, and
// the document's own serialization (style form, exploded: the default in the query and a form) says otherwise, which
// the request judge and the mocks read: the draft sends the object as the document's style writes it, and the note
// says so plainly, and how a call sends the publisher's pairs within it (each key given whole, with its prefix).

const PREFIXED_MAP = /^prefixed-collapsible-map-(\S+)$/;

/** The review note of a format the manifest cannot state: the object's wire for a prefixed map, else the format. */
export function unstatedFormatNote(format: string): string {
  const prefix = PREFIXED_MAP.exec(format)?.[1];
  if (prefix === undefined) return `the spec gives format ${format}, which a manifest cannot state yet`;
  return (
    `the spec gives format ${format}, its publisher's word for pairs written ${prefix}.<key>=value, which is no ` +
    "format of OpenAPI's and which a manifest cannot state: the object is sent as the spec's style writes it, as " +
    "the request judge and the mocks read it (style form, exploded, the default in the query and a form: each key a " +
    "pair of its own, <key>=value, a nested object's keys in brackets), not with the prefix. To send the " +
    `publisher's pairs, give each key whole, with the prefix and its dots, and a text value ` +
    `({"${prefix}.<name>.<key>": "…"} is sent as ${prefix}.<name>.<key>=…)`
  );
}
