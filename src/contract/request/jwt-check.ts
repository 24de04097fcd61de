// A request carrying a JWT bound to it (auth.signedJwt) judged independently of the runtime's signer: the JWT's
// signature verified with the public key of the test's private key (node:crypto derives it), and each claim the
// manifest names recomputed from the request as received: `uri` its path and query, `bodyHash` the SHA-256 hex of its
// body's bytes, `sub` the parameter's value, `exp` exactly `iat` plus the seconds declared and not past, `iat` now
// (within a few minutes), `nonce` one no earlier request of the run carried (a replayed request is refused).
// Verifying is asynchronous: each exchange of a call is judged once the call has returned (call.ts), and the verdict
// read where the credential is checked (credential-check.ts).
import { createHash, createPublicKey, type KeyObject, verify } from "node:crypto";
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { Exchange } from "../exchange.js";
import { exchangeVerdicts } from "./exchange-verdicts.js";
import { type JwtWay, jwtWay } from "../jwt-keys.js";

/** How far a JWT's `iat` may be from the judge's clock. */
const CLOCK_SKEW_S = 300;

/** What an exchange's JWT was found to be: undefined when right, else what is wrong. */
const verdicts = exchangeVerdicts("JWT");

/** The nonces the judge has seen, by the public key that signed them: a nonce seen twice is a replay. */
const seenNonces = new Map<string, Set<string>>();

/** Judge each exchange of a call that sends a signed JWT (kept for jwtVerdict); nothing for another tool. */
export async function judgeJwts(
  tool: ToolSpec,
  input: Record<string, unknown>,
  exchanges: readonly Exchange[],
): Promise<void> {
  const way = jwtWay(tool, input);
  if (!way) return;
  for (const ex of exchanges) verdicts.set(ex, await jwtProblem(ex, way, input));
}

/** The verdict judgeJwts kept for an exchange: what is wrong with its JWT, or undefined. */
export const jwtVerdict = verdicts.verdict;

/**
 * What is wrong with a request's JWT, verified with the public key of the private key `input` gives and its claims
 * recomputed from the request as received: undefined when right. Names the claim and both values, but the subject's
 * (a credential's value) and the key's. `now` (milliseconds) fixes the clock (tests).
 */
export async function jwtProblem(
  ex: Pick<Exchange, "url" | "headers" | "rawBody" | "rawBytes">,
  way: JwtWay,
  input: Record<string, unknown>,
  now = Date.now(),
): Promise<string | undefined> {
  const sent = ex.headers.get(way.header);
  if (sent === null) return `no ${way.header} header: the request carries no JWT (auth.signedJwt)`;
  if (!sent.startsWith(way.prefix)) return `${way.header} does not start with ${JSON.stringify(way.prefix)}`;
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey(pemText(String(input[way.param] ?? "")));
  } catch {
    return `the test's private key (${way.param}) gives no public key to verify with`;
  }
  const nowS = Math.floor(now / 1000);
  const claims = verifiedClaims(sent.slice(way.prefix.length), publicKey, way.alg, nowS);
  if (typeof claims === "string") return claims;
  const expected: Record<string, unknown> = {};
  if (way.claims.uri) expected.uri = ex.url.pathname + ex.url.search;
  if (way.claims.bodyHash)
    expected.bodyHash = createHash("sha256")
      .update(ex.rawBytes ?? ex.rawBody)
      .digest("hex");
  for (const [name, value] of Object.entries(expected))
    if (claims[name] !== value)
      return `claim ${name} is ${JSON.stringify(claims[name])}, the request received makes it ${JSON.stringify(value)}`;
  // The subject is a credential's value (the API key): named, never shown.
  if (way.claims.sub !== undefined && claims.sub !== String(input[way.claims.sub] ?? ""))
    return `claim sub is not the value of ${way.claims.sub} (values withheld)`;
  const iat = claims.iat;
  if (way.claims.iat && (typeof iat !== "number" || Math.abs(iat - nowS) > CLOCK_SKEW_S))
    return `claim iat is ${JSON.stringify(iat)}, not the time the request was made (${nowS})`;
  if (typeof iat === "number" && claims.exp !== iat + way.claims.exp)
    return `claim exp is ${JSON.stringify(claims.exp)}, not iat + ${way.claims.exp} (${iat + way.claims.exp})`;
  if (way.claims.nonce) {
    const nonce = claims.nonce;
    if (typeof nonce !== "string" || nonce === "") return "claim nonce is missing";
    const key = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const seen = seenNonces.get(key) ?? seenNonces.set(key, new Set()).get(key);
    if (seen?.has(nonce)) return `claim nonce ${JSON.stringify(nonce)} was sent before: the request is a replay`;
    seen?.add(nonce);
  }
  return undefined;
}

/**
 * A JWT's claims once its signature verifies with `publicKey` (by node:crypto, apart from the runtime's signer, jose)
 * and before its `exp` (seconds), else what is wrong.
 */
function verifiedClaims(
  token: string,
  publicKey: KeyObject,
  alg: JwtWay["alg"],
  nowS: number,
): Record<string, unknown> | string {
  const parts = token.split(".");
  if (parts.length !== 3) return `the JWT is not three base64url parts joined by "." (${parts.length} parts)`;
  const [head, body, signature] = parts as [string, string, string];
  let header: { alg?: unknown };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(head, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return "the JWT's header or claims are no base64url JSON";
  }
  if (header.alg !== alg) return `the JWT's header names alg ${JSON.stringify(header.alg)}, the manifest ${alg}`;
  // JWS's ES256 signature is r||s (IEEE P1363), not DER (RFC 7518 3.4).
  const key = alg === "ES256" ? { key: publicKey, dsaEncoding: "ieee-p1363" as const } : publicKey;
  if (!verify("sha256", Buffer.from(`${head}.${body}`), key, Buffer.from(signature, "base64url")))
    return `the JWT's signature does not verify with the public key (${alg})`;
  if (typeof claims.exp !== "number") return "claim exp is missing";
  if (claims.exp <= nowS) return `claim exp is ${claims.exp}: the JWT had expired when checked (${nowS})`;
  return claims;
}

/** A PEM given on one line (an environment variable) with `\n` escapes, as the runtime reads it. */
function pemText(pem: string): string {
  return pem.includes("\\n") && !pem.includes("\n") ? pem.replace(/\\n/g, "\n") : pem;
}
