// Where a call's credentials go. A tool's auth is one or more ways (the
// security requirements of its operation: `[{A}, {B}]` gives two ways, `[{A,
// B}]` one way of two credentials); a call uses the first way whose
// parameters it gives all of, else the first way (whose missing parameter
// is then the problem). Each credential of the way is placed where its
// scheme says: `Authorization: Bearer`, `Authorization: Basic`, a named
// header, a query pair, or a `Cookie` pair.
import type { AuthSpec, AuthWay, CredentialSpec, SignedJwtSpec, SigV4Spec, ToolCall } from "../spec/tool-types.js";
import { cookieOctets, percentEncoded, queryNameEncoded } from "./percent-encoding.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["auth"] as const satisfies readonly (keyof ToolCall)[];

/** A place a credential takes in a request. */
export interface CredentialSlot {
  in: "header" | "query" | "cookie" | "path";
  name: string;
}

/** The ways of a tool's auth, the first first (`alternatives` without themselves). */
export function authWays(auth: AuthSpec): AuthWay[] {
  const { alternatives, ...first } = auth;
  return [first, ...(alternatives ?? [])];
}

/** The credentials a way sends: its own and those sent with it. */
export function wayCredentials(way: AuthWay): CredentialSpec[] {
  const { also, alsoSends, ...own } = way;
  return [own as CredentialSpec, ...(also ?? [])];
}

/**
 * The parameters a way needs: each credential's, a basic credential's user first, a signed one's key id (and the
 * parameter of its region) with its secret. A session token is optional: it is not needed.
 */
export function wayParams(way: AuthWay): string[] {
  return [
    ...new Set(
      wayCredentials(way).flatMap((c) =>
        c.type === "basic"
          ? "user" in c
            ? [c.user, c.param]
            : [c.param]
          : c.type === "sigv4"
            ? [c.user, c.param, ...(c.regionParam !== undefined ? [c.regionParam] : [])]
            : c.type === "signedJwt"
              ? [c.param, ...(c.claims.sub !== undefined ? [c.claims.sub] : [])]
              : [c.param],
      ),
    ),
  ];
}

/** Every parameter of every way of a tool's auth. */
export function authParams(auth: AuthSpec): Set<string> {
  return new Set(authWays(auth).flatMap(wayParams));
}

/** The way a call uses: the first whose parameters are all given, else the first. */
export function chooseWay(auth: AuthSpec, values: Record<string, unknown>): AuthWay {
  const ways = authWays(auth);
  return ways.find((w) => wayParams(w).every((p) => given(values[p]))) ?? (ways[0] as AuthWay);
}

/** The parameters of `way` a call did not give. */
export function missingOf(way: AuthWay, values: Record<string, unknown>): string[] {
  return wayParams(way).filter((p) => !given(values[p]));
}

/** A credential given: text that is not blank (validation leaves blank text to count as not given). */
export function given(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** The place a credential takes. */
export function slotOf(c: CredentialSpec): CredentialSlot {
  // Bearer, basic and a signature (sigv4) name no place: theirs is Authorization; a signed JWT its header's.
  if (c.type === "signedJwt") return { in: "header", name: c.header };
  return "name" in c ? { in: c.type, name: c.name } : { in: "header", name: "Authorization" };
}

/**
 * Every place a tool's auth may put a credential, whichever way a call uses (a credential of its way's other places
 * alone, `places`, takes none of its own: those are its way's `alsoSends`).
 */
export function authSlots(auth: AuthSpec): CredentialSlot[] {
  const seen = new Map<string, CredentialSlot>();
  for (const way of authWays(auth))
    for (const c of wayCredentials(way)) {
      if (c.type === "places") continue;
      const slot = slotOf(c);
      seen.set(`${slot.in}:${slot.in === "header" ? slot.name.toLowerCase() : slot.name}`, slot);
    }
  return [...seen.values()];
}

/** The credential that parameter `name` is (its user: a basic credential's user id, a signature's access key id). */
export function credentialOfParam(auth: AuthSpec, name: string): CredentialSpec | undefined {
  for (const way of authWays(auth))
    for (const c of wayCredentials(way)) if (c.param === name || (c as { user?: string }).user === name) return c;
  return undefined;
}

/**
 * Why parameter `name` cannot take `value` as a basic credential's user id (a ":", which HTTP basic puts between the
 * user id and the password); undefined for another parameter.
 */
export function basicUserProblem(auth: AuthSpec, name: string, value: string): string | undefined {
  const credential = value.includes(":") ? credentialOfParam(auth, name) : undefined;
  // The user name is the parameter `user` names, or the secret itself beside a fixed password.
  return credential?.type === "basic" && ("user" in credential ? credential.user : credential.param) === name
    ? `must not contain ":" (HTTP basic puts it between the user id and the password)`
    : undefined;
}

/**
 * A basic credential's user name and password: the `user` parameter's value and the secret, or the secret and the
 * fixed `password` (often empty: `Basic base64(key:)`).
 */
export function basicPair(
  c: CredentialSpec & { type: "basic" },
  secret: string,
  values: Record<string, unknown>,
): [string, string] {
  return "user" in c ? [String(values[c.user] ?? ""), secret] : [secret, c.password];
}

/** `Basic base64(user:secret)`, the text UTF-8 encoded (RFC 7617). */
export function basicToken(user: string, secret: string): string {
  return base64Text(`${user}:${secret}`);
}

/** The base64 of a text's UTF-8 bytes. */
export function base64Text(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The base64 texts of a way's basic credentials: each holds user and secret in one text, withheld whole (not only the
 * secret's share of it). A key encoded alone (`encode`) needs none: the redactor finds a secret's base64 wherever it
 * starts (common/redact.ts).
 */
export function basicTexts(way: AuthWay, credential: string, values: Record<string, unknown>): string[] {
  return wayCredentials(way).flatMap((c, i) =>
    c.type === "basic"
      ? [basicToken(...basicPair(c, i === 0 ? credential : String(values[c.param] ?? ""), values))]
      : [],
  );
}

/**
 * What one credential puts on a request: a header, a query pair (encoded text), a cookie pair, or a variable of the
 * address and its encoded value.
 */
export type Placed = { header: [string, string] } | { query: string } | { cookie: string } | { path: [string, string] };

/** What a credential sent as it is puts on a request: a header or a query pair. */
export type SimplePlaced = { header: [string, string] } | { query: string };

/**
 * A credential sent as it is, alone: a bearer token, a header or a query key (what a call places without the credential
 * kinds support).
 */
export type SimpleCredential =
  | { type: "bearer"; param: string }
  | { type: "header"; name: string; param: string; prefix?: string }
  | { type: "query"; name: string; param: string };

/**
 * A credential placed as it is (every kind but a signature or a signed JWT, made from the whole request, and one sent
 * only at its way's other places, `places`, which the request's builder writes: call/single-call.ts placeAlso).
 */
export type PlacedSpec = Exclude<CredentialSpec, SigV4Spec | SignedJwtSpec | { type: "places" }>;

/** Where a credential goes with its value; `values` gives a basic credential's user. */
export function placeCredential(c: PlacedSpec, value: string, values: Record<string, unknown>): Placed {
  if (c.type === "basic") return { header: ["Authorization", `Basic ${basicToken(...basicPair(c, value, values))}`] };
  if (c.type === "cookie") return { cookie: `${c.name}=${cookieOctets(value)}` };
  // One path segment, never more (`/`, `?`, `#` encoded): as the operation's path parameter is written (RFC 6570's
  // simple expansion, every reserved character encoded), or with ":" and "@" as they are (`pchar`: RFC 3986 lets a
  // segment hold them; a bot token `123456:ABC` in the server's path is sent as written).
  if (c.type === "path")
    return {
      path: [
        c.name,
        c.pchar ? encodeURIComponent(value).replace(/%3A/g, ":").replace(/%40/g, "@") : percentEncoded(value),
      ],
    };
  // A key the API wants encoded (auth.encode) goes as its base64, after the prefix.
  return placeSimple(c as SimpleCredential, "encode" in c ? base64Text(value) : value);
}

/** Where a bearer token, a header credential or a query key goes with its value. */
export function placeSimple(c: SimpleCredential, value: string): SimplePlaced {
  if (c.type === "query") return { query: `${queryNameEncoded(c.name)}=${percentEncoded(value)}` };
  return {
    header:
      c.type === "bearer"
        ? ["Authorization", `Bearer ${value}`]
        : [c.name, c.prefix === undefined ? value : c.prefix + value],
  };
}

/**
 * Whether a tool's auth needs the credential kinds support (call/support.ts
 * `credentials`): more than one way, more than one credential in a way, or a
 * basic, cookie or path credential, or a key sent encoded (placed by placeCredential; single-call.ts's placeSimple
 * sends a key as it is).
 */
export function credentialKindsNeeded(auth: AuthSpec): boolean {
  const ways = authWays(auth);
  return (
    ways.length > 1 ||
    ways.some((way) =>
      wayCredentials(way).some(
        (c, i) =>
          i > 0 ||
          c.type === "basic" ||
          c.type === "cookie" ||
          c.type === "path" ||
          c.type === "places" ||
          c.type === "sigv4" ||
          c.type === "signedJwt" ||
          (c.type === "header" && c.encode !== undefined),
      ),
    )
  );
}

/**
 * What a way puts on a request: its first credential carries `credential`
 * (the value given, or an OAuth 2 flow's access token), the others their
 * parameters' values.
 */
export function placeWay(way: AuthWay, credential: string, values: Record<string, unknown>): Placed[] {
  // A signed credential puts nothing as it is: the signing part signs the request as it is sent (request-signing.ts);
  // a private key (auth.signedJwt) never leaves, only the JWT it signs.
  // One of its way's other places alone (`places`) is written with the request's values (single-call.ts placeAlso).
  const placed = wayCredentials(way).flatMap((c, i) =>
    c.type === "sigv4" || c.type === "signedJwt" || c.type === "places"
      ? []
      : [placeCredential(c, i === 0 ? credential : String(values[c.param] ?? ""), values)],
  );
  // Two schemes of one requirement at the same place (one query key under two scheme names) send the value once.
  const seen = new Set<string>();
  return placed.filter((p) => {
    const key = JSON.stringify(p);
    return !seen.has(key) && !!seen.add(key);
  });
}

/**
 * Why a call cannot use `way`: a parameter it needs is not given. The first
 * credential of the first way is left to OAuth 2 flows when the tool has
 * some (flows.ts). With alternatives, the message names the other ways.
 */
export function wayProblem(
  tool: { auth: AuthSpec; oauth?: unknown },
  way: AuthWay,
  values: Record<string, unknown>,
): { param: string; rule: "required"; message: string } | undefined {
  const ways = authWays(tool.auth);
  const same = (w: AuthWay) => wayParams(w).join("\u0000") === wayParams(way).join("\u0000");
  const missing = missingOf(way, values).filter((p) => !(tool.oauth && same(ways[0] as AuthWay) && p === way.param));
  const first = missing[0];
  if (first === undefined) return undefined;
  const others = ways.filter((w) => !same(w)).map((w) => wayParams(w).join(" and "));
  const needs = `${missing.join(", ")}: ${missing.length > 1 ? "are" : "is"} required${
    wayParams(way).length > 1
      ? ` (with ${
          wayParams(way)
            .filter((p) => !missing.includes(p))
            .join(", ") || "each other"
        }: one credential)`
      : ""
  }`;
  return {
    param: first,
    rule: "required",
    message: others.length ? `${needs}; or instead give ${others.join("; or ")}` : needs,
  };
}

// Text a header carries alike everywhere: visible ASCII, spaces and tabs (a leading or trailing one is refused for
// its own reason, validate-params.ts). fetch sends U+0080–U+00FF as one Latin-1 byte each (a server reading UTF-8
// sees another key) and throws past U+00FF; Python's httpx refuses both.
const NOT_ASCII_TEXT = /[^\t\u0020-\u007e]/u;

/**
 * Why parameter `name` cannot take `value` as a credential a header carries as its own text (a bearer token, a key in
 * a header): a character other than visible ASCII or a space, told by its position (the value is a secret). HTTP basic
 * goes base64 of UTF-8 (RFC 7617), a query key percent-encoded UTF-8, a cookie's characters other than RFC 6265's
 * cookie-octets so: any text.
 */
export function headerTextProblem(auth: AuthSpec, name: string, value: string): string | undefined {
  const at = value.search(NOT_ASCII_TEXT);
  if (at < 0) return undefined;
  const c = credentialOfParam(auth, name);
  if (c?.param !== name || (c.type !== "bearer" && c.type !== "header") || "encode" in c) return undefined;
  const code = value.codePointAt(at) as number;
  return (
    `must be ASCII text (it is sent as it is in ${c.type === "bearer" ? "Authorization" : `the ${c.name} header`}, ` +
    `which carries no other character alike on every server; character ${at + 1} is ` +
    `${code < 0x20 || code === 0x7f ? "a control character" : "outside ASCII"})`
  );
}

/**
 * Whether parameter `name` is a credential sent encoded, never as its own text in a header: HTTP basic (base64 of
 * UTF-8, RFC 7617), a key in a header sent as its base64 (`encode`), a query key, a cookie or a variable of the
 * address (percent-encoded UTF-8; a cookie's cookie-octets as they are). Any text but control characters goes.
 */
export function encodedCredential(auth: AuthSpec, name: string): boolean {
  const c = credentialOfParam(auth, name);
  return (
    c !== undefined &&
    (c.type === "basic" || c.type === "query" || c.type === "cookie" || c.type === "path" || "encode" in c)
  );
}
