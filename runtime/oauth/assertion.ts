// The JWT a `jwtBearer` flow presents (RFC 7523 §3): signed RS256 with the
// user's private key (PKCS #8 PEM), by `jose` over WebCrypto, which browsers,
// edge runtimes and Node all have. Short-lived: it only has to reach the
// token endpoint. jose is loaded on the first key read, not with the runtime:
// every tool (the generator too, through the runtime's index) loaded its 46
// modules, which only a jwtBearer flow uses.
const jose = () => import("jose");

/** How long an assertion is valid: token endpoints accept a few minutes at most. */
const LIFETIME_S = 180;

export interface AssertionClaims {
  issuer: string;
  subject: string;
  audience: string;
  /** Milliseconds since the epoch. */
  now: number;
}

/** Why a private key cannot sign, or undefined: checked before any request. */
export async function privateKeyProblem(pem: string): Promise<string | undefined> {
  const { importPKCS8 } = await jose();
  try {
    await importPKCS8(normalisePem(pem), "RS256");
    return undefined;
  } catch {
    const pkcs1 = pem.includes("BEGIN RSA PRIVATE KEY");
    return (
      `must be an RSA private key in PKCS #8 PEM form (-----BEGIN PRIVATE ` +
      `KEY-----)${pkcs1 ? "; this one is PKCS #1: convert it with openssl pkcs8 -topk8 -nocrypt -in key.pem" : ""} ` +
      `(value withheld)`
    );
  }
}

export async function signAssertion(pem: string, claims: AssertionClaims): Promise<string> {
  const { importPKCS8, SignJWT } = await jose();
  const key = await importPKCS8(normalisePem(pem), "RS256");
  const iat = Math.floor(claims.now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(claims.issuer)
    .setSubject(claims.subject)
    .setAudience(claims.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_S)
    .sign(key);
}

/** A PEM given on one line (an environment variable) with `\n` escapes. */
function normalisePem(pem: string): string {
  return pem.includes("\\n") && !pem.includes("\n") ? pem.replace(/\\n/g, "\n") : pem;
}
