// The record of the `auth` concept (link/concept-record.ts): how a call authenticates.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { authSurface } from "./auth.js";
import { securitySurface } from "./security-scopes.js";

export const auth = {
  wording:
    "**`auth`:** the OpenAPI security scheme and the shared parameter holding the credential (secret): " +
    "an HTTP bearer token, HTTP basic (`user` names the parameter holding the user id, or `password` is the " +
    "fixed text, often empty, sent after the key when the key is the user name; `Authorization: Basic`, " +
    "its base64 withheld like the secret), an API key in a header (`prefix`, the text the API wants before it: " +
    "`Token `; `encode: base64`, the key sent as the base64 of its text alone, `Basic base64(key)`, that text " +
    "withheld like the key), the query or a cookie, or the access token of an `oauth2` or `openIdConnect` scheme, " +
    "sent as a bearer token; `also`, schemes sent with it (a requirement of several, " +
    "such as a key and a secret header); `alternatives`, other ways a call may authenticate instead (a call " +
    "uses the first whose parameters it gives; each tool offers those its operation accepts); an operation whose " +
    "security lists `{}` beside requirements (authentication optional) sends the credential when a call gives it, " +
    "none when not, its credential parameters not required; `covers`, " +
    "the document's own parameters for that credential (a required `token`), " +
    "which it satisfies and nothing sends; `alsoSends`, other places (a body field, a query parameter, a header) the " +
    "document requires the same credential at, where it is sent too, given once.",
  schema: ["auth"],
  tool: ["auth", "anonymous", "authOptional"],
  surface: { auth: authSurface, security: securitySurface },
  link: null,
  contract: { kind: "auth" },
  shelf: { field: "auth.scheme" },
  fields: {
    "manifest.auth": { fields: "auth" },
    ...decided({ surface: "auth" }, [
      "auth.scheme",
      "auth.param",
      "auth.user",
      "auth.password",
      "auth.prefix",
      "auth.encode",
      "auth.also",
      "auth.alternatives",
      "authCredential.scheme",
      "authCredential.param",
      "authCredential.user",
      "authCredential.password",
      "authCredential.prefix",
      "authCredential.encode",
      "authWay.scheme",
      "authWay.param",
      "authWay.user",
      "authWay.password",
      "authWay.prefix",
      "authWay.encode",
      "authWay.also",
    ]),
    ...decided({ surface: "auth" }, [
      "auth.alsoSends",
      "authWay.alsoSends",
      "credentialPlace.in",
      "credentialPlace.name",
      "credentialPlace.path",
    ]),
    "auth.covers": {
      none: "what the credential stands for in the document: nothing is sent for it, and a caller configures nothing",
    },
  },
} as const satisfies ConceptRecord;
