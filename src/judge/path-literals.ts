// A path template's literal text as a request's address carries it. A URL writes some characters of a path only
// percent-encoded (a quote, a space, `<`, a letter past ASCII: the WHATWG URL's path percent-encode set), so a
// document's `/files"` is sent as `/files%22`. Prism's router decodes both the request's segments and the template's
// before comparing them, but its path check matches the template's text against the request's path undecoded
// (uri-template-lite): with the literal as written it finds no parameter, and refuses the request as missing all of
// them. Written encoded, both read it, as do the request judge (path-template.ts) and the suite's request check.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those a URL encodes
const SENT_ENCODED = /[\u0000-\u0020"<>`{}\u007f-\u{10ffff}]/gu;
const utf8 = new TextEncoder();

/**
 * `path` with the characters of its literal text a URL percent-encodes written so; its `{name}`s as they were, and a
 * query the key holds (`/rides?page={page}`, the operation's own pairs) too.
 */
export function withLiteralsAsSent(path: string): string {
  const query = path.indexOf("?");
  const [own, rest] = query < 0 ? [path, ""] : [path.slice(0, query), path.slice(query)];
  const written = own
    .split(/(\{[^{}]*\})/)
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(SENT_ENCODED, percentEncoded)))
    .join("");
  return written + rest;
}

function percentEncoded(character: string): string {
  return [...utf8.encode(character)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}
