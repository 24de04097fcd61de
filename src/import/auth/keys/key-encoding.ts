// An API key sent in a header as its base64 (`Authorization: Basic base64(key)`): OpenAPI has no field for it, so
// documents write it in the scheme's description ("base64-encode your API key and send it as Basic <encoded key>"),
// or declare an API key in Authorization whose value starts `Basic ` (HTTP basic's word, whose credentials are always
// base64, RFC 7617). Either is drafted as the manifest's `auth.encode: base64`, with a review note quoting where it
// was read. A description naming a pair (`key:`, `username:password`, a colon) is HTTP basic's `user:password` instead:
// nothing is drafted here; where its words say the key is the user name, key-as-user.ts drafts `password: ""`.
import { sentences } from "../../../load/text/sentences.js";
import type { DocumentedPrefix } from "./key-prefix.js";
import { saysApiKey } from "../../../load/schemas/api-key-words.js";

type Json = Record<string, unknown>;

/** What `add` drafts for a key sent encoded: the encoding, and the words or prefix it was read from. */
export interface DocumentedEncoding {
  encode: "base64";
  from: string;
}

const BASE64 = /\bbase[ _-]?64\b/i;
// Any key or token the scheme's own description names is its credential (`your key`, `the token`), an API key in
// another language too (api-key-words.ts).
const KEY_WORDS = /\b(?:api[ _-]?)?(?:key|token)s?\b/i;
// A pair encoded together: `key:`, `username:password`, `<token>:`, "followed by a colon"; not a colon before a space
// ("base64-encoded: Basic <key>", `Authorization: Basic`) nor a URL's.
const PAIR = /\w[>}\]]?:(?=$|["'`)<{[\w])|\bcolon\b/i;

/** The sentence of a scheme's description saying its key is sent as its base64, or undefined. */
function base64Words(definition: Json): string | undefined {
  const text = typeof definition.description === "string" ? definition.description.replace(/\s+/g, " ").trim() : "";
  const said = sentences(text).find((s) => BASE64.test(s) && (KEY_WORDS.test(s) || saysApiKey(s)));
  return said !== undefined && !PAIR.test(said) ? said : undefined;
}

/**
 * How the document says an API key in header `header` is sent encoded, if it does: its description's words on base64,
 * or the prefix `Basic ` before a key in Authorization.
 */
export function documentedEncoding(
  definition: Json,
  header: string,
  prefix: DocumentedPrefix | undefined,
): DocumentedEncoding | undefined {
  const words = base64Words(definition);
  if (words !== undefined) return { encode: "base64", from: `its description says ${JSON.stringify(words)}` };
  if (header.toLowerCase() === "authorization" && prefix?.prefix.toLowerCase() === "basic ")
    return {
      encode: "base64",
      from: `${prefix.from} shows Basic, whose credentials are base64 (RFC 7617), before the key`,
    };
  return undefined;
}
