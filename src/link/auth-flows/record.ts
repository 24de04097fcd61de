// The record of the `authFlows` concept (link/concept-record.ts): the OAuth 2 grants the runtime runs itself.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { authFlowsSurface, linkAuthFlows } from "./auth-flows.js";

export const authFlows = {
  wording:
    "**`auth.flows`:** OAuth 2 grants through which the runtime obtains the access token itself and renews it " +
    "(`clientCredentials`, `refreshToken`, `jwtBearer`): each names its `tokenUrl` (https, its origin fixed; " +
    "`{param}` placeholders in the path, from parameters with a `pattern`), `scope`, " +
    "the shared parameters holding the client id, secret, refresh token, subject or private key, " +
    "`clientAuth` (how the token request authenticates the client: `basic`, an `Authorization: " +
    "Basic` header as RFC 6749 §2.3.1 says, or `body`, the default, as form fields), " +
    "`defaultExpiresIn` (the documented lifetime of a token whose answer has no `expires_in`; default 3600 s), " +
    "`tokenFields` (fixed form fields every token request carries beside the grant's own, such as the `audience` an " +
    "authorization server serving several APIs issues the token for), " +
    "`tokenFormat` (`json` for a token endpoint the document types as taking a JSON object, not a form) " +
    "and, for `jwtBearer`, the assertion's `audience` as documented (a URI, or `default`, " +
    "`byTokenHost` and a `param`); `tokenHosts`, where a token URL given at call time may point; " +
    "`tokenAddressField`, the token answer's field naming the address the token is for (`instance_url`), " +
    "where calls then go. The credential parameter then is `required: false`. A tool whose operation accepts only " +
    "an alternative's scheme obtains no token by them.",
  schema: ["auth-flows"],
  tool: ["oauth"],
  surface: { "auth.flows": authFlowsSurface },
  link: linkAuthFlows,
  contract: { kind: "auth" },
  shelf: {
    none:
      "a token server to run the flows against: the tracker fixture with flows " +
      "(test-support/oauth/oauth-tracker.ts) and runtime/oauth/ tests them",
  },
  fields: {
    "auth.flows": { fields: "authFlows" },
    ...decided({ surface: "auth.flows" }, [
      "auth.tokenHosts",
      "auth.tokenAddressField",
      "authFlows.clientCredentials.defaultExpiresIn",
      "authFlows.clientCredentials.tokenFields",
      "authFlows.clientCredentials.tokenFormat",
      "authFlows.refreshToken.defaultExpiresIn",
      "authFlows.refreshToken.tokenFields",
      "authFlows.refreshToken.tokenFormat",
      "authFlows.jwtBearer.defaultExpiresIn",
      "authFlows.jwtBearer.tokenFields",
      "authFlows.jwtBearer.tokenFormat",
      "jwtAudience.default",
      "jwtAudience.byTokenHost",
      "jwtAudience.param",
      "authFlows.clientCredentials",
      "authFlows.clientCredentials.tokenUrl",
      "authFlows.clientCredentials.scope",
      "authFlows.clientCredentials.clientId",
      "authFlows.clientCredentials.clientSecret",
      "authFlows.clientCredentials.clientAuth",
      "authFlows.refreshToken",
      "authFlows.refreshToken.tokenUrl",
      "authFlows.refreshToken.scope",
      "authFlows.refreshToken.clientId",
      "authFlows.refreshToken.clientSecret",
      "authFlows.refreshToken.clientAuth",
      "authFlows.refreshToken.refreshToken",
      "authFlows.jwtBearer",
      "authFlows.jwtBearer.tokenUrl",
      "authFlows.jwtBearer.scope",
      "authFlows.jwtBearer.clientId",
      "authFlows.jwtBearer.subject",
      "authFlows.jwtBearer.privateKey",
      "authFlows.jwtBearer.audience",
    ]),
  },
} as const satisfies ConceptRecord;
