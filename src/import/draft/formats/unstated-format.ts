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

/** Where a parameter is sent, as a note names it. */
const PLACES: Record<string, string> = {
  json: "a JSON body",
  body: "a form",
  query: "the query",
  header: "a header",
  path: "the path",
  cookie: "a cookie",
};

/**
 * The note of a binary string that is no file (a JSON body's field): bytes none of these can carry as they are, so
 * the runtime sends the text a call gives and refuses bytes, as text drafted; as base64 text where its words say so.
 */
export function binaryTextNote(place: string | undefined, base64: boolean): string {
  const where = PLACES[place ?? ""] ?? "a request";
  const said = `the spec gives format binary (bytes), which ${where} cannot carry as they are`;
  if (base64)
    return (
      `${said}, and its words say base64: drafted as base64 text (a pattern its values match); encode the bytes ` +
      "before the call"
    );
  return (
    `${said}: drafted as text, sent as the text a call gives${place === "json" ? " (a JSON string)" : ""}, and ` +
    "bytes are refused before any " +
    "request. If the upstream takes the bytes encoded (base64 most often), encode them before the call and say how " +
    "in the description"
  );
}
