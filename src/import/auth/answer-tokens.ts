// Credentials a document declares no scheme for but shows by its shape: a field an answer hands out as a token for
// later calls (a sign-in's `uid`), and a `key` field every operation's request body has (an API taking its key in
// the JSON body). A parameter so named is drafted secret, set by a person (draft/secrets/keep-secret.ts).
import type { AnswerToken } from "./credential-draft.js";
import { resolved } from "./key-parameter.js";

type Json = Record<string, unknown>;

// An answer's field the document calls a token for later calls ("token for future authorized calls"): not a page's
// token for the next request (a cursor), which names the page, the next one or the results.
const FOR_LATER_CALLS = /\btoken\b.{0,40}\b(future|subsequent|later|following|further)\b.{0,30}\b(calls?|requests?)\b/i;
const OF_A_PAGE = /\b(page|pages|paging|paginat\w*|cursor|next|continu\w*|results?)\b/i;

/**
 * The fields of the published document's 2xx JSON answers (a sign-in's: `uid`, "token for future authorized calls"),
 * at the top or one object down, that the document calls a token for later calls, whatever their names: a request
 * parameter of that name is that credential (draft/secrets/keep-secret.ts), though the document declares no scheme.
 */
export function tokensHandedOut(doc: Json): AnswerToken[] {
  const paths = doc.paths !== null && typeof doc.paths === "object" ? (doc.paths as Json) : {};
  const found = new Map<string, AnswerToken>();
  const read = (schema: unknown, from: string, depth: number): void => {
    const properties = resolved(doc, schema)?.properties;
    if (properties === null || typeof properties !== "object") return;
    for (const [name, raw] of Object.entries(properties as Json)) {
      const field = resolved(doc, raw);
      const words = typeof field?.description === "string" ? field.description.replace(/\s+/g, " ").trim() : "";
      if (FOR_LATER_CALLS.test(words) && !OF_A_PAGE.test(words) && !found.has(name))
        found.set(name, { name, from, words: words.slice(0, 120) });
      else if (depth < 1) read(field, from, depth + 1);
    }
  };
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(resolved(doc, item) ?? {})) {
      const responses = resolved(doc, op)?.responses;
      if (responses === null || typeof responses !== "object") continue;
      for (const [status, answer] of Object.entries(responses as Json)) {
        if (!/^2/.test(status)) continue;
        const content = resolved(doc, answer)?.content;
        if (content === null || typeof content !== "object") continue;
        for (const [media, body] of Object.entries(content as Json))
          if (/json/i.test(media)) read(resolved(doc, body)?.schema, `${method.toUpperCase()} ${path}`, 0);
      }
    }
  return [...found.values()];
}

// A bare key's name: elsewhere a sort key or a map's, but in every request of the API, its key.
const KEY_NAME = /^(api[_-]?)?key$/i;

/**
 * The key fields (`key`, `api_key`) of the request body of every operation of a document declaring no security scheme,
 * two operations or more: the API's key, sent in each body, whatever the operation (a mail API's `{"key": …, …}`).
 */
export function keysInEveryBody(doc: Json): string[] {
  const schemes = resolved(doc, doc.components)?.securitySchemes;
  if (schemes !== null && typeof schemes === "object" && Object.keys(schemes).length) return [];
  const paths = doc.paths !== null && typeof doc.paths === "object" ? (doc.paths as Json) : {};
  let shared: string[] | undefined;
  let count = 0;
  for (const item of Object.values(paths))
    for (const [method, op] of Object.entries(resolved(doc, item) ?? {})) {
      if (!/^(get|put|post|delete|options|head|patch|trace)$/.test(method)) continue;
      const content = resolved(doc, resolved(doc, op)?.requestBody)?.content;
      const fields = new Set<string>();
      if (content !== null && typeof content === "object")
        for (const body of Object.values(content as Json)) {
          const properties = resolved(doc, resolved(doc, body)?.schema)?.properties;
          if (properties !== null && typeof properties === "object")
            for (const k of Object.keys(properties)) fields.add(k);
        }
      shared = (shared ?? [...fields].filter((f) => KEY_NAME.test(f))).filter((f) => fields.has(f));
      count++;
      if (!shared.length) return [];
    }
  return count >= 2 ? (shared ?? []) : [];
}
