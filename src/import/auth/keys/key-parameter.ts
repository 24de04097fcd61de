// A document that declares no security scheme, yet whose operations take
// the key as an ordinary parameter (`xi-api-key` in the header, "Your API
// key"): that parameter's place is where the credential goes, drafted as an
// API key scheme added to the cut, rather than a bearer token the API never
// reads beside a key parameter drafted as if it were no secret.

import { refPath, valueAt } from "../../../load/json-ref.js";
import { describedAsTheKey, describedAsTheToken, namedCallerKey } from "../../../load/schemas/api-key-words.js";
import { namesNoCredential, notACredential } from "../../../load/schemas/no-credential.js";

type Json = Record<string, unknown>;

/** A parameter that carries the credential: where, and the words the document gives it. */
export interface KeyParameter {
  in: "header" | "query";
  name: string;
  description?: string;
  /** Some operation that takes it leaves it optional ("only required for commercial subscriptions"). */
  optional: boolean;
}

// A key or a token by its name: api-key, x-api-key, xi-api-key, api_key, apikey, access_token, auth-token, secret-key,
// a web service's `wskey` (a library's and an archive's search APIs), token; not a token of paging or of a resource
// (page_token, next_token, sync_token: notACredential). A header
// name's words may be parted by dots too (`ZQ_SEC.ACCESS_TOKEN`: a dot is a token character of a header name, RFC 9110
// §5.6.2).
const KEY_NAME =
  /^([a-z0-9]+[-_.])*(api[-_]?key|apikey|access[-_]?token|auth[-_]?token|secret[-_]?key|ws[-_]?key)$|^(token|key)$/i;
// A required header named as a token or a key of some kind (X-Postmark-Server-Token, Private-Token, X-Vault-Token),
// not one that keys a request or a page (Idempotency-Key, X-Page-Token, X-CSRF-Token: notACredential); or as an
// authorization of its own beside the standard header (a gateway's `x-tyk-authorization`, "shared secret"), which
// carries a credential too.
const KEY_HEADER = /^([a-z0-9]+[-_.])*(token|key)$|^([a-z0-9]+[-_.])+authorization$/i;

/** Whether a name is a key's or a token's (`zq_api_key`, `access_token`), not a page's or a resource's token. */
export function keyName(name: string): boolean {
  return KEY_NAME.test(name);
}

/**
 * Whether a header's name is a token's or a key's (`X-Auth-Token`, `X-Zq-Key`), not one that keys a request or a page
 * (`Idempotency-Key`, `X-Page-Token`: notACredential).
 */
export function tokenHeaderName(name: string): boolean {
  return KEY_HEADER.test(name) && !notACredential(name);
}

/** The texts a parameter gives as its examples: its own `example` and `examples`, and its schema's. */
export function exampleTexts(p: Json): string[] {
  const schema = (p.schema && typeof p.schema === "object" ? p.schema : {}) as Json;
  const named = p.examples && typeof p.examples === "object" ? Object.values(p.examples as Json) : [];
  const values = [
    p.example,
    ...named.map((e) => (e && typeof e === "object" ? (e as Json).value : undefined)),
    schema.example,
    ...(Array.isArray(schema.examples) ? schema.examples : []),
  ];
  return values.filter((v): v is string => typeof v === "string");
}

/**
 * An `Authorization` header parameter whose example is the key alone (`ajs30Nlbs0Djvsd`, no `Bearer ` or other
 * scheme word before it): OpenAPI says to ignore the parameter, but it is the one place the document shows how the
 * key goes, and a bearer token drafted in its stead would send a prefix the API never reads.
 */
function bareKeyInAuthorization(p: Json): boolean {
  if (p.in !== "header" || String(p.name).toLowerCase() !== "authorization") return false;
  const examples = exampleTexts(p);
  return examples.length > 0 && examples.every((e) => /^\S+$/.test(e));
}

/**
 * Whether a parameter carries the credential by its name (and, for a header only a credential would be, by being
 * required, or by its example being a bare key in `Authorization`) or by a description saying it is the API key and
 * nothing else (`keyid`, "Clé API"), or a token that authenticates the call (api-key-words.ts describedAsTheToken),
 * unless its name and description say it is no
 * credential (load/schemas/no-credential.ts: an idempotency key, a page's token, a key described as an object's, an
 * authorization header described as a payment's reference, review55).
 */
function namesKey(p: Json): boolean {
  const name = String(p.name);
  if (notACredential(name, p.description)) return false;
  return (
    KEY_NAME.test(name) ||
    describedAsTheKey(p.description) ||
    describedAsTheToken(p.description) ||
    (p.in === "header" && p.required === true && KEY_HEADER.test(name)) ||
    bareKeyInAuthorization(p)
  );
}

/** The parameters an operation takes, its path item's first, local `$ref`s followed (one that cannot be, left out). */
export function operationParameters(doc: Json, item: Json | undefined, op: Json): Json[] {
  const all = [
    ...(Array.isArray(item?.parameters) ? item.parameters : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ];
  return all.map((raw) => resolved(doc, raw)).filter((p): p is Json => p !== undefined);
}

/** The parameter object `raw` names, local `$ref`s followed (json-ref.ts: own keys only). */
export function resolved(doc: Json, raw: unknown): Json | undefined {
  let node = raw;
  for (let hops = 0; hops < 8 && node && typeof node === "object" && typeof (node as Json).$ref === "string"; hops++) {
    const ref = String((node as Json).$ref);
    if (!ref.startsWith("#/")) return undefined;
    try {
      node = valueAt(doc, refPath(ref));
    } catch {
      return undefined; // a fragment that is no pointer: the cut reports it
    }
  }
  return node && typeof node === "object" ? (node as Json) : undefined;
}

/**
 * Whether a parameter is an id or key the API assigns its caller (`app_id`, "The application ID assigned to you":
 * load/schemas/api-key-words.ts namedCallerKey; an id by its words, which notACredential's description reading would
 * call another thing), unless its name keys something else: the credential only where every operation takes it, and
 * after any parameter named as a key.
 */
function namesCallerKey(p: Json): boolean {
  const name = String(p.name);
  return !namesNoCredential(name) && namedCallerKey(name, p.description);
}

/**
 * The header or query parameter that carries the key on the most of `operations` (at least half of them), if one does;
 * else an id or key assigned to the caller that every operation takes (bandsintown's `app_id` of both).
 */
export function keyParameter(doc: Json, operations: readonly { op: Json }[]): KeyParameter | undefined {
  const found = new Map<
    string,
    { p: Omit<KeyParameter, "optional">; count: number; optional: boolean; caller: boolean }
  >();
  for (const { op } of operations) {
    const seen = new Set<string>();
    for (const raw of Array.isArray(op.parameters) ? op.parameters : []) {
      const p = resolved(doc, raw);
      if (!p || (p.in !== "header" && p.in !== "query") || typeof p.name !== "string") continue;
      const caller = !namesKey(p);
      if (caller && !namesCallerKey(p)) continue;
      const key = `${p.in}:${p.name.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = found.get(key) ?? {
        p: { in: p.in, name: p.name, ...(typeof p.description === "string" ? { description: p.description } : {}) },
        count: 0,
        optional: false,
        caller,
      };
      entry.count++;
      if (p.required !== true) entry.optional = true;
      found.set(key, entry);
    }
  }
  const keys = [...found.values()].filter((e) => !e.caller).sort((a, b) => b.count - a.count);
  // A key before an id (schooldigger's `appKey` beside its `appID`): the id goes as a plain parameter.
  const callers = [...found.values()]
    .filter((e) => e.caller && e.count === operations.length)
    .sort((a, b) => Number(/id(?:entifier)?$/i.test(a.p.name)) - Number(/id(?:entifier)?$/i.test(b.p.name)));
  const best = keys[0] && keys[0].count * 2 >= operations.length ? keys[0] : callers[0];
  return best ? { ...best.p, optional: best.optional } : undefined;
}
