// The concept records of what holds for a whole provider: how a call
// authenticates (auth, auth.flows), how the upstream throttles, where calls
// go, how much they may send and read, and how its errors read.
// concept-records.ts gathers the groups; the order here is the records' order.
import { type ConceptRecord, decided } from "./concept-record.js";
import { securitySurface } from "./auth/security-scopes.js";
import { authSurface } from "./auth/auth.js";
import { authFlowsSurface, linkAuthFlows } from "./auth-flows/auth-flows.js";
import { errorDetailsSurface, errorFieldsSurface, failureWhenSurface, retryableStatusesSurface } from "./errors/errors.js";
import { replyBytesSurface, requestHeadBytesSurface } from "./limits/limits.js";
import { rateLimitsSurface, requestsPerMinuteSurface } from "./rate-limits/rate-limits.js";
import { hostsSurface } from "./server/server.js";
import { serverUrlSurface } from "./server/server-variables.js";

export const PROVIDER_CONCEPTS = {
  auth: {
    wording:
      "**`auth`:** the OpenAPI security scheme and the shared parameter holding the credential (secret): an HTTP bearer token, HTTP basic (`user` names the parameter holding the user id; `Authorization: Basic`, its base64 withheld like the secret), an API key in a header (`prefix`, the text the API wants before it: `Token `), the query or a cookie, or the access token of an `oauth2` or `openIdConnect` scheme, sent as a bearer token; `also`, schemes sent with it (a requirement of several, such as a key and a secret header); `alternatives`, other ways a call may authenticate instead (a call uses the first whose parameters it gives; each tool offers those its operation accepts); `covers`, the document's own parameters for that credential (a required `token`), which it satisfies and nothing sends.",
    schema: ["auth"],
    tool: ["auth", "anonymous"],
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
        "auth.prefix",
        "auth.also",
        "auth.alternatives",
        "authCredential.scheme",
        "authCredential.param",
        "authCredential.user",
        "authCredential.prefix",
        "authWay.scheme",
        "authWay.param",
        "authWay.user",
        "authWay.prefix",
        "authWay.also",
      ]),
      "auth.covers": { none: "what the credential stands for in the document: nothing is sent for it, and a caller configures nothing" },
    },
  },
  authVariable: {
    wording:
      "**`auth.variable`:** for an API that takes its secret in the address (`https://api.example.com/bot{token}`), which no OpenAPI security scheme can say: the variable of the address template's path (`server.url`) or of every operation's path (`/bot{token}/…`) that the credential fills, instead of a `scheme`. The credential parameter is secret as any: sent only there, one path segment (`:` and `@` as they are), withheld from messages, logs, recordings and outputs in every encoding, and a call without it is refused before any request.",
    schema: ["auth-variable"],
    tool: [],
    surface: {},
    link: null,
    contract: { kind: "request" },
    shelf: { none: "the shelf's credential is a security scheme's, and a provider has one first credential: the fixture of the address credential (src/link/auth-variable/__fixtures__/) and its tests use it" },
    fields: {
      "auth.variable": { surface: "auth" },
    },
  },
  authFlows: {
    wording:
      "**`auth.flows`:** OAuth 2 grants through which the runtime obtains the access token itself and renews it (`clientCredentials`, `refreshToken`, `jwtBearer`): each names its `tokenUrl` (https, its origin fixed; `{param}` placeholders in the path, from parameters with a `pattern`), `scope`, the shared parameters holding the client id, secret, refresh token, subject or private key, `clientAuth` (how the token request authenticates the client: `basic`, an `Authorization: Basic` header as RFC 6749 §2.3.1 says, or `body`, the default, as form fields), `defaultExpiresIn` (the documented lifetime of a token whose answer has no `expires_in`; default 3600 s) and, for `jwtBearer`, the assertion's `audience` as documented (a URI, or `default`, `byTokenHost` and a `param`); `tokenHosts`, where a token URL given at call time may point; `tokenAddressField`, the token answer's field naming the address the token is for (`instance_url`), where calls then go. The credential parameter then is `required: false`.",
    schema: ["auth-flows"],
    tool: ["oauth"],
    surface: { "auth.flows": authFlowsSurface },
    link: linkAuthFlows,
    contract: { kind: "auth" },
    shelf: { none: "a token server to run the flows against: the tracker fixture with flows (test-support/oauth/oauth-tracker.ts) and runtime/oauth/ tests them" },
    fields: {
      "auth.flows": { fields: "authFlows" },
      ...decided({ surface: "auth.flows" }, [
        "auth.tokenHosts",
        "auth.tokenAddressField",
        "authFlows.clientCredentials.defaultExpiresIn",
        "authFlows.refreshToken.defaultExpiresIn",
        "authFlows.jwtBearer.defaultExpiresIn",
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
  },
  rateLimits: {
    wording:
      "**`rateLimits`:** how the upstream throttles, as its documentation says: `resetHeader` (the header telling when a 429's window resets), `quota` (`codes` meaning a quota is used up, read by `from` — every value found, a `*` segment for each item of a list — or else `errors.code`, and `messages`, words of the error message meaning so: never retried, `retryable: false`), `pauseMs` (the wait after a 429 that says nothing of when, doubling on each further 429), `requestsPerMinute` (the request rate it documents for one client, the lowest of its endpoints': kept per credential by every call in the process together, whichever client, executor or workflow run sends it, and `blockwright verify` spaces its requests by it). A new provider declares its own rather than inherit the runtime's backoff.",
    schema: ["rate-limits"],
    tool: ["rateLimits"],
    surface: { rateLimits: rateLimitsSurface, "rateLimits.requestsPerMinute": requestsPerMinuteSurface },
    link: null,
    contract: { kind: "scenario" },
    shelf: { none: "rate limits are per provider and would slow every shelf case: the hostile fixture (specs-hostile/) declares them" },
    fields: {
      "manifest.rateLimits": { fields: "rateLimits" },
      ...decided({ surface: "rateLimits" }, ["rateLimits.resetHeader", "rateLimits.quota", "rateLimits.quota.from", "rateLimits.quota.codes", "rateLimits.quota.messages", "rateLimits.pauseMs"]),
      "rateLimits.requestsPerMinute": { surface: "rateLimits.requestsPerMinute" },
    },
  },
  server: {
    wording:
      "**`server`:** a fixed `default` address (with the path of the OpenAPI document's server, which every request carries), or a `param` carrying the customer's own (`format: base-url`; the server's path is appended); `hosts`, the host patterns such an address may name besides the default's; or a `url`, the document's server URL with its `{variables}`, and `variables`, the shared parameters (connection inputs a person fills in, with the document's default and enum) that fill each, the hosts derived from the template.",
    schema: ["server"],
    tool: ["server"],
    surface: { hosts: hostsSurface, "server.url": serverUrlSurface },
    link: null,
    contract: { kind: "request" },
    shelf: { field: "server.default" },
    fields: {
      "manifest.server": { fields: "server" },
      ...decided({ surface: "hosts" }, ["server.default", "server.hosts"]),
      "server.param": { surface: "params" },
      "server.url": { surface: "server.url" },
      "server.variables": { surface: "params" },
    },
  },
  limits: {
    wording:
      "**`limits`:** `requestHeadBytes`, the size of request line and headers the upstream accepts (a call past it is refused before it is sent, naming the parameter that takes the most room); `replyBytes`, the most reply body a call reads (default 64 MiB; with `allPages`, all pages together; past it the call ends with an `upstream` error `REPLY_TOO_LARGE`).",
    schema: ["limits"],
    tool: [],
    surface: { "limits.requestHeadBytes": requestHeadBytesSurface, "limits.replyBytes": replyBytesSurface },
    link: null,
    contract: { kind: "limit" },
    shelf: { none: "a bound on the request head and the reply: the hostile fixture (specs-hostile/) declares it" },
    fields: { "manifest.limits": { fields: "limits" }, "limits.requestHeadBytes": { surface: "limits.requestHeadBytes" }, "limits.replyBytes": { surface: "limits.replyBytes" } },
  },
  errors: {
    wording:
      "**`errors`:** expressions for the upstream's `code`, `message` and `requestId` (without it, the headers named like a request id that the document's answers declare, such as `x-ms-request-id`; and always `x-request-id` and `request-id`); `details` to carry more fields of the error body; `retryableStatuses`; `failureWhen` for APIs that answer 2xx with a failure in the body.",
    schema: ["errors"],
    tool: ["errors"],
    surface: { "errors.fields": errorFieldsSurface, "errors.details": errorDetailsSurface, "errors.retryableStatuses": retryableStatusesSurface, "errors.failureWhen": failureWhenSurface },
    link: null,
    contract: { kind: "error" },
    shelf: { field: "errors.code" },
    fields: {
      "manifest.errors": { fields: "errors" },
      ...decided({ surface: "errors.fields" }, ["errors.code", "errors.message", "errors.requestId"]),
      "errors.retryableStatuses": { surface: "errors.retryableStatuses" },
      "errors.details": { surface: "errors.details" },
      ...decided({ surface: "errors.failureWhen" }, ["errors.failureWhen", "valueTest.from", "valueTest.equals"]),
    },
  },
} as const satisfies Record<string, ConceptRecord>;
