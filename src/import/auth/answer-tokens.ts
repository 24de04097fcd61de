// Credentials a document declares no scheme for but shows by its shape: a field an answer hands out as a token for
// later calls (a sign-in's `uid`), and a `key` field every operation's request body has (an API taking its key in
// the JSON body). A parameter so named is drafted secret, set by a person (draft/secrets/keep-secret.ts), unless its
// own words or place say it is a plain value: a secret under 8 characters is refused before any request, so a record's
// id, a cursor or an entry's name drafted secret would break real calls.
import type { AnswerToken } from "./credential-draft.js";
import { documentOperations } from "../cut/select-operations.js";
import { resolved } from "./keys/key-parameter.js";
import { namesPageToken } from "../../load/schemas/name-words.js";

type Json = Record<string, unknown>;

// An answer's field the document calls a token for later calls ("token for future authorized calls"): not a page's
// token for the next request (a cursor: the page, the next one, more items or results), nor a sync token (the changes
// since the last call), which a list hands back to be passed on too.
const FOR_LATER_CALLS = /\btoken\b.{0,40}\b(future|subsequent|later|following|further)\b.{0,30}\b(calls?|requests?)\b/i;
const OF_A_PAGE = new RegExp(
  [
    /\b(page|pages|paging|paginat\w*|cursor|next|continu\w*|results?|remaining)\b/,
    /\bmore\s+(items|results|records|entries|objects|data)\b/,
    /\bchanges?\b.{0,20}\bsince\b|\b(sync\w*|delta|increment\w*)\b/,
  ]
    .map((r) => r.source)
    .join("|"),
  "i",
);

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
      // A field named as a page's token (`next_token`) is paging's whatever its words (namesPageToken).
      if (FOR_LATER_CALLS.test(words) && !OF_A_PAGE.test(words) && !namesPageToken(name)) {
        const known = found.get(name);
        if (!known) found.set(name, { name, from, by: [from], words: words.slice(0, 120) });
        else if (!known.by.includes(from)) known.by.push(from);
      } else if (depth < 1) read(field, from, depth + 1);
    }
  };
  for (const { path, method } of documentOperations(doc)) {
    const responses = resolved(doc, (paths[path] as Json)[method])?.responses;
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

/**
 * Whether a parameter is the token an answer hands out: not a parameter of an operation answering it (a list's own
 * cursor, passed back to the list), nor one that is a record's id by its own words or place. A sign-in's `id` token
 * and an item's `id` share a name only: a description calling the parameter an id or identifier of anything but a
 * session or sign-in names a record's, and a path parameter named as an id (`id`, `*_id`, `*Id`) addresses a record
 * (a path carrying a credential is the address's, address-credential.ts). Drafting a record's id secret would refuse
 * every id under a secret's 8 characters before any request.
 */
export function takesToken(
  token: AnswerToken,
  param: { place: string; name: string; description?: string; operation: string },
): boolean {
  if (token.by.includes(param.operation)) return false;
  if (param.place === "path" && /(^id$|_id$|[a-z0-9]Id$|^ID$|_ID$)/.test(param.name)) return false;
  const words = param.description ?? "";
  return !(
    /\b(ids?|identifiers?)\b/i.test(words) && !/\b(session|sign[- ]?in|log[- ]?in|auth\w*|token)\b/i.test(words)
  );
}

// A bare key's name: elsewhere a sort key or a map's, but in every request of the API, its key.
const KEY_NAME = /^(api[_-]?)?key$/i;
// A key field's own words, if any, that it is the account's or the API's key: one described otherwise (a key-value
// store's `key`, "the name of the entry") is a record's name, plain; one undescribed is read by its name alone.
const ACCOUNT_KEY = new RegExp(
  [
    /\b(api|access|account'?s?|secret|your|private|client|developer|app(lication)?'?s?)[ _-]?key\b/,
    /\bauthenticat\w*|\bauthoriz\w*|\bcredentials?\b/,
  ]
    .map((r) => r.source)
    .join("|"),
  "i",
);

// A body schema the document names as the account's key or credentials (`ApiKey`, `FindCredentials`): its own word
// that the key field it holds is the API's key.
const CREDENTIAL_SCHEMA = /(api[_-]?key|credentials?)$/i;

/**
 * The key fields (`key`, `api_key`) of the request body of every operation of a document declaring no security scheme,
 * two operations or more: the API's key, sent in each body, whatever the operation (a mail API's `{"key": …, …}`).
 * Operations with no body may be among them when a body schema holding the field is one the document names as a key
 * or credentials (a licence API's `ApiKey`, `FindCredentials` in every body, its key checks by serial taking none).
 */
export function keysInEveryBody(doc: Json): string[] {
  const schemes = resolved(doc, doc.components)?.securitySchemes;
  if (schemes !== null && typeof schemes === "object" && Object.keys(schemes).length) return [];
  const paths = doc.paths !== null && typeof doc.paths === "object" ? (doc.paths as Json) : {};
  let shared: string[] | undefined;
  let bodies = 0;
  let bodiless = 0;
  const named = new Set<string>();
  for (const { path, method } of documentOperations(doc)) {
    const content = resolved(doc, resolved(doc, (paths[path] as Json)[method])?.requestBody)?.content;
    const media = content !== null && typeof content === "object" ? Object.values(content as Json) : [];
    if (!media.length) {
      bodiless++;
      continue;
    }
    // The body's key fields that are the account's key by their words, or say nothing.
    const keys = new Set<string>();
    for (const body of media)
      for (const { name, field, schema } of bodyFields(doc, resolved(doc, body)?.schema, "", 0)) {
        const said = resolved(doc, field)?.description;
        if (!KEY_NAME.test(name) || (typeof said === "string" && said.trim() && !ACCOUNT_KEY.test(said))) continue;
        keys.add(name);
        if (CREDENTIAL_SCHEMA.test(schema)) named.add(name);
      }
    shared = (shared ?? [...keys]).filter((f) => keys.has(f));
    bodies++;
    if (!shared.length) return [];
  }
  return bodies >= 2 ? (shared ?? []).filter((f) => !bodiless || named.has(f)) : [];
}

/**
 * A body schema's top-level fields, each with the name of the component holding it (`""` for an inline one): read
 * through `allOf` and a union of one way (`{nullable: true, oneOf: [{$ref: …/ApiKey}]}`), as the draft reads the body.
 */
function bodyFields(
  doc: Json,
  raw: unknown,
  schema: string,
  depth: number,
): { name: string; field: unknown; schema: string }[] {
  const ref = raw !== null && typeof raw === "object" ? (raw as Json).$ref : undefined;
  const own = typeof ref === "string" ? ref.slice(ref.lastIndexOf("/") + 1) : schema;
  const node = resolved(doc, raw);
  if (!node || depth > 4) return [];
  const properties = resolved(doc, node.properties);
  const out = properties ? Object.entries(properties).map(([name, field]) => ({ name, field, schema: own })) : [];
  const one = (ways: unknown) => (Array.isArray(ways) && ways.length === 1 ? ways : []);
  for (const part of [...(Array.isArray(node.allOf) ? node.allOf : []), ...one(node.oneOf), ...one(node.anyOf)])
    out.push(...bodyFields(doc, part, own, depth + 1));
  return out;
}
