// The private key a contract case gives a tool whose requests carry a JWT signed with it (auth.signedJwt): a real key,
// made once a process for each algorithm, whatever the document's example says (a key that cannot sign is refused
// before any request). The judge (request/jwt-check.ts) verifies each JWT with its public key.
import { generateKeyPairSync } from "node:crypto";
import {
  chooseWay,
  credentialOfParam,
  type SignedJwtSpec,
  type ToolSpec,
  wayCredentials,
} from "@blockwright/runtime/internal";

export type JwtWay = SignedJwtSpec & { param: string };

/** The signed JWT credential of the way a call gave, if it signs one. */
export function jwtWay(tool: ToolSpec, input: Record<string, unknown>): JwtWay | undefined {
  if (tool.anonymous) return undefined;
  const first = wayCredentials(chooseWay(tool.auth, input))[0];
  return first?.type === "signedJwt" ? first : undefined;
}

/**
 * Whether parameter `name` is a private key signing each request's JWT: given the test's key, never drawn (a text of
 * its bounds signs nothing: refused, rule format, before any request), and held to no header's characters (it is
 * never sent).
 */
export function isSigningKey(tool: Pick<ToolSpec, "auth">, name: string): boolean {
  const c = credentialOfParam(tool.auth, name);
  return c?.type === "signedJwt" && c.param === name;
}

/** The test's private key for each algorithm, made once a process (PKCS #8 PEM): the credential every call gives. */
const keys = new Map<string, string>();
export function contractPrivateKey(alg: SignedJwtSpec["alg"]): string {
  let pem = keys.get(alg);
  if (pem === undefined) {
    const { privateKey } =
      alg === "ES256"
        ? generateKeyPairSync("ec", { namedCurve: "P-256" })
        : generateKeyPairSync("rsa", { modulusLength: 2048 });
    pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    keys.set(alg, pem);
  }
  return pem;
}
