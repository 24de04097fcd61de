// The credential of a drafted manifest: which security requirements of the
// document the operations use, and where the runtime sends each value. The
// runtime sends an HTTP bearer token, HTTP basic (a user name and a
// password), or an API key in a header, the query or a cookie; an `oauth2` or
// `openIdConnect` scheme is the access token it yields, sent as a bearer
// token (RFC 6750). A requirement of several schemes is drafted as one way
// (`auth.also`); operations that accept different requirements get
// alternatives (`auth.alternatives`). A document that declares no scheme the
// runtime sends gets a bearer scheme added to the cut, marked as such.
// Parameters that repeat the credential (a `token` query or form field beside
// an OAuth scheme) are recognised here, so that they are not drafted as
// parameters of their own but listed in auth.covers.

import { fieldOf } from "@blockwright/runtime/internal";
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { shortText } from "../plain-text.js";
import { type DocumentedPrefix, documentedPrefix } from "./key-prefix.js";
import { keyParameter } from "./key-parameter.js";
import { type CredentialPlacement, credentialOf, type SecurityScheme } from "../../load/security-schemes.js";
import { slotKey } from "../../load/openapi-document.js";
import { addressCredential, addressCredentialParam, CREDENTIAL_BY_NAME } from "../shapes/address-credential.js";
type Json = Record<string, unknown>;

/** Where the runtime sends one credential: where a scheme puts it, or a variable of the address (auth.variable). */
export type DraftPlacement = CredentialPlacement | { type: "path"; name: string };

/** One credential of a drafted way: its scheme, where it goes, and its parameter(s). */
export interface DraftCredential {
  scheme: string;
  placement: DraftPlacement;
  definition: Json;
  param: string;
  /** HTTP basic: the parameter holding the user id. */
  user?: string;
  /** An API key in a header: the text the document shows before it (key-prefix.ts), and where it was read. */
  prefix?: DocumentedPrefix;
}

export interface CredentialDraft {
  /** The first way's first scheme: its key in components.securitySchemes. */
  scheme: string;
  /** The manifest's (first) credential parameter. */
  param: string;
  /** Where the runtime sends it. */
  placement: DraftPlacement;
  /** The scheme itself (as the document has it, or as added). */
  definition: Json;
  /** The scheme is not in the document: add it to the cut. */
  added: boolean;
  /** The ways drafted, the first first: each the credentials one security requirement needs together. */
  ways: DraftCredential[][];
  /** What a person should check about it. */
  notes: string[];
  /**
   * The document's parameters and form fields that repeat the credential (`token`), found while drafting them:
   * auth.covers.
   */
  covers: Set<string>;
  /** The credential is a variable of the server's path (shapes/address-credential.ts): auth.variable, no scheme. */
  address?: AddressCredential;
}

type AddressCredential = NonNullable<ReturnType<typeof addressCredential>>;

/** The name under which a scheme is added to a document that declares none. */
export const ADDED_SCHEME = "bearerAuth";
/** The name of the scheme added for a key the operations take as a parameter of their own (key-parameter.ts). */
export const ADDED_KEY_SCHEME = "apiKeyAuth";

/**
 * Where a scheme puts its credential, if the runtime sends it (an OAuth 2 or OpenID Connect access token as a bearer
 * token).
 */
function placementOf(scheme: Json): DraftPlacement | undefined {
  return credentialOf(scheme as unknown as SecurityScheme);
}

/**
 * Runtime support and ease of use, best first: one secret before two parameters, a token before a browser session's
 * cookie.
 */
function rank(scheme: Json): number {
  const type = String(scheme.type ?? "");
  const placement = placementOf(scheme);
  if (!placement) return 99;
  if (type === "http" && placement.type === "bearer") return 0;
  if (placement.type === "header") return 1;
  if (placement.type === "query") return 2;
  if (placement.type === "basic") return 3;
  // A token a program can get for itself (client credentials, a password) is an OAuth scheme's best; one only a
  // person's consent in a browser gives (authorization code, implicit) comes after keys sent together (Datadog:
  // the API and application keys, or an authorization code flow's token).
  if (type === "oauth2") return interactiveOnly(scheme) ? 12 : 4;
  if (type === "openIdConnect") return 5;
  return 6;
}

/**
 * Whether an OAuth 2 scheme's flows all need a person in a browser (authorization code, implicit): none a program runs
 * alone.
 */
function interactiveOnly(scheme: Json): boolean {
  const flows = scheme.flows !== null && typeof scheme.flows === "object" ? Object.keys(scheme.flows as Json) : [];
  return flows.length > 0 && flows.every((f) => f === "authorizationCode" || f === "implicit");
}

function describe(scheme: Json): string {
  const type = String(scheme.type ?? "?");
  if (type === "http") return `http ${String(scheme.scheme ?? "")}`.trim();
  if (type === "apiKey") return `apiKey in ${String(scheme.in ?? "?")} ${String(scheme.name ?? "")}`.trim();
  return type;
}

/** A requirement's schemes as one key (order aside). */
const keyOf = (names: readonly string[]) => [...names].sort().join(" + ");

/**
 * The credential for `operations` (the document's operation objects): the
 * best-supported security requirement the most of them accept, then, while
 * some operation accepts none drafted yet, the best of those it accepts (an
 * alternative). A requirement of several schemes is one way of several
 * credentials, all sent.
 */
export function draftCredential(
  doc: Json,
  operations: readonly { id: string; op: Json; path?: string }[],
): CredentialDraft {
  // No scheme, and the server's path or every operation's carries the secret (`/bot{token}`): the address's variable is
  // the credential.
  const address = addressCredential(doc, operations);
  return address ? addressDraft(address, []) : schemeCredential(doc, operations);
}

/**
 * The credential of a document's security schemes (or, when it declares none, one made up or read from a key
 * parameter).
 */
function schemeCredential(doc: Json, operations: readonly { id: string; op: Json }[]): CredentialDraft {
  const components = (doc.components ?? {}) as Json;
  const declared = (components.securitySchemes ?? {}) as Record<string, Json>;
  const notes: string[] = [];
  const global = doc.security;
  const usable = (names: string[]) =>
    names.length > 0 &&
    names.every((n) => declared[n] && typeof declared[n] === "object" && placementOf(fieldOf(declared, n)));
  // For each operation, the requirements it accepts that the runtime can meet (undefined: it names none).
  const unsaid: string[] = [];
  const accepted = operations.map(({ id, op }) => {
    const requirements = (Array.isArray(op.security) ? op.security : Array.isArray(global) ? global : undefined) as
      | Json[]
      | undefined;
    if (!requirements) return { id, ways: undefined, named: [] as string[] };
    // `security: []` (or only `{}`) names no scheme: as if it said nothing, the document's schemes are the candidates.
    if (requirements.every((r) => r && typeof r === "object" && !Object.keys(r).length)) {
      unsaid.push(id);
      return { id, ways: undefined, named: [] as string[] };
    }
    if (requirements.some((r) => r && typeof r === "object" && !Object.keys(r).length))
      notes.push(
        `${id} may also be called without a credential (its security lists {}); the manifest always sends one`,
      );
    const all = requirements
      .filter((r) => r && typeof r === "object" && Object.keys(r).length)
      .map((r) => Object.keys(r));
    return { id, ways: all.filter(usable).map(keyOf), named: all.map(keyOf) };
  });
  if (unsaid.length)
    notes.push(
      `${unsaid.join(", ")} ${unsaid.length === 1 ? "names" : "name"} no security scheme (security: []), which ` +
        "says no credential is needed (some servers leave authentication to the deployment): the manifest sends the " +
        "one drafted; check whether the API needs it",
    );
  const required = accepted.filter((a) => a.ways !== undefined);
  const candidates = required.length
    ? [...new Set(required.flatMap((a) => a.ways ?? []))]
    : Object.keys(declared).filter((n) => usable([n]));
  if (!candidates.length) {
    // No scheme, but a key parameter on the operations (an `xi-api-key` header): its place is the credential's.
    const carried = Object.keys(declared).length ? undefined : keyParameter(doc, operations);
    if (carried) {
      const scheme = ADDED_KEY_SCHEME;
      const definition: Json = {
        type: "apiKey",
        in: carried.in,
        name: carried.name,
        description:
          "Added by blockwright add: the published document declares no security scheme; its operations take the " +
          `key as the ${carried.in} parameter ${carried.name}.`,
      };
      const placement: DraftPlacement = { type: carried.in, name: carried.name };
      notes.push(
        `the document declares no security scheme, but its operations take the key as the ${carried.in} parameter ` +
          `${carried.name}: drafted as the credential (an API key scheme added to openapi.yaml as ${scheme}, marked ` +
          "as added), secret and out of every message; check how the API takes its credential",
      );
      const credential: DraftCredential = { scheme, placement, definition, param: "apiKey" };
      return {
        scheme,
        param: "apiKey",
        placement,
        definition,
        added: true,
        ways: [[credential]],
        notes,
        covers: new Set(),
      };
    }
    const named = [...new Set(required.flatMap((a) => a.named))];
    const unsupported = named.length
      ? ` (${named
          .map(
            (k) =>
              `${k}: ${k
                .split(" + ")
                .map((n) => (declared[n] ? describe(fieldOf(declared, n)) : "not declared"))
                .join(" + ")}`,
          )
          .join("; ")})`
      : "";
    notes.push(
      !Object.keys(declared).length
        ? "the document declares no security scheme; drafted a bearer token (added to openapi.yaml as " +
            `${ADDED_SCHEME}, marked as added): check how the API takes its credential, or whether it needs none`
        : required.length
          ? "the operations require security schemes the runtime cannot send or the document does not " +
            `declare${unsupported}; drafted a bearer token, added to openapi.yaml as ${ADDED_SCHEME}: check how the ` +
            "API takes its credential"
          : "the document declares no security scheme the runtime sends; drafted a bearer token (added to " +
            `openapi.yaml as ${ADDED_SCHEME}, marked as added): check how the API takes its credential, or whether ` +
            "it needs none",
    );
    const definition: Json = {
      type: "http",
      scheme: "bearer",
      description:
        "Added by blockwright add: the published document declares no security scheme. A bearer token is assumed; " +
        "check how the API takes its credential.",
    };
    const credential: DraftCredential = {
      scheme: ADDED_SCHEME,
      placement: { type: "bearer" },
      definition,
      param: "accessToken",
    };
    return {
      scheme: ADDED_SCHEME,
      param: "accessToken",
      placement: { type: "bearer" },
      definition,
      added: true,
      ways: [[credential]],
      notes,
      covers: new Set(),
    };
  }
  const wayRank = (key: string) => {
    const names = key.split(" + ");
    return Math.max(...names.map((n) => rank(fieldOf(declared, n)))) + (names.length > 1 ? 10 : 0);
  };
  const order = (uncovered: typeof required) => (a: string, b: string) =>
    uncovered.filter((x) => x.ways?.includes(b)).length - uncovered.filter((x) => x.ways?.includes(a)).length ||
    wayRank(a) - wayRank(b);
  const chosen: string[] = [];
  for (;;) {
    const uncovered = required.filter((a) => !a.ways?.some((w) => chosen.includes(w)));
    const next = [...candidates]
      .filter((c) => !chosen.includes(c) && (!chosen.length || uncovered.some((a) => a.ways?.includes(c))))
      .sort(order(uncovered))[0];
    if (next === undefined) break;
    chosen.push(next);
  }
  const stranded = required.filter((a) => !a.ways?.some((w) => chosen.includes(w)));
  for (const a of stranded)
    notes.push(
      `${a.id} accepts no security requirement the runtime can meet (${a.named.join(", ") || "none"}): generate ` +
        "will refuse it",
    );
  const others = candidates.filter((c) => !chosen.includes(c));
  // A requirement as the note names it: its schemes, each with what it is.
  const named = (k: string) =>
    `${k} (${k
      .split(" + ")
      .map((n) => describe(fieldOf(declared, n)))
      .join(" + ")})`;
  if (others.length)
    notes.push(
      `chose security ${chosen.length > 1 ? "requirements" : "scheme"} ${chosen.map(named).join(" or ")} of ` +
        `${candidates.map(named).join(", ")}; another can be added under auth.alternatives`,
    );
  if (chosen.length > 1)
    notes.push(
      `the operations accept different security requirements: drafted ${chosen.length} ways to authenticate ` +
        "(auth.alternatives), a call gives the parameters of one; every credential parameter is optional",
    );
  if (!required.length)
    notes.push(
      `no operation says which security scheme it takes; chose ${chosen[0]} ` +
        `(${describe(fieldOf(declared, chosen[0] as string))}), the document's best supported`,
    );
  // Within a requirement, a secret before identifiers (a client id, a version): the first credential is the one kept
  // secret.
  const identifier = (n: string) => Number(NOT_SECRET.test(String(fieldOf(declared, n).name ?? "")));
  const ways = nameParams(
    chosen.map((key) =>
      key
        .split(" + ")
        .sort((a, b) => identifier(a) - identifier(b) || rank(fieldOf(declared, a)) - rank(fieldOf(declared, b))),
    ),
    declared,
  );
  for (const way of ways)
    for (const c of way)
      if (String(c.definition.type) === "oauth2" || String(c.definition.type) === "openIdConnect")
        notes.push(
          `security scheme ${c.scheme} is ${String(c.definition.type)}: its access token is sent as a bearer ` +
            "token; obtaining it (the OAuth flow) is the caller's",
        );
  for (const c of ways.flat()) {
    if (c.prefix)
      notes.push(
        `security scheme ${c.scheme} sends the key after ${JSON.stringify(c.prefix.prefix)} (auth prefix), as ` +
          `${c.prefix.from} shows: check it against a real request`,
      );
    else if (c.placement.type === "header" && c.placement.name.toLowerCase() === "authorization")
      notes.push(
        `security scheme ${c.scheme} sends the key in Authorization as it is: if the API wants a word before it ` +
          `(Bearer, Token, Bot), write it as the prefix of auth (prefix: "Token ")`,
      );
  }
  const first = (ways[0] as DraftCredential[])[0] as DraftCredential;
  return {
    scheme: first.scheme,
    param: first.param,
    placement: first.placement,
    definition: first.definition,
    added: false,
    ways,
    notes,
    covers: new Set(),
  };
}

/**
 * The credential a variable of the server's path carries: its parameter named after it, no scheme (none can say a
 * path), said in a note.
 */
function addressDraft(address: AddressCredential, notes: string[]): CredentialDraft {
  const param = camelName(address.variable);
  const placement: DraftPlacement = { type: "path", name: address.variable };
  notes.push(
    `the document declares no security scheme, and its server's path has {${address.variable}}, a credential by ` +
      `its ${CREDENTIAL_BY_NAME.test(address.variable) ? "name" : "description"}: drafted as the credential the ` +
      `address carries (auth.variable), the secret parameter ${param}, sent only there and withheld from every ` +
      "message; check how the API takes its credential",
  );
  const credential: DraftCredential = { scheme: "", placement, definition: {}, param };
  return {
    scheme: "",
    param,
    placement,
    definition: {},
    added: false,
    ways: [[credential]],
    notes,
    covers: new Set(),
    address,
  };
}

/**
 * Each credential's parameter(s): a token `accessToken`, a lone key `apiKey`, a key among several named after its
 * header or query key, basic `username` and `password`.
 */
function nameParams(ways: string[][], declared: Record<string, Json>): DraftCredential[][] {
  const taken = new Set<string>();
  const unique = (name: string) => {
    let out = name;
    for (let i = 2; taken.has(out); i++) out = `${name}${i}`;
    taken.add(out);
    return out;
  };
  return ways.map((names) => {
    const placed: DraftCredential[] = [];
    return names.map((scheme) => {
      const definition = fieldOf(declared, scheme);
      const placement = placementOf(definition) as DraftPlacement;
      // Two schemes of one requirement at the same place (one query key under two names) are one credential: one
      // parameter.
      const same = placed.find((c) => placeKey(c.placement) === placeKey(placement));
      if (same) return { ...same, scheme, definition };
      const credential = namedCredential(scheme, definition, placement, names.length, unique);
      placed.push(credential);
      return credential;
    });
  });
}

/**
 * The request slot a placement puts its credential in (slotKey: a header's name in any case; bearer and basic in
 * Authorization).
 */
function placeKey(p: DraftPlacement): string {
  return p.type === "bearer" || p.type === "basic" ? slotKey("header", "Authorization") : slotKey(p.type, p.name);
}

/** One credential's parameter(s), named as nameParams says. */
function namedCredential(
  scheme: string,
  definition: Json,
  placement: DraftPlacement,
  together: number,
  unique: (name: string) => string,
): DraftCredential {
  if (placement.type === "basic")
    return { scheme, placement, definition, user: unique("username"), param: unique("password") };
  if (placement.type === "bearer") return { scheme, placement, definition, param: unique("accessToken") };
  const prefix = placement.type === "header" ? documentedPrefix(scheme, definition, placement.name) : undefined;
  return {
    scheme,
    placement,
    definition,
    param: unique(together > 1 ? camelName(placement.name) : "apiKey"),
    ...(prefix ? { prefix } : {}),
  };
}

/** `PLAID-CLIENT-ID` → `plaidClientId`, `api_secret` → `apiSecret`: a parameter name from a header or query key. */
function camelName(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words
    .map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");
  return /^[a-z]/.test(name) ? name : `key${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** An identifier rather than a secret, by its name: a client or account id, a user name, an email, a version. */
const NOT_SECRET = /(^|[-_.]|[a-z])(id|user(name)?|email|account|version)$/i;

/**
 * The values a companion credential's scheme says it takes ("Possible values: jwt or anonymous"): words anyone may
 * read in the document, so a mode the request names, not a secret (a secret is never shorter than the runtime's
 * least, which would refuse `jwt`). Two to eight words, or none.
 */
export function namedValues(description: unknown): string[] | undefined {
  if (typeof description !== "string") return undefined;
  const listed = /\b(?:possible|allowed|accepted|valid)\s+values(?:\s+are|\s+is)?\s*:?\s*([^.;\n]+)/i.exec(
    description,
  )?.[1];
  const words = listed
    ?.split(/\s*(?:,|\bor\b|\band\b)\s*/)
    .map((w) => w.replace(/^[`'"]|[`'"]$/g, ""))
    .filter(Boolean);
  return words && words.length >= 2 && words.length <= 8 && words.every((w) => /^[\w-]{1,32}$/.test(w))
    ? words
    : undefined;
}

/** The manifest's `auth` for the drafted ways (its `covers` aside). */
export function authOfDraft(credential: CredentialDraft): Manifest["auth"] {
  if (credential.address) return { variable: credential.address.variable, param: credential.param };
  const entry = (c: DraftCredential) => ({
    scheme: c.scheme,
    param: c.param,
    ...(c.user ? { user: c.user } : {}),
    ...(c.prefix ? { prefix: c.prefix.prefix } : {}),
  });
  const way = (w: DraftCredential[]) => ({
    ...entry(w[0] as DraftCredential),
    ...(w.length > 1 ? { also: w.slice(1).map(entry) } : {}),
  });
  const [first, ...alternatives] = credential.ways;
  return {
    ...way(first as DraftCredential[]),
    ...(alternatives.length ? { alternatives: alternatives.map(way) } : {}),
  };
}

/** The shared parameters of the drafted credentials, with a note on each. */
export function credentialParams(
  credential: CredentialDraft,
  maxLength: number,
): { params: Record<string, ManifestParam>; notes: { name: string; note: string }[] } {
  const params: Record<string, ManifestParam> = {};
  const notes: { name: string; note: string }[] = [];
  if (credential.address) {
    params[credential.param] = addressCredentialParam(credential.address, maxLength);
    notes.push({
      name: credential.param,
      note:
        `maxLength ${maxLength} is blockwright add's default for a credential, and the pattern a path segment's ` +
        "characters: set the upstream's own limits if it has some",
    });
    return { params, notes };
  }
  const required = credential.ways.length === 1;
  for (const way of credential.ways) {
    way.forEach((c, i) => {
      // A credential at the place of one before it in the way shares its parameter (nameParams).
      if (i > 0 && way.slice(0, i).some((b) => b.param === c.param)) return;
      const about =
        typeof c.definition.description === "string"
          ? shortText(c.definition.description, 300).replace(/\.?$/, ". ")
          : "";
      const where = `${placementWords(c.placement)}${c.prefix ? ` after ${JSON.stringify(c.prefix.prefix)}` : ""}`;
      const key = c.placement.type !== "bearer" && c.placement.type !== "basic" ? c.placement.name : "";
      const values = i === 0 ? undefined : namedValues(c.definition.description);
      const secret = i === 0 || (!NOT_SECRET.test(key) && !values);
      if (c.user) {
        params[c.user] = {
          type: "string",
          title: "User name",
          required,
          maxLength: 256,
          description:
            `${about}The user (account) id of HTTP basic (security scheme ${c.scheme}), ` + `sent with ${c.param}.`,
        };
        notes.push({
          name: c.user,
          note: "the user id of HTTP basic: not secret; mark it secret: true if the API uses a key here",
        });
      }
      const what =
        c.placement.type === "basic"
          ? "The password (secret)"
          : c.placement.type === "bearer"
            ? "The access token"
            : c.param === "apiKey"
              ? "The API key"
              : `The ${key}`;
      params[c.param] = {
        type: "string",
        title:
          c.placement.type === "basic"
            ? "Password"
            : c.placement.type === "bearer"
              ? "Access token"
              : c.param === "apiKey"
                ? "API key"
                : key,
        required,
        ...(secret ? { secret: true } : {}),
        ...(values ? { enum: values } : {}),
        maxLength: secret ? maxLength : 256,
        description: `${about}${what}, ${where}.`,
      };
      notes.push({
        name: c.param,
        note: secret
          ? `maxLength ${maxLength} is blockwright add's default for a credential: set the upstream's own limit if ` +
            "it has one"
          : values
            ? `sent with the credential (security scheme ${c.scheme}); not marked secret, as its description names ` +
              `the values it takes (${values.join(", ")})`
            : `sent with the credential (security scheme ${c.scheme}); not marked secret, as its name says it is an ` +
              "identifier",
      });
    });
  }
  return { params, notes };
}

function placementWords(p: DraftPlacement): string {
  if (p.type === "path") return `sent in the address as {${p.name}}`;
  if (p.type === "bearer") return "sent as a bearer token";
  if (p.type === "basic") return "sent with the user name as HTTP basic (Authorization: Basic)";
  return `sent as the ${p.name} ${p.type === "query" ? "query parameter" : p.type}`;
}

/** Names of parameters that carry a token (a bearer or OAuth 2 credential) or an API key by convention. */
const TOKEN_NAMES = /^(access[_-]?token|token|auth[_-]?token)$/i;
const KEY_NAMES = /^(api[_-]?key|apikey|x-api-key)$/i;

/**
 * Why a declared parameter (or form field) repeats the credential, if it
 * does (a repeat by name is added to the credential's `covers`): it is the credential's own slot, or a token or key by
 * name and description beside the scheme (RPC-style APIs declare `token` in the header, the
 * query or the form of every method, beside its OAuth scheme).
 */
export function repeatsCredential(
  credential: CredentialDraft,
  param: { in: string; name: string; description?: unknown },
): string | undefined {
  const where = param.in === "body" ? "form field" : `${param.in} parameter`;
  for (const c of credential.ways.flat()) {
    const slot =
      c.placement.type === "bearer" || c.placement.type === "basic"
        ? { in: "header", name: "authorization" }
        : { in: c.placement.type, name: c.placement.name.toLowerCase() };
    if (param.in === slot.in && param.name.toLowerCase() === slot.name)
      return `${where} ${param.name} is where the credential goes (auth: ${c.scheme || `variable ${c.param}`})`;
  }
  // A segment of the path names a resource (an export's token, a key's id): no credential goes there, and auth.covers
  // takes none.
  if (param.in === "path") return undefined;
  const description = typeof param.description === "string" ? param.description : "";
  // A token repeats a token, a key a key: an API-key requirement's body `access_token` is some other resource's token.
  const kinds = new Set(
    credential.ways
      .flat()
      .map((c) => (c.placement.type === "bearer" ? "token" : c.placement.type === "basic" ? "basic" : "key")),
  );
  const named =
    (kinds.has("token") && TOKEN_NAMES.test(param.name)) || (kinds.has("key") && KEY_NAMES.test(param.name));
  if (named && (!description || /auth|credential|api key|secret|access token|bearer/i.test(description))) {
    credential.covers.add(param.name);
    return (
      `${where} ${JSON.stringify(param.name)} repeats the credential that security scheme ${credential.scheme} ` +
      `sends (auth.param ${credential.param}): covered by it (auth.covers), not drafted`
    );
  }
  return undefined;
}
