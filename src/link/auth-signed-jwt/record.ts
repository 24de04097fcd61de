// The record of the `authSignedJwt` concept (link/concept-record.ts): every request carrying a JWT bound to it,
// signed with the caller's private key. link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";

export const authSignedJwt = {
  wording:
    "**`auth.signedJwt`:** every request carries a JWT made for it and signed with the caller's private key " +
    "(`alg`: `RS256` or `ES256`; `param` the secret parameter holding the key as PKCS #8 PEM text), whose claims " +
    "bind it to the request: `uri` (its path and query as sent), `bodyHash` (the SHA-256 hex of the body's bytes " +
    "sent), a fresh `nonce`, `iat`, `exp` (`iat` plus the seconds given) and `sub` (a parameter's value: the API key " +
    "or key id); it goes where `scheme` puts its credential (`Authorization: Bearer <jwt>`), an API key beside it " +
    "in `also`. Each attempt and each page is given its own, by the tools and by the package's typed client " +
    "(`create<Provider>Client({ credential: <private key PEM>, values: { apiKey } })`); the private key and the " +
    "JWT are withheld from messages, logs, recordings and outputs, a key that cannot sign is refused before any " +
    "request, and the contract suite verifies each JWT's signature with the public key and its claims against the " +
    "request received, a nonce used twice refused.",
  schema: ["auth-signed-jwt"],
  tool: [],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: {
    none:
      "a provider that signs a JWT per request needs its own scheme and key: " +
      "src/link/auth-signed-jwt/auth-signed-jwt.test.ts links, calls and judges one",
  },
  fields: {
    "auth.signedJwt": { fields: "authSignedJwt" },
    ...decided({ surface: "auth" }, [
      "authSignedJwt.alg",
      "authSignedJwt.claims",
      "authSignedJwt.claims.uri",
      "authSignedJwt.claims.bodyHash",
      "authSignedJwt.claims.nonce",
      "authSignedJwt.claims.iat",
      "authSignedJwt.claims.exp",
      "authSignedJwt.claims.sub",
    ]),
  },
} as const satisfies ConceptRecord;
