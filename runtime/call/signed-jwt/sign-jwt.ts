// A request carrying a JWT bound to it (manifest `auth.signedJwt`), for the tools' calls (request-signing.ts) and the
// typed client's middleware (client.ts), each loading this module on its first signed request: a package whose
// tools sign nothing bundles none of it, and jose (loaded by this module's first import) none either.
// The signature is jose's (WebCrypto underneath, no dependency, in browsers, edge runtimes and Node alike: the
// runtime's JWT bearer flow signs with it too, oauth/assertion.ts) rather than ours: JOSE's encodings (ES256's raw
// r||s signature, not DER; base64url without padding) have corners a library has met.
// Each attempt, retry and page is given a JWT of its own, made over the bytes that go out: the path and query as sent
// (`uri`), the SHA-256 of the body's bytes (`bodyHash`, of no bytes for a request without a body), a fresh `nonce`.
import type { HttpRequest } from "../../http/transport.js";
import type { AuthWay, SignedJwtSpec } from "../../spec/tool-types.js";
import { sentBody } from "../../http/sent-body.js";

const jose = () => import("jose");

/** What a JWT is made with: the way a call uses, its private key (PEM text), and the call's values (`sub`'s). */
export interface JwtSigningCall {
  way: AuthWay;
  credential: string;
  values: Record<string, unknown>;
}

/** A private key that cannot sign: the call fails before any request, naming the parameter (never the value). */
export class SigningKeyRefused extends Error {
  readonly refused: { type: "validation"; param: string; rule: "format"; message: string };
  constructor(param: string, alg: string) {
    const message =
      `${param}: must be a private key for ${alg} in PKCS #8 PEM text (-----BEGIN PRIVATE KEY-----` +
      `${alg === "ES256" ? ", an EC key of curve P-256" : ", an RSA key of 2048 bits or more"}) (value withheld)`;
    super(message);
    this.refused = { type: "validation", param, rule: "format", message };
  }
}

/**
 * `request` with its JWT in the way's header (replacing one an earlier attempt or page carried), a new request: the
 * one given is left as it was for the next attempt. `now` (milliseconds) fixes the time (tests); else now.
 */
export async function signJwtRequest(
  call: JwtSigningCall,
  request: HttpRequest,
  now = Date.now(),
): Promise<HttpRequest> {
  const spec = call.way.type === "signedJwt" ? (call.way as SignedJwtSpec & { param: string }) : undefined;
  if (!spec) return request;
  const { importPKCS8, SignJWT } = await jose();
  let key: CryptoKey;
  try {
    key = await importPKCS8(normalisePem(call.credential), spec.alg);
  } catch {
    throw new SigningKeyRefused(spec.param, spec.alg);
  }
  const headers: Record<string, string> = {};
  const header = spec.header.toLowerCase();
  for (const name in request.headers)
    if (name.toLowerCase() !== header) headers[name] = request.headers[name] as string;
  // A multipart body or a file is hashed as the bytes sent: read once, sent as read (its boundary kept).
  const { signed, body } = await sentBody(request, headers);
  const bytes = typeof signed === "string" ? new TextEncoder().encode(signed) : (signed ?? new Uint8Array());
  const claims = await requestClaims(spec, request.url, bytes, call.values, now);
  let jwt: string;
  try {
    // A key read but unfit to sign (an RSA key under 2048 bits) is refused here, before any request, not retried.
    jwt = await new SignJWT(claims).setProtectedHeader({ alg: spec.alg, typ: "JWT" }).sign(key);
  } catch {
    throw new SigningKeyRefused(spec.param, spec.alg);
  }
  headers[spec.header] = spec.prefix + jwt;
  return { method: request.method, url: request.url, headers, ...(body !== undefined ? { body } : {}) };
}

/** The claims binding a JWT to a request: those the spec names, each as the request carries it. */
export async function requestClaims(
  spec: SignedJwtSpec,
  url: string,
  bytes: Uint8Array | ArrayBuffer,
  values: Record<string, unknown>,
  now: number,
): Promise<Record<string, unknown>> {
  const { claims } = spec;
  const iat = Math.floor(now / 1000);
  const address = new URL(url);
  return {
    ...(claims.uri ? { uri: address.pathname + address.search } : {}),
    ...(claims.bodyHash ? { bodyHash: await sha256Hex(bytes) } : {}),
    ...(claims.nonce ? { nonce: crypto.randomUUID() } : {}),
    ...(claims.iat ? { iat } : {}),
    exp: iat + claims.exp,
    ...(claims.sub !== undefined ? { sub: String(values[claims.sub] ?? "") } : {}),
  };
}

/** The SHA-256 of bytes, in lower-case hex. */
export async function sha256Hex(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** A PEM given on one line (an environment variable) with `\n` escapes. */
function normalisePem(pem: string): string {
  return pem.includes("\\n") && !pem.includes("\n") ? pem.replace(/\\n/g, "\n") : pem;
}
