// Values written as OpenAPI's styles say (its style table: OpenAPI 3.1.1
// §4.8.12.4, RFC 6570): request bodies as `application/x-www-form-urlencoded`
// per top-level field (`style`, `explode`, or `contentType` JSON), query
// parameters holding an array or an object (the query's styles are the form
// field styles), and path and header values in the simple, label and matrix
// styles:
//
//   form, explode (the default)  tags=a&tags=b      an object spreads: k1=v1&k2=v2
//   form, no explode             tags=a,b           an object: meta=k1,v1,k2,v2
//   spaceDelimited / pipeDelimited  tags=a%20b / tags=a%7Cb   (arrays, objects)
//   deepObject                   address[city]=Paris&metadata[k]=v, arrays indexed: tags[0]=a
//   JSON (encoding.contentType, or `content`)  to=%5B%22a%22%5D (["a"]); a form field's list, a pair per item:
//                                              to=%22a%22&to=%22b%22 ("a", "b")
//   simple / label / matrix      a,b / .a,b or .a.b / ;id=a,b or ;id=a;id=b
//
// Each item is percent-encoded on its own (RFC 3986: all but the unreserved
// characters) and the style's delimiters go between them as they are, so an
// item's own `,` (sent `%2C`) stays in the item for a server that splits
// before it decodes, as OpenAPI says one does. Values nested deeper than a
// style describes keep the bracket form (`items[0][price]=…`). null is sent as
// an empty value (how form APIs clear a field); booleans and numbers as their
// text.
import { ownValue, setOwn } from "../common/own.js";
import { scalarText } from "../common/scalar-text.js";
import {
  cookieValueOctets,
  type Encoded,
  percentDecoded,
  percentEncoded,
  reservedEncoded,
} from "../http/percent-encoding.js";
import { linkedElsewhere, linkProblem, spannedPath } from "../http/path-link.js";
import type { FormFieldEncoding, ValueStyle } from "../spec/tool-types.js";
import { reservedTriplesProblem } from "../validate/reserved-triples.js";

/** A pair: its name as text, its value written for the wire already. */
type Pairs = [string, string][];

const FORM: FormFieldEncoding = { style: "form", explode: true };

export function encodeForm(body: unknown, fields: Record<string, FormFieldEncoding> = {}): string {
  const pairs: Pairs = [];
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined) continue;
      const encoding = (ownValue(fields, name) as FormFieldEncoding | undefined) ?? FORM;
      // A list the document encodes as JSON: a pair per item, each its JSON (OpenAPI 3.2, Encoding Object: "one encoded
      // value per array item, each with the same name"; 3.0 and 3.1 define an array's contentType by its items').
      if (encoding.json && encoding.items && Array.isArray(value))
        value.forEach((item) => {
          field(pairs, name, item, encoding); // forEach, not for…of: a sparse array's holes send nothing
        });
      else field(pairs, name, value, encoding);
    }
  }
  return pairs.map(([name, value]) => `${percentEncoded(name)}=${value}`).join("&");
}

/**
 * The `name=value` pairs of one value as OpenAPI's `style`/`explode` say
 * (the rules above), for a form field or a query parameter, as a server
 * reads them back: names and values decoded.
 */
export function styledPairs(name: string, value: unknown, encoding: FormFieldEncoding = FORM): [string, string][] {
  const pairs: Pairs = [];
  field(pairs, name, value, encoding);
  // As the service reads them (a reserved-allowing value's own triples decoded; `%e9` alone is no UTF-8).
  return pairs.map(([n, v]) => [n, percentDecoded(v)]);
}

/** A key the value brings, as it goes into a pair's name (placeStyled: percent-encoded, its own brackets too). */
type Keyed = (key: string) => string;
const asIs: Keyed = (key) => key;

function field(
  pairs: Pairs,
  name: string,
  value: unknown,
  { style, explode, json, reserved }: FormFieldEncoding,
  keyed: Keyed = asIs,
): void {
  const enc = reserved ? reservedEncoded : percentEncoded;
  if (json) {
    pairs.push([name, enc(JSON.stringify(value) ?? "null")]);
    return;
  }
  if (style === "deepObject" || !isStructured(value)) {
    nested(pairs, name, value, enc, keyed);
    return;
  }
  const between = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "%7C" : ",";
  // An item's own "," goes %2C even where reserved characters go raw (allowReserved): joined by ",", `e,f` read as two
  // items (RFC 6570's `{+list}` cannot tell them apart either); exploded, a pair `tags=e,f` reads as the list written
  // unexploded. Encoded, it is still the item's comma.
  const itemEnc = reserved ? (t: string) => enc(t).replace(/,/g, "%2C") : enc;
  if (Array.isArray(value)) {
    if (value.some(isStructured)) return nested(pairs, name, value, enc, keyed);
    // An empty list is no value (RFC 6570: undefined): no pair, where `name=` would read as a list of one empty item.
    if (!value.length) return;
    const items = value.map((v) => itemEnc(text(v)));
    if (explode && style === "form")
      items.forEach((item) => {
        pairs.push([name, item]); // forEach, not for…of: a sparse array's holes send nothing
      });
    else pairs.push([name, items.join(between)]);
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.some(([, v]) => isStructured(v))) return nested(pairs, name, value, enc, keyed);
  if (explode && style === "form") for (const [k, v] of entries) pairs.push([keyed(k), itemEnc(text(v))]);
  else pairs.push([name, entries.flatMap(([k, v]) => [itemEnc(k), itemEnc(text(v))]).join(between)]);
}

/** Bracket form: `name[key]=…`, `name[0]=…`, recursively. */
function nested(pairs: Pairs, name: string, value: unknown, enc: (text: string) => string, keyed: Keyed): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      nested(pairs, `${name}[${i}]`, item, enc, keyed); // forEach, not for…of: a sparse array's holes send nothing
    });
  } else if (isStructured(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      if (item !== undefined) nested(pairs, `${name}[${keyed(key)}]`, item, enc, keyed);
  } else {
    pairs.push([name, enc(text(value))]);
  }
}

function isStructured(value: unknown): boolean {
  return value !== null && typeof value === "object";
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : scalarText(value);
}

/**
 * An array or object in the query (or any value the document JSON-encodes),
 * written as its style says: `expand[0]=a&expand[1]=b` for deepObject,
 * `tags=a&tags=b` exploded, `tags=a,b` not. The keys the value brings are
 * percent-encoded, their own brackets too (`filter[a%5Bb%5D]` for the key
 * `a[b]`, which raw would read as two levels), the brackets between them
 * not (as the spec's own names are sent); the values go as written.
 */
function placeStyled(
  query: Record<string, unknown>,
  name: string,
  value: unknown,
  encoding: FormFieldEncoding | undefined,
): void {
  const pairs: Pairs = [];
  field(pairs, name, value, encoding ?? FORM, percentEncoded);
  for (const [key, written] of pairs) {
    const encoded: Encoded = { encoded: written };
    // A key the value brings (`__proto__` too) is an own key of the query, never its prototype.
    const present = ownValue(query, key) as Encoded | Encoded[] | undefined;
    setOwn(
      query,
      key,
      present === undefined ? encoded : Array.isArray(present) ? [...present, encoded] : [present, encoded],
    );
  }
}

/**
 * A path or header value in its style (`simple`, `label`, `matrix`; exploded
 * or not) or as JSON: in a path each item percent-encoded between the style's
 * delimiters; in a header as text (HTTP headers are not percent-encoded).
 */
function styledValue(
  name: string,
  value: unknown,
  { style, explode, json }: ValueStyle,
  place: "path" | "header" | "cookie",
): string {
  const enc = place === "path" ? percentEncoded : place === "cookie" ? encodeURIComponent : (t: string) => t;
  // In a header, JSON's text outside ASCII as its \u escapes: the same JSON, in bytes every reader of a header decodes
  // alike (fetch refuses a character past Latin-1 there, and sends the rest as Latin-1, not UTF-8).
  if (json) return place === "path" ? enc(JSON.stringify(value) ?? "null") : asciiJson(JSON.stringify(value) ?? "null");
  const prefix = style === "label" ? "." : "";
  const named = (v: string) => (style === "matrix" ? `;${enc(name)}${v === "" ? "" : `=${v}`}` : `${prefix}${v}`);
  if (!isStructured(value)) return named(enc(text(value)));
  if (Array.isArray(value)) {
    const items = value.map((v) => enc(text(v)));
    if (!explode || style === "simple") return named(items.join(","));
    return style === "label" ? items.map((i) => `.${i}`).join("") : items.map(named).join("");
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (!explode) return named(entries.flatMap(([k, v]) => [enc(k), enc(text(v))]).join(","));
  const assigned = entries.map(([k, v]) => `${enc(k)}=${enc(text(v))}`);
  return style === "simple"
    ? assigned.join(",")
    : style === "label"
      ? assigned.map((a) => `.${a}`).join("")
      : assigned.map((a) => `;${a}`).join("");
}

/** JSON text with each character outside printable ASCII written as its `\\uXXXX` escape (JSON's syntax is ASCII). */
const asciiJson = (text: string): string =>
  text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * The form encoding as a part of the runtime's support (call/support.ts `form`); `segments`: a path value spanning
 * segments (`multiSegment`); `ownQuery`: a path's own query pairs a query parameter sends.
 */
/**
 * A cookie parameter as pairs of the Cookie header, its value (`text` unless styled) as RFC 6265's cookie-octets
 * (cookieValueOctets): a token the service set (a base64 one's `+/=`) goes back as it wrote it, and only `%` and what
 * a cookie value cannot hold (`;`, `,`, a space, one past ASCII) are percent-encoded; a styled value percent-encoded
 * as its style writes it; a list or object as OpenAPI's style table writes style form: exploded (form's default) one
 * pair per item (`prefs=a; prefs=b`), an object its own pairs (`k1=v1; k2=v2`), none for an empty one; not exploded
 * one pair, `prefs=a,b`: each item encoded, its own comma `%2C`, between commas as they are, which a whole value
 * encoded would write `%2C` too (read back as one item).
 */
function cookiePair(
  header: Record<string, string>,
  wire: { name: string; encoding?: ValueStyle | undefined },
  value: unknown,
  plain: string,
): void {
  const add = (pair: string) => {
    header.Cookie = header.Cookie ? `${header.Cookie}; ${pair}` : pair;
  };
  const enc = encodeURIComponent;
  if (wire.encoding && !wire.encoding.json && wire.encoding.explode && isStructured(value)) {
    if (Array.isArray(value)) for (const v of value) add(`${wire.name}=${enc(text(v))}`);
    else
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        if (v !== undefined) add(`${enc(k)}=${enc(text(v))}`);
    return;
  }
  const written = !wire.encoding
    ? cookieValueOctets(plain)
    : wire.encoding.json
      ? enc(styledValue(wire.name, value, wire.encoding, "header"))
      : styledValue(wire.name, value, wire.encoding, "cookie");
  add(`${wire.name}=${written}`);
}

/**
 * A path whose own query holds a pair of an expression with no path value (`/search?q={q}`, `q` a query parameter):
 * that pair left out, its parameter's to send, once and as its style says, if at all (the expression was sent as
 * written, and the parameter again after it); a fixed pair and one a path value fills stay.
 */
function ownQuery(path: string, values: Record<string, unknown>): string {
  const at = path.indexOf("?");
  const kept = path
    .slice(at + 1)
    .split("&")
    .filter((pair) => [...pair.matchAll(/\{([^{}]+)\}/g)].every(([, name]) => Object.hasOwn(values, name as string)))
    .join("&");
  return at < 0 ? path : `${path.slice(0, at)}${kept && "?"}${kept}`;
}

export const formEncoding = {
  encodeForm,
  placeStyled,
  styledValue,
  segments: spannedPath,
  linkProblem,
  reservedTriplesProblem,
  linkedElsewhere,
  cookiePair,
  ownQuery,
};
