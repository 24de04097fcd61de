// Every concept of the manifest language, as one record (concept-record.ts):
// its wording for provider authors, its schema fragments, the tool fields it
// fills with the runtime modules that read them, its surface entries and its
// link part. In the order diff reports the concepts' changes (and the link
// adds their parts); the docs list them in this order too. A small concept
// may be its record alone: the link part and the surface entry written here.
import { securitySurface } from "./security-scopes.js";
import { authSurface } from "./auth.js";
import { authFlowsSurface, linkAuthFlows } from "./auth-flows.js";
import { linkBehavior } from "./behavior.js";
import { type ConceptRecord, decided } from "./concept-record.js";
import { diffMaximum, type LimitChange, type ToolEntry } from "../model/surface-entry.js";
import { deprecatedSurface, linkDeprecated } from "./deprecated.js";
import { errorDetailsSurface, errorFieldsSurface, failureWhenSurface, retryableStatusesSurface } from "./errors.js";
import { idempotencySurface } from "./idempotency.js";
import { replyBytesSurface, requestHeadBytesSurface } from "./limits.js";
import { descriptionSurface, requestSurface, titleSurface } from "./operation.js";
import { outcomesSurface } from "./outcomes.js";
import { outputsSurface } from "./outputs.js";
import { pageSizeSurface, paginationSurface } from "./pagination.js";
import { paramsSurface } from "./params.js";
import { pollingSurface } from "./polling.js";
import { rateLimitsSurface, requestsPerMinuteSurface } from "./rate-limits.js";
import { errorStatusesSurface } from "./responses.js";
import { routesSurface } from "./routes.js";
import { rulesSurface } from "./rules.js";
import { hostsSurface } from "./server.js";
import { triggersSurface } from "./triggers.js";

declare module "../model/surface-format.js" {
  interface ToolSurface {
    /** How long one call may take, in milliseconds (manifest `timeoutMs`). */
    timeoutMs?: number;
  }
}

// Why a field is not recorded in the surface, where several fields share the reason.
const PRESENTATION = "the block's presentation: no call, parameter or result depends on it";
const SENT_BY_PACKAGE = "a value the package sends itself: callers neither give nor read it";
const NEXT_PAGE = "how the next page is reached: the style is recorded (pagination), the rest is the package's business";
const PARAM_SUBJECT = "recorded as part of the parameter (params)";
const RECEIVER = "how the receiver reads a delivery: what the trigger gives a workflow is recorded (triggers), not how it is found";
const SUBSCRIPTION = "how serve keeps the provider's subscription, through operations the surface records themselves";

/** The runtime's deadline of a call whose operation names none (runtime/call/single-call.ts). */
const DEFAULT_TIMEOUT_MS = 30_000;

/** A shorter deadline may end calls that used to succeed: breaking; a longer one, or the default again where that is longer, a patch. */
const timeoutSurface: ToolEntry<number, LimitChange> = {
  scope: "tool",
  subject: "timeoutMs",
  changes: {
    added: { level: "breaking", rule: "timeout shortened" },
    tightened: { level: "breaking", rule: "timeout shortened" },
    loosened: { level: "patch", rule: "timeout lengthened" },
    removed: { level: "patch", rule: "timeout lengthened" },
  },
  record: (tool) => (tool.timeoutMs === undefined ? {} : { timeoutMs: tool.timeoutMs }),
  read: (t) => t.timeoutMs,
  diff: (a, b, report) => diffMaximum(a, b, report, DEFAULT_TIMEOUT_MS),
};

export const CONCEPTS = {
  auth: {
    wording:
      "**`auth`:** the OpenAPI security scheme and the shared parameter holding the credential (secret): an HTTP bearer token, HTTP basic (`user` names the parameter holding the user id; `Authorization: Basic`, its base64 withheld like the secret), an API key in a header, the query or a cookie, or the access token of an `oauth2` or `openIdConnect` scheme, sent as a bearer token; `also`, schemes sent with it (a requirement of several, such as a key and a secret header); `alternatives`, other ways a call may authenticate instead (a call uses the first whose parameters it gives; each tool offers those its operation accepts); `covers`, the document's own parameters for that credential (a required `token`), which it satisfies and nothing sends.",
    schema: ["auth"],
    tool: { auth: ["runtime/http/credentials.ts", "runtime/call/credential.ts"], anonymous: ["runtime/call/single-call.ts"] },
    surface: { auth: authSurface, security: securitySurface },
    link: null,
    fields: {
      "manifest.auth": { fields: "auth" },
      ...decided({ surface: "auth" }, [
        "auth.scheme",
        "auth.param",
        "auth.user",
        "auth.also",
        "auth.alternatives",
        "authCredential.scheme",
        "authCredential.param",
        "authCredential.user",
        "authWay.scheme",
        "authWay.param",
        "authWay.user",
        "authWay.also",
      ]),
      "auth.covers": { none: "what the credential stands for in the document: nothing is sent for it, and a caller configures nothing" },
    },
  },
  authFlows: {
    wording:
      "**`auth.flows`:** OAuth 2 grants through which the runtime obtains the access token itself and renews it (`clientCredentials`, `refreshToken`, `jwtBearer`): each names its `tokenUrl` (https, its origin fixed; `{param}` placeholders in the path, from parameters with a `pattern`), `scope`, the shared parameters holding the client id, secret, refresh token, subject or private key, `defaultExpiresIn` (the documented lifetime of a token whose answer has no `expires_in`; default 3600 s) and, for `jwtBearer`, the assertion's `audience` as documented (a URI, or `default`, `byTokenHost` and a `param`); `tokenHosts`, where a token URL given at call time may point; `tokenAddressField`, the token answer's field naming the address the token is for (`instance_url`), where calls then go. The credential parameter then is `required: false`.",
    schema: ["auth-flows"],
    tool: { oauth: ["runtime/oauth/flows.ts", "runtime/call/credential.ts"] },
    surface: { "auth.flows": authFlowsSurface },
    link: linkAuthFlows,
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
        "authFlows.refreshToken",
        "authFlows.refreshToken.tokenUrl",
        "authFlows.refreshToken.scope",
        "authFlows.refreshToken.clientId",
        "authFlows.refreshToken.clientSecret",
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
      "**`rateLimits`:** how the upstream throttles, as its documentation says: `resetHeader` (the header telling when a 429's window resets), `quota` (`codes` meaning a quota is used up, read by `from` — every value found, a `*` segment for each item of a list — or else `errors.code`, and `messages`, words of the error message meaning so: never retried, `retryable: false`), `pauseMs` (the wait after a 429 that says nothing of when, doubling on each further 429), `requestsPerMinute` (the request rate it documents for one client, the lowest of its endpoints': kept by every call of one executor and of one workflow run together, and `blockwright verify` spaces its requests by it). A new provider declares its own rather than inherit the runtime's backoff.",
    schema: ["rate-limits"],
    tool: { rateLimits: ["runtime/http/rate-limiter.ts", "runtime/http/upstream-error.ts"] },
    surface: { rateLimits: rateLimitsSurface, "rateLimits.requestsPerMinute": requestsPerMinuteSurface },
    link: null,
    fields: {
      "manifest.rateLimits": { fields: "rateLimits" },
      ...decided({ surface: "rateLimits" }, ["rateLimits.resetHeader", "rateLimits.quota", "rateLimits.quota.from", "rateLimits.quota.codes", "rateLimits.quota.messages", "rateLimits.pauseMs"]),
      "rateLimits.requestsPerMinute": { surface: "rateLimits.requestsPerMinute" },
    },
  },
  server: {
    wording:
      "**`server`:** a fixed `default` address (with the path of the OpenAPI document's server, which every request carries), or a `param` carrying the customer's own (`format: base-url`; the server's path is appended); `hosts`, the host patterns such an address may name besides the default's.",
    schema: ["server"],
    tool: { server: ["runtime/call/base-address.ts", "runtime/http/hosts.ts", "runtime/http/request-size.ts", "runtime/http/read-body.ts"] },
    surface: { hosts: hostsSurface },
    link: null,
    fields: { "manifest.server": { fields: "server" }, ...decided({ surface: "hosts" }, ["server.default", "server.hosts"]), "server.param": { surface: "params" } },
  },
  limits: {
    wording:
      "**`limits`:** `requestHeadBytes`, the size of request line and headers the upstream accepts (a call past it is refused before it is sent, naming the parameter that takes the most room); `replyBytes`, the most reply body a call reads (default 64 MiB; with `allPages`, all pages together; past it the call ends with an `upstream` error `REPLY_TOO_LARGE`).",
    schema: ["limits"],
    tool: {},
    surface: { "limits.requestHeadBytes": requestHeadBytesSurface, "limits.replyBytes": replyBytesSurface },
    link: null,
    fields: { "manifest.limits": { fields: "limits" }, "limits.requestHeadBytes": { surface: "limits.requestHeadBytes" }, "limits.replyBytes": { surface: "limits.replyBytes" } },
  },
  errors: {
    wording: "**`errors`:** expressions for the upstream's `code`, `message` and `requestId`; `details` to carry more fields of the error body; `retryableStatuses`; `failureWhen` for APIs that answer 2xx with a failure in the body.",
    schema: ["errors"],
    tool: { errors: ["runtime/http/upstream-error.ts", "runtime/call/single-call.ts"] },
    surface: { "errors.fields": errorFieldsSurface, "errors.details": errorDetailsSurface, "errors.retryableStatuses": retryableStatusesSurface, "errors.failureWhen": failureWhenSurface },
    link: null,
    fields: {
      "manifest.errors": { fields: "errors" },
      ...decided({ surface: "errors.fields" }, ["errors.code", "errors.message", "errors.requestId"]),
      "errors.retryableStatuses": { surface: "errors.retryableStatuses" },
      "errors.details": { surface: "errors.details" },
      ...decided({ surface: "errors.failureWhen" }, ["errors.failureWhen", "valueTest.from", "valueTest.equals"]),
    },
  },
  operation: {
    wording:
      "**Operations** (`operations`, by tool id): the OpenAPI `operationId` a tool calls, with the `title` and `description` people and models read; the method, the path, the success statuses and the documented answers come from the document.",
    schema: ["provider", "operation"],
    tool: {
      id: ["runtime/llm/llm-tools.ts", "runtime/call/single-call.ts"],
      provider: ["runtime/execute/executor.ts"],
      title: ["runtime/llm/llm-tools.ts"],
      description: ["runtime/llm/llm-tools.ts"],
      operationId: { none: "the upstream operation a tool calls: the generator, the mocks and the contract suite read it; a call goes by method and path" },
      method: ["runtime/http/transport.ts", "runtime/spec/behavior.ts"],
      path: ["runtime/call/build-request.ts"],
      successStatuses: ["runtime/workflow/mock-answer.ts"],
      responses: ["runtime/workflow/mock-answer.ts"],
      defaultResponse: ["runtime/workflow/mock-answer.ts"],
    },
    surface: { title: titleSurface, description: descriptionSurface, request: requestSurface },
    link: null,
    fields: {
      "manifest.provider": { none: "the package's identity: another provider id is another package (diff reports one removed, one new)" },
      ...decided({ none: PRESENTATION }, ["manifest.name", "manifest.description", "manifest.longDescription", "manifest.color", "manifest.category", "manifest.docsUrl"]),
      "manifest.openapi": { none: "where the spec is read: the surface records what it yields, and the file's hash under inputs" },
      "manifest.operations": { fields: "operation" },
      "operation.operationId": { surface: "request" },
      "operation.title": { surface: "title" },
      "operation.description": { surface: "description" },
    },
  },
  params: {
    wording: "**Parameters** (shared `params`, and each operation's): type, `required`, `default` (sent unless `sendDefault: false`), `secret`, `visibility` (`user-only` for what only a person fills in), `placeholder`, `example`.",
    schema: ["params"],
    tool: { params: ["runtime/validate/validate-params.ts", "runtime/call/build-request.ts", "runtime/llm/llm-tools.ts"] },
    surface: { params: paramsSurface },
    link: null,
    fields: {
      ...decided({ fields: "param" }, ["manifest.params", "operation.params"]),
      ...decided({ surface: "params" }, ["param.type", "param.title", "param.description", "param.required", "param.default", "param.secret", "param.visibility", "param.example"]),
      "param.sendDefault": { none: "whether the default travels or is the upstream's own: the call accepts and returns the same" },
      "param.placeholder": { none: PRESENTATION },
    },
  },
  paramLimits: {
    wording:
      "**Limits** of a parameter: `minimum`, `maximum`, `integer`, `minLength`, `maxLength`, `pattern`, `enum`, `format` (`date-time`, `date`, `email`, `uri`, `uuid`, taken from the spec; `base-url`), `separator` (a list of values in one string, e.g. comma-separated values from the enum), `keys`, `values` and `items` (limits of the values inside a `json` object or array, taken from the spec's `additionalProperties` and `items`), `minItems` and `maxItems` (how many items a `json` array holds, taken from the spec), `forbiddenKeys`. A limit may be tighter than the spec's, never looser (`limitsFromSpec` takes the spec's). A string sent in the address or a header needs a maximum length, implied by an enum, a format or a pattern anchored with `^…$` of bounded length, else stated; a credential's default is 4096 characters. Rules that admit no value (a pattern that cannot meet the length bounds) are refused at generate time.",
    schema: ["param-limits"],
    tool: {},
    surface: {},
    link: null,
    fields: {
      ...decided({ surface: "params" }, [
        "param.integer",
        "param.minimum",
        "param.maximum",
        "param.minLength",
        "param.maxLength",
        "param.pattern",
        "param.enum",
        "param.limitsFromSpec",
        "param.caseInsensitive",
        "param.format",
        "param.separator",
        "param.jsonType",
        "param.minItems",
        "param.maxItems",
        "nestedLimits.type",
        "nestedLimits.minLength",
        "nestedLimits.maxLength",
        "nestedLimits.pattern",
        "nestedLimits.format",
        "nestedLimits.enum",
        "nestedLimits.minimum",
        "nestedLimits.maximum",
        "param.forbiddenKeys",
        "param.forbiddenKeys.keys",
        "param.forbiddenKeys.caseInsensitive",
        "param.forbiddenKeys.hint",
      ]),
      "param.patternHint": { none: "wording of the pattern for people and models; the pattern is recorded (params)" },
      ...decided({ fields: "nestedLimits" }, ["param.keys", "param.values", "param.items"]),
    },
  },
  wire: {
    wording:
      '**Wire placement** (`wire`): `path`, `query` or `header` (with `name` when the wire name differs, `escape` for quoting); `body` at a JSON `pointer` (`""` is the whole body; `split`, `wrapUnlessKey`); or `switch`, a boolean that adds constant wire values when true. The body is written in the media type the spec gives: JSON (including vendor `+json` types, sent as that Content-Type) or `application/x-www-form-urlencoded`, following the spec\'s `encoding` (`deepObject`, `form`, `explode`).',
    schema: ["wire"],
    tool: { body: ["runtime/call/build-request.ts", "runtime/http/transport.ts"] },
    surface: {},
    link: null,
    fields: {
      ...decided({ surface: "params" }, ["param.wire", "wireNamed.in", "wireNamed.name", "wireBody.in", "wireBody.pointer", "wireBody.split", "wireBody.split.separator", "wireBody.split.maxItems", "wireSwitch.in"]),
      "wireNamed.escape": { none: `how a value is quoted on the wire; the placement is ${PARAM_SUBJECT}` },
      "wireBody.wrapUnlessKey": { none: `how a JSON value is wrapped in the body, whatever the caller gives; the placement is ${PARAM_SUBJECT}` },
      "wireSwitch.whenTrue": { none: SENT_BY_PACKAGE },
    },
  },
  constants: {
    wording:
      "**Constants:** provider-wide `constants` (headers or query values every call sends, e.g. an API version or a vendor `Accept` type: it must admit a media type each operation's success response offers) and per-operation `constants`. Keys starting with `x-` are ignored by the linker: use them to hold YAML anchors shared by several operations (`x-anchors: { owner: &owner {…} }`, then `owner: *owner`).",
    schema: ["constants"],
    tool: { constants: ["runtime/call/build-request.ts"] },
    surface: {},
    link: null,
    fields: { ...decided({ none: SENT_BY_PACKAGE }, ["manifest.constants", "constant.in", "constant.name", "constant.value", "constant.pointer", "operation.constants"]) },
  },
  rules: {
    wording: "**`rules`** across parameters: `exactlyOne`, `anyOf` (at least one group), `allowedValues` (values depending on another parameter), `dependentLimits` (limits depending on another parameter).",
    schema: ["rules"],
    tool: { rules: ["runtime/validate/cross-field-rules.ts", "runtime/llm/wording.ts"] },
    surface: { rules: rulesSurface },
    link: null,
    fields: { ...decided({ surface: "rules" }, ["operation.rules", "rule.rule", "rule.params", "rule.groups", "rule.param", "rule.dependsOn", "rule.values", "rule.limits"]) },
  },
  outputs: {
    wording:
      '**Outputs:** runtime expressions (`$response.body#/pointer`, `-1` indexing a list\'s last item, `$response.header.<name>`, `$statusCode`, `$params.name`) or constants, with `count`, `default` and `omit`. A pointer (of a body field too) reads through `anyOf`/`oneOf`: an output only some variants carry is absent from the others, and its description says which. `outcomes` turn a non-2xx status into a result (a 404 meaning "no match").',
    schema: ["outputs", "outcomes"],
    tool: { outputs: ["runtime/call/single-call.ts", "runtime/llm/llm-tools.ts"], outcomes: ["runtime/call/single-call.ts", "runtime/llm/llm-tools.ts"] },
    surface: { outputs: outputsSurface, outcomes: outcomesSurface, errorStatuses: errorStatusesSurface },
    link: null,
    fields: {
      ...decided({ surface: "outputs" }, ["operation.outputs", "output.type", "output.description", "output.optional", "outputSource.from", "outputSource.value", "outputSource.count", "outputSource.default", "outputSource.omit"]),
      "operation.outcomes": { surface: "outcomes" },
      "outcome.description": { none: "text of the result a status becomes; the status is recorded (outcomes)" },
      "outcome.outputs": { none: "where an outcome's outputs come from: the outputs, their types and the status are recorded (outputs, outcomes)" },
    },
  },
  polling: {
    wording: "**`polling`:** job-status operations: pending and terminal states, interval, `minIntervalMs`, timeout.",
    schema: ["polling"],
    tool: { polling: ["runtime/workflow/run.ts", "runtime/llm/wording.ts"] },
    surface: { polling: pollingSurface },
    link: null,
    fields: { ...decided({ surface: "polling" }, ["operation.polling", "polling.output", "polling.pending", "polling.terminal", "polling.intervalMs", "polling.minIntervalMs", "polling.timeoutMs"]) },
  },
  pagination: {
    wording:
      '**Pagination** per list operation, by `style`: `cursor` (a value of the reply sent back), `nextUrl` (an address in the body), `linkHeader` (`rel="next"`), `offset`, `page` (a page number); with `items` (the list outputs gathered), and optional `more` and `total`. `pageSize` (cursor, offset and page) names the parameter giving a page\'s size: under `maxItems` the last page asks only for the items still missing, so that no more is fetched, or billed, than is kept.',
    schema: ["pagination"],
    tool: { pagination: ["runtime/paging/paginate.ts"] },
    surface: { pagination: paginationSurface, "pagination.pageSize": pageSizeSurface },
    link: null,
    fields: {
      ...decided({ surface: "pagination" }, ["operation.pagination", "pagination.style", "pagination.items"]),
      "pagination.pageSize": { surface: "pagination.pageSize" },
      ...decided({ none: NEXT_PAGE }, ["pagination.cursor", "pagination.send", "pagination.more", "pagination.total", "pagination.url", "pagination.start", "pageTarget.in", "pageTarget.name", "pageTarget.pointer"]),
    },
  },
  routes: {
    wording: "**`routes`:** another OpenAPI operation serves the tool when a parameter's value matches a pattern.",
    schema: ["routes"],
    tool: { routes: ["runtime/call/build-request.ts"] },
    surface: { routes: routesSurface },
    link: null,
    fields: { ...decided({ surface: "routes" }, ["operation.routes", "route.when", "route.when.param", "route.when.pattern", "route.operationId", "route.wire"]) },
  },
  idempotency: {
    wording: "**`idempotency`:** the header in which the upstream takes an idempotency key (`methods`, default POST). Each call sends a new key, the same on every retry.",
    schema: ["idempotency"],
    tool: { idempotency: ["runtime/call/single-call.ts", "runtime/spec/behavior.ts"] },
    surface: { idempotency: idempotencySurface },
    link: null,
    fields: { "manifest.idempotency": { fields: "idempotency" }, ...decided({ surface: "idempotency" }, ["idempotency.header", "idempotency.methods"]) },
  },
  behavior: {
    wording: "**`behavior`:** read-only, destructive, idempotent, open-world, where the method misleads.",
    schema: ["behavior"],
    tool: { behavior: ["runtime/spec/behavior.ts"] },
    surface: {},
    link: linkBehavior,
    fields: {
      "operation.behavior": { none: "hints to agents (MCP annotations) where the method misleads: what a call accepts and returns is unchanged" },
      ...decided({ none: "a hint to agents, as behavior" }, ["operation.behavior.readOnly", "operation.behavior.destructive", "operation.behavior.idempotent", "operation.behavior.openWorld"]),
    },
  },
  deprecated: {
    wording:
      "**`deprecated`:** a tool on its way out, with a note saying why and what to use instead (required where the OpenAPI operation is `deprecated: true`): `blockwright diff` reports it, and models read it at the end of the tool's description.",
    schema: ["deprecated"],
    tool: { deprecated: ["runtime/llm/wording.ts"] },
    surface: { deprecated: deprecatedSurface },
    link: linkDeprecated,
    fields: { "operation.deprecated": { surface: "deprecated" } },
  },
  timeout: {
    wording:
      "**`timeoutMs`** (per operation): how long one call may take, retries and the access token included, where the upstream documents a slower (or faster) answer than the runtime's default of 30 s; a caller's own `timeoutMs` option still wins. `blockwright diff` calls a shorter one breaking.",
    schema: ["timeout"],
    tool: { timeoutMs: ["runtime/call/single-call.ts"] },
    surface: { timeoutMs: timeoutSurface },
    link: (_ctx, _at, mop) => (mop.timeoutMs === undefined ? {} : { timeoutMs: mop.timeoutMs }),
    fields: { "operation.timeoutMs": { surface: "timeoutMs" } },
  },
  files: {
    wording:
      "**Files:** a parameter of `type: file` is a part of a multipart/form-data body (the part `file` where the document's multipart body is one file naming no part) or, at `pointer: \"\"`, the whole body when the document's body is raw bytes such as `application/octet-stream` or `image/*`; given as bytes in code, a path on the command line and in workflows, or an https address (the only form models are offered), held to `maxBytes` before any request; `download: true` reads an operation's file answer (or a redirect to it, followed without the credential) into the outputs `content`, `contentType`, `size` and `filename`, within `limits.replyBytes`.",
    schema: ["files"],
    tool: { download: ["runtime/call/download.ts", "runtime/call/single-call.ts"] },
    surface: {},
    link: null,
    fields: { "param.maxBytes": { surface: "params" }, "param.contentType": { none: "the type a file's part carries when its value names none: what a call accepts and returns is unchanged" }, "operation.download": { surface: "outputs" } },
  },
  names: {
    wording:
      "**Names:** the provider id, operation ids, parameter and output names follow the schema's patterns, so each makes identifiers and a folder name; the link also refuses two operation ids that give one TypeScript name (`acme_get_1`, `acme_get1`), a parameter named `operation` (the block's operation selector) and an output that holds others (`metadata` beside `metadata.count`).",
    schema: [],
    tool: {},
    surface: {},
    link: null,
  },
  triggers: {
    wording:
      "**`triggers`:** events that start a workflow, by id: a `webhook` the provider sends, or a `callback` an operation registers; how a delivery is authenticated (`hmac`, `sharedSecret`, `standardWebhooks`), found and acknowledged, the `outputs` it gives the workflow, and the `subscription` that `blockwright serve` keeps.",
    schema: ["triggers"],
    tool: {},
    surface: { triggers: triggersSurface },
    link: null,
    fields: {
      "manifest.triggers": { fields: "trigger" },
      ...decided({ none: PRESENTATION }, ["trigger.title", "trigger.description"]),
      ...decided({ surface: "triggers" }, [
        "trigger.event",
        "trigger.event.webhook",
        "trigger.event.callback",
        "trigger.event.callback.operation",
        "trigger.event.callback.name",
        "trigger.secret",
        "trigger.outputs",
        "triggerAuthentication.hmac",
        "triggerAuthentication.hmac.algorithm",
        "triggerAuthentication.hmac.encoding",
        "triggerAuthentication.hmac.header",
        "triggerAuthentication.hmac.pairs",
        "triggerAuthentication.hmac.pairs.signature",
        "triggerAuthentication.hmac.pairs.timestamp",
        "triggerAuthentication.hmac.prefix",
        "triggerAuthentication.hmac.secretEncoding",
        "triggerAuthentication.hmac.signedText",
        "triggerAuthentication.hmac.timestamp",
        "triggerAuthentication.hmac.timestamp.header",
        "triggerAuthentication.hmac.timestamp.toleranceSeconds",
        "triggerAuthentication.sharedSecret",
        "triggerAuthentication.sharedSecret.pointer",
        "triggerAuthentication.standardWebhooks",
        "triggerAuthentication.standardWebhooks.toleranceSeconds",
      ]),
      ...decided({ none: RECEIVER }, ["trigger.items", "trigger.match", "trigger.handshakes", "trigger.handshakes.echoQuery", "trigger.handshakes.echoHeader", "trigger.eventId", "trigger.acknowledge", "trigger.maxBodyBytes"]),
      "trigger.authentication": { fields: "triggerAuthentication" },
      "trigger.subscription": { fields: "triggerSubscription" },
      ...decided({ none: SUBSCRIPTION }, [
        "triggerSubscription.create",
        "triggerSubscription.renew",
        "triggerSubscription.delete",
        "triggerSubscription.id",
        "triggerSubscription.lifetimeMinutes",
        "triggerStep.operation",
        "triggerStep.inputs",
      ]),
    },
  },
} as const satisfies Record<string, ConceptRecord>;
