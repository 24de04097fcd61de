// The document's own prose on how to send its key, for the prefix of an API key in a header: some documents write
// the whole header (`Authorization: ZqShipToken <token>`) in info.description, a tag's page of prose or an
// operation's code sample, not in the scheme. Only a shown text that names the header itself is read (key-prefix.ts:
// documentedPrefix), and only for the one scheme the document sends in that header (an HTTP, OAuth 2 or OpenID
// Connect scheme sends Authorization too), so the words cannot be about another credential; and only its sentences
// about the request (not a webhook's signature the provider sends in a header of the same name).

import { sentences } from "../../../load/text/sentences.js";

type Json = Record<string, unknown>;

/** Where withPrefixProse puts the document's prose on an apiKey scheme in a header: a symbol no document carries. */
export const PREFIX_PROSE: unique symbol = Symbol("the document's prose on sending its key");

/**
 * The prose a reader of the document sees on the request's credential: info.description and each tag's description,
 * with the tag's name, each without its words on webhooks and signatures (aboutTheRequest).
 */
function documentProse(doc: Json): { text: string; where: string }[] {
  const info = doc.info !== null && typeof doc.info === "object" ? (doc.info as Json) : {};
  const prose = typeof info.description === "string" ? [{ text: info.description, where: "info.description" }] : [];
  for (const tag of Array.isArray(doc.tags) ? (doc.tags as unknown[]) : []) {
    const t = tag !== null && typeof tag === "object" ? (tag as Json) : {};
    if (typeof t.description === "string")
      prose.push({ text: t.description, where: `tag ${JSON.stringify(String(t.name ?? ""))}'s description` });
  }
  const read = prose.map((p) => ({ ...p, text: aboutTheRequest(p.text) })).filter((p) => p.text.trim() !== "");
  return [...read, ...codeSamples(doc)];
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const SAMPLE_LISTS = ["x-code-samples", "x-codeSamples"];

/**
 * The operations' code samples (Redoc's `x-code-samples`/`x-codeSamples`: `{ lang, source }`), each once: a request
 * written whole (`-H "Authorization: Token your_api_key"`) shows the word sent before the key where no prose does.
 */
function codeSamples(doc: Json): { text: string; where: string }[] {
  const seen = new Set<string>();
  const out: { text: string; where: string }[] = [];
  const paths = doc.paths !== null && typeof doc.paths === "object" ? Object.values(doc.paths as Json) : [];
  for (const item of paths)
    for (const method of HTTP_METHODS) {
      const op = item !== null && typeof item === "object" ? (item as Json)[method] : undefined;
      if (op === null || typeof op !== "object") continue;
      for (const list of SAMPLE_LISTS) {
        const samples = (op as Json)[list];
        for (const sample of Array.isArray(samples) ? samples : []) {
          const text = sample !== null && typeof sample === "object" ? (sample as Json).source : undefined;
          if (typeof text !== "string" || seen.has(text)) continue;
          seen.add(text);
          const id = (op as Json).operationId;
          out.push({
            text,
            where: `${list} of ${typeof id === "string" ? JSON.stringify(id) : `a ${method} operation`}`,
          });
        }
      }
    }
  return out;
}

// Words of what the provider sends, not of the credential a request carries: a webhook's delivery, a callback's, a
// notification's, a request to the user's own endpoint. Its signature too ("we sign each webhook: `Authorization:
// Bearer <signature>`", "Each payload is signed with HMAC"), but not where the request is what is signed (review54:
// "All requests are signed by sending `Authorization: Token <key>`" lost its prefix). Not a sign-in.
const SENT_BY_THE_PROVIDER =
  /\b(webhooks?|callbacks?|deliver(y|ies|ed)|notifications?|your (own )?(endpoint|server|url|app)s?)\b/i;
const SIGNED = /\b(hmac|signatures?|sign(s|ed|ing)?(?![ -]?(in|up|on)\b))\b/i;
const THE_REQUEST = /\b(requests?|calls?)\b/i;

/**
 * Whether a sentence's lead (its words before what it shows, quoted) or a heading is about what the provider sends:
 * a shown header after words on the request or on the key ("send `Authorization: Token <key>` to get notifications")
 * is the request's.
 */
function aboutWhatTheProviderSends(text: string): boolean {
  const lead = text.split(/[`"“]|(?<!\w)'/)[0] ?? "";
  return SENT_BY_THE_PROVIDER.test(lead) || (SIGNED.test(lead) && !THE_REQUEST.test(lead));
}

/**
 * The prose's sentences about the request's credential: a section whose heading is about webhooks or signatures
 * left out whole, and elsewhere each sentence about them (a shown header there is the provider's own, not the key's).
 */
function aboutTheRequest(text: string): string {
  const sections = text.split(/\n(?=#{1,6}\s)/);
  const kept = sections.filter(
    (section) => !/^#{1,6}\s/.test(section) || !aboutWhatTheProviderSends(section.split("\n")[0] ?? ""),
  );
  return kept
    .join("\n")
    .split(/\n+/)
    .flatMap((line) => sentences(line))
    .filter((sentence) => !aboutWhatTheProviderSends(sentence))
    .join("\n");
}

const headerOf = (d: unknown): string | undefined =>
  d !== null && typeof d === "object" && (d as Json).type === "apiKey" && (d as Json).in === "header"
    ? String((d as Json).name ?? "").toLowerCase()
    : undefined;
/** A scheme that sends Authorization itself (HTTP, OAuth 2, OpenID Connect): prose showing it may be about it. */
const sendsAuthorization = (d: unknown): boolean =>
  d !== null && typeof d === "object" && ["http", "oauth2", "openIdConnect"].includes(String((d as Json).type));

/** The document's security schemes, each apiKey scheme alone in its header carrying the document's prose. */
export function withPrefixProse(doc: Json, declared: Record<string, Json>): Record<string, Json> {
  const byHeader = new Map<string, string[]>();
  for (const [name, d] of Object.entries(declared)) {
    const header = headerOf(d) ?? (sendsAuthorization(d) ? "authorization" : undefined);
    if (header) byHeader.set(header, [...(byHeader.get(header) ?? []), name]);
  }
  const alone = [...byHeader.values()]
    .filter((names) => names.length === 1 && headerOf(declared[names[0] as string]) !== undefined)
    .map(([name]) => name as string);
  if (alone.length === 0) return declared;
  const prose = documentProse(doc);
  if (prose.length === 0) return declared;
  const out = { ...declared };
  for (const name of alone) out[name] = { ...declared[name], [PREFIX_PROSE]: prose };
  return out;
}
