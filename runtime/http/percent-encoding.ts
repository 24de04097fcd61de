// How a value is written into an address: one rule for every place that
// puts text in a path or a query (the transport, credentials in the query,
// the request head's size).

/**
 * Text percent-encoded as RFC 3986 (and OpenAPI's styles, RFC 6570) want a
 * value in a path or a query: every character but the unreserved ones
 * (`A-Z a-z 0-9 - . _ ~`). encodeURIComponent leaves `! ' ( ) *`, reserved
 * characters a value sends encoded unless its parameter allows them raw.
 */
export function percentEncoded(text: string): string {
  // Most values (ids, numbers, keys) are unreserved characters only: sent as they are, no new string made.
  if (UNRESERVED.test(text)) return text;
  const encoded = encodeURIComponent(text);
  // Replaced only when one is there: a replace with a function costs about 35 ns a value even when nothing matches.
  return /[!'()*]/.test(encoded)
    ? encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    : encoded;
}

const UNRESERVED = /^[\w.~-]*$/;

/** Text already written for its place in an address (a style's delimiters raw between encoded items): sent as it is. */
export interface Encoded {
  encoded: string;
  /** A path value that is a whole address (path-link.ts): the request's address, on the call's own origin. */
  whole?: true;
  /** An `as-given` path value given with its own leading `/` (path-link.ts): one `/` where the template has one. */
  leadingSlash?: true;
}

export function isEncoded(value: unknown): value is Encoded {
  return value !== null && typeof value === "object" && typeof (value as Encoded).encoded === "string";
}

/** A value that spans path segments (a file path): each segment encoded, its `/` kept. */
export function segmentsEncoded(text: string): string {
  return text.split("/").map(percentEncoded).join("/");
}

/**
 * Text for a parameter whose document allows reserved characters raw (`allowReserved`, RFC 6570's reserved
 * expansion): those of RFC 3986's reserved set a query may hold with no meaning of its own stay as they are; `#`,
 * `&`, `=`, `+`, `[` and `]` are still encoded (OpenAPI 3.1.1 Appendix C). A percent-encoded triple the value holds
 * passes as it is, as reserved expansion passes it (OpenAPI 3.1.1: "as well as percent-encoded triples"); a `%` of
 * no triple is encoded.
 */
export function reservedEncoded(text: string): string {
  if (!text.includes("%")) return reservedCharsRaw(text);
  // split with a capture: the triples at the odd places.
  return text
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) => (i % 2 ? part : reservedCharsRaw(part)))
    .join("");
}

function reservedCharsRaw(text: string): string {
  return percentEncoded(text).replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g, (triple) =>
    decodeURIComponent(triple),
  );
}

/**
 * A query parameter's name as the address carries it: as the document spells it where a query holds that character
 * with no meaning of its own (RFC 3986's query characters: brackets too, as a deepObject's are sent, and a styled
 * key's triples, `form-body.ts`), else percent-encoded as UTF-8: `&`, `=` and `#`, which would end the pair or the
 * query, `+`, which a form reads as a space, a space, a `%` of no triple, one past ASCII. `zq a&b` goes `zq%20a%26b`,
 * never a pair `zq a` and a pair `b`.
 */
export function queryNameEncoded(name: string): string {
  return QUERY_NAME_RAW.test(name) ? name : name.replace(NOT_QUERY_NAME_CHAR, encodeURIComponent);
}

const QUERY_NAME_RAW = /^[\w.~!$'()*,;:@/?[\]-]*$/;
// A `%` of a triple is kept (the rest of the triple matches nothing here); any other `%` matches.
const NOT_QUERY_NAME_CHAR = /%(?![0-9A-Fa-f]{2})|[^\w.~!$'()*,;:@/?[\]%-]/gu;

/**
 * A cookie credential's value as the Cookie header carries it: RFC 6265's cookie-octets (`!`, `#` to `+`, `-` to `:`,
 * `<` to `[`, `]` to `~`) as they are, `%` too, so that the value a browser holds and sends (express-session's
 * `s%3A…`, a base64 key's `+/=`) reaches the service as that service wrote it; any other character (a space, `"`,
 * `,`, `;`, `\`, one past ASCII) as its percent-encoded UTF-8 bytes, so any text can go.
 */
export function cookieOctets(text: string): string {
  // encodeURIComponent reads only its first argument (the match).
  return text.replace(NOT_COOKIE_OCTET, encodeURIComponent);
}

const NOT_COOKIE_OCTET = /[^\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/gu;

/**
 * A cookie parameter's value as the Cookie header carries it: the cookie-octets as they are (a base64 token's `+/=`,
 * which a service that does not decode cookies, as Go's net/http, reads as it wrote them), `%` and any character no
 * cookie value holds (a space, `"`, `,`, `;`, `\`, one past ASCII) percent-encoded as UTF-8, so that a service that
 * decodes cookies reads back exactly the text given, `%` included (the value is the caller's, which a `%3A` in it
 * does not mark as encoded; a credential's, `cookieOctets`, keeps its `%`).
 */
export function cookieValueOctets(text: string): string {
  return text.replace(NOT_COOKIE_VALUE_OCTET, encodeURIComponent);
}

const NOT_COOKIE_VALUE_OCTET = /[^\x21\x23\x24\x26-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/gu;

/**
 * Text as a service reads it back from a query value or a form pair (the WHATWG URL parser's percent-decoding): each
 * run of triples decoded as UTF-8, bytes of no character read as U+FFFD, a `%` of no triple kept. A reserved-allowing
 * value's own triples (`%2F`) read as what they encode (`/`).
 */
export function percentDecoded(text: string): string {
  if (!text.includes("%")) return text;
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
    return UTF8.decode(bytes);
  });
}

const UTF8 = new TextDecoder();
