// The security schemes of an OpenAPI document, as far as the runtime sends their credentials.

export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

/** The authtypes of the Authorization header's apiKey scheme that mean AWS Signature Version 4 (S3's is SigV4 too). */
const SIGV4_AUTHTYPES = /^(awsSigv4|awsS3)$/i;

/**
 * Whether a scheme says its requests are signed with AWS Signature Version 4, by its shape: an apiKey scheme in the
 * Authorization header whose `x-amazon-apigateway-authtype` is awsSigv4 (or awsS3): a key sent as it is is refused.
 */
export function signedWithSigv4(scheme: object | undefined): boolean {
  const s = (scheme ?? {}) as Record<string, unknown>;
  const authtype = s["x-amazon-apigateway-authtype"];
  return (
    s.type === "apiKey" &&
    s.in === "header" &&
    String(s.name).toLowerCase() === "authorization" &&
    typeof authtype === "string" &&
    SIGV4_AUTHTYPES.test(authtype)
  );
}

/**
 * Where the runtime sends a credential: an HTTP bearer token, HTTP basic, or an API key in a named header, query
 * parameter or cookie (CredentialSpec without its parameters). An HTTP scheme of another name (RFC 9110's
 * `Authorization: <scheme> <credentials>`, such as a signature the caller computes) is the header Authorization with
 * the scheme's name before the value: `word`.
 */
export type CredentialPlacement =
  | { type: "bearer" }
  | { type: "basic" }
  | { type: "header" | "query" | "cookie"; name: string; word?: string };

/** An HTTP authentication scheme's name (RFC 9110 `auth-scheme`, a token). */
const AUTH_SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * HTTP schemes whose credentials answer the server's challenge (a nonce, a handshake): no value a caller gives
 * beforehand meets them.
 */
const CHALLENGED = new Set(["digest", "negotiate", "ntlm", "hoba", "mutual", "scram-sha-1", "scram-sha-256"]);

/**
 * Where a security scheme puts the credential, if it is a kind the runtime
 * sends. An OAuth 2 or OpenID Connect scheme's credential is the access
 * token it yields, sent as a bearer token (RFC 6750); obtaining the token
 * is the caller's. Another HTTP scheme's credentials go after its name in Authorization, as the caller gives them.
 */
export function credentialOf(scheme: SecurityScheme): CredentialPlacement | undefined {
  if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer") return { type: "bearer" };
  if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "basic") return { type: "basic" };
  if (scheme.type === "oauth2" || scheme.type === "openIdConnect") return { type: "bearer" };
  if (
    scheme.type === "http" &&
    scheme.scheme &&
    AUTH_SCHEME.test(scheme.scheme) &&
    !CHALLENGED.has(scheme.scheme.toLowerCase())
  )
    return { type: "header", name: "Authorization", word: scheme.scheme };
  if (
    scheme.type === "apiKey" &&
    (scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie") &&
    scheme.name
  )
    return { type: scheme.in, name: scheme.name };
  return undefined;
}

/**
 * The requirements a `security` list names, each its schemes' names (undefined: no list), each as requests can meet it
 * (requirementApart) where the document's schemes are given.
 */
export function requirementsOf(security: unknown, schemes?: Record<string, unknown>): string[][] | undefined {
  // `security: {}` (an object where a list belongs, seen in published documents) declares no requirement, as `[]` does.
  if (isEmptyObject(security)) return [];
  if (!Array.isArray(security)) return undefined;
  const named = security.map((requirement) => Object.keys((requirement ?? {}) as object));
  return schemes ? named.flatMap((names) => requirementApart(names, schemes)) : named;
}

/**
 * A requirement as requests can meet it. Schemes that put credentials of different forms in one place (HTTP basic and
 * a key in Authorization) cannot both be sent: a request carries the header once. Such a requirement is read as one per
 * scheme there, each with the rest beside it. Schemes of one form in one place stay together (one credential).
 */
export function requirementApart(names: string[], schemes: Record<string, unknown>): string[][] {
  const byPlace = new Map<string, { name: string; form: string }[]>();
  for (const name of names) {
    const scheme = schemes[name];
    const p = scheme && typeof scheme === "object" ? credentialOf(scheme as SecurityScheme) : undefined;
    const place = !p
      ? `unsent ${name}`
      : p.type === "bearer" || p.type === "basic"
        ? "header authorization"
        : `${p.type} ${p.type === "header" ? p.name.toLowerCase() : p.name}`;
    const form = !p ? "" : p.type === "bearer" || p.type === "basic" ? p.type : `key ${p.word ?? ""}`;
    byPlace.set(place, [...(byPlace.get(place) ?? []), { name, form }]);
  }
  let ways: string[][] = [[]];
  for (const group of byPlace.values()) {
    const options =
      new Set(group.map((g) => g.form)).size > 1 ? group.map((g) => [g.name]) : [group.map((g) => g.name)];
    ways = ways.flatMap((way) => options.map((o) => [...way, ...o]));
  }
  return ways;
}

/** Every scheme a `security` list names (undefined: no list). */
export function securityNames(security: unknown): string[] | undefined {
  if (isEmptyObject(security)) return [];
  if (!Array.isArray(security)) return undefined;
  return security.flatMap((requirement) => Object.keys(requirement as object));
}

const isEmptyObject = (v: unknown): boolean =>
  v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
