// The registry of the manifest's concepts. OPERATION_PARTS: the concepts
// that add to a tool what its operation alone gives. SURFACE_ENTRIES: what
// each concept records of the package, and how each kind of change of it is
// classified. FIELDS: a decision for every field of the manifest — recorded
// by an entry, or not recorded, and why — keyed by ManifestField (the build
// lists every field of specs/manifest.schema.json there): a field added to a
// concept's schema fragment without a decision here does not compile.
import type { ManifestField } from "../load/precompiled/manifest-types.js";
import type { ProviderEntry, SurfaceEntry, ToolEntry } from "../model/surface-entry.js";
import { authSurface } from "./auth.js";
import { authFlowsSurface, linkAuthFlows } from "./auth-flows.js";
import { linkBehavior } from "./behavior.js";
import { deprecatedSurface, linkDeprecated } from "./deprecated.js";
import { errorDetailsSurface, errorFieldsSurface, failureWhenSurface, retryableStatusesSurface } from "./errors.js";
import { idempotencySurface } from "./idempotency.js";
import { replyBytesSurface, requestHeadBytesSurface } from "./limits.js";
import { descriptionSurface, type OperationPart, requestSurface, titleSurface } from "./operation.js";
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

/** The concepts that add to a tool what its operation alone gives, in the order their fields are added. */
export const OPERATION_PARTS: readonly OperationPart[] = [linkBehavior, linkDeprecated, linkAuthFlows];

/** Every surface entry by its name (in a surface's `concepts`), in the order diff reports their changes. */
export const SURFACE_ENTRIES = {
  auth: authSurface,
  "auth.flows": authFlowsSurface,
  rateLimits: rateLimitsSurface,
  "rateLimits.requestsPerMinute": requestsPerMinuteSurface,
  hosts: hostsSurface,
  "limits.requestHeadBytes": requestHeadBytesSurface,
  "limits.replyBytes": replyBytesSurface,
  "errors.fields": errorFieldsSurface,
  "errors.details": errorDetailsSurface,
  "errors.retryableStatuses": retryableStatusesSurface,
  "errors.failureWhen": failureWhenSurface,
  title: titleSurface,
  description: descriptionSurface,
  request: requestSurface,
  params: paramsSurface,
  rules: rulesSurface,
  outputs: outputsSurface,
  outcomes: outcomesSurface,
  errorStatuses: errorStatusesSurface,
  polling: pollingSurface,
  pagination: paginationSurface,
  "pagination.pageSize": pageSizeSurface,
  routes: routesSurface,
  idempotency: idempotencySurface,
  deprecated: deprecatedSurface,
} as const satisfies Record<string, SurfaceEntry>;

export type SurfaceEntryName = keyof typeof SURFACE_ENTRIES;

const named = Object.entries(SURFACE_ENTRIES) as [SurfaceEntryName, SurfaceEntry][];
export const CONCEPT_NAMES: readonly SurfaceEntryName[] = named.map(([name]) => name).sort();
export const PROVIDER_ENTRIES = named.filter((e): e is [SurfaceEntryName, ProviderEntry] => e[1].scope === "provider");
export const TOOL_ENTRIES = named.filter((e): e is [SurfaceEntryName, ToolEntry] => e[1].scope === "tool");

/** A definition of the manifest schema: the part of a field's name before its first dot (`param` of `param.minimum`). */
type Definition = ManifestField extends `${infer D}.${string}` ? D : never;

/**
 * What the surface does with a manifest field: an entry records it (and
 * classifies its changes); it holds a definition whose fields are decided
 * one by one; or it is not recorded, for the reason given. A field of a
 * definition used in several places is recorded where its holder is.
 */
export type FieldDecision = { surface: SurfaceEntryName } | { fields: Definition } | { none: string };

const PRESENTATION = "the block's presentation: no call, parameter or result depends on it";
const SENT_BY_PACKAGE = "a value the package sends itself: callers neither give nor read it";
const NEXT_PAGE = "how the next page is reached: the style is recorded (pagination), the rest is the package's business";
const PARAM_SUBJECT = "recorded as part of the parameter (params)";

export const FIELDS = {
  "manifest.provider": { none: "the package's identity: another provider id is another package (diff reports one removed, one new)" },
  "manifest.name": { none: PRESENTATION },
  "manifest.description": { none: PRESENTATION },
  "manifest.longDescription": { none: PRESENTATION },
  "manifest.color": { none: PRESENTATION },
  "manifest.category": { none: PRESENTATION },
  "manifest.docsUrl": { none: PRESENTATION },
  "manifest.openapi": { none: "where the spec is read: the surface records what it yields, and the file's hash under inputs" },
  "manifest.server": { fields: "server" },
  "manifest.limits": { fields: "limits" },
  "manifest.auth": { fields: "auth" },
  "manifest.errors": { fields: "errors" },
  "manifest.rateLimits": { fields: "rateLimits" },
  "manifest.constants": { none: SENT_BY_PACKAGE },
  "manifest.idempotency": { fields: "idempotency" },
  "manifest.params": { fields: "param" },
  "manifest.operations": { fields: "operation" },
  "server.default": { surface: "hosts" },
  "server.param": { surface: "params" },
  "server.hosts": { surface: "hosts" },
  "limits.requestHeadBytes": { surface: "limits.requestHeadBytes" },
  "limits.replyBytes": { surface: "limits.replyBytes" },
  "auth.scheme": { surface: "auth" },
  "auth.param": { surface: "auth" },
  "auth.user": { surface: "auth" },
  "auth.also": { surface: "auth" },
  "auth.alternatives": { surface: "auth" },
  "authCredential.scheme": { surface: "auth" },
  "authCredential.param": { surface: "auth" },
  "authCredential.user": { surface: "auth" },
  "authWay.scheme": { surface: "auth" },
  "authWay.param": { surface: "auth" },
  "authWay.user": { surface: "auth" },
  "authWay.also": { surface: "auth" },
  "auth.covers": { none: "what the credential stands for in the document: nothing is sent for it, and a caller configures nothing" },
  "auth.flows": { fields: "authFlows" },
  "auth.tokenHosts": { surface: "auth.flows" },
  "auth.tokenAddressField": { surface: "auth.flows" },
  "authFlows.clientCredentials.defaultExpiresIn": { surface: "auth.flows" },
  "authFlows.refreshToken.defaultExpiresIn": { surface: "auth.flows" },
  "authFlows.jwtBearer.defaultExpiresIn": { surface: "auth.flows" },
  "jwtAudience.default": { surface: "auth.flows" },
  "jwtAudience.byTokenHost": { surface: "auth.flows" },
  "jwtAudience.param": { surface: "auth.flows" },
  "authFlows.clientCredentials": { surface: "auth.flows" },
  "authFlows.clientCredentials.tokenUrl": { surface: "auth.flows" },
  "authFlows.clientCredentials.scope": { surface: "auth.flows" },
  "authFlows.clientCredentials.clientId": { surface: "auth.flows" },
  "authFlows.clientCredentials.clientSecret": { surface: "auth.flows" },
  "authFlows.refreshToken": { surface: "auth.flows" },
  "authFlows.refreshToken.tokenUrl": { surface: "auth.flows" },
  "authFlows.refreshToken.scope": { surface: "auth.flows" },
  "authFlows.refreshToken.clientId": { surface: "auth.flows" },
  "authFlows.refreshToken.clientSecret": { surface: "auth.flows" },
  "authFlows.refreshToken.refreshToken": { surface: "auth.flows" },
  "authFlows.jwtBearer": { surface: "auth.flows" },
  "authFlows.jwtBearer.tokenUrl": { surface: "auth.flows" },
  "authFlows.jwtBearer.scope": { surface: "auth.flows" },
  "authFlows.jwtBearer.clientId": { surface: "auth.flows" },
  "authFlows.jwtBearer.subject": { surface: "auth.flows" },
  "authFlows.jwtBearer.privateKey": { surface: "auth.flows" },
  "authFlows.jwtBearer.audience": { surface: "auth.flows" },
  "errors.code": { surface: "errors.fields" },
  "errors.message": { surface: "errors.fields" },
  "errors.requestId": { surface: "errors.fields" },
  "errors.retryableStatuses": { surface: "errors.retryableStatuses" },
  "errors.details": { surface: "errors.details" },
  "errors.failureWhen": { surface: "errors.failureWhen" },
  "valueTest.from": { surface: "errors.failureWhen" },
  "valueTest.equals": { surface: "errors.failureWhen" },
  "rateLimits.resetHeader": { surface: "rateLimits" },
  "rateLimits.quota": { surface: "rateLimits" },
  "rateLimits.quota.from": { surface: "rateLimits" },
  "rateLimits.quota.codes": { surface: "rateLimits" },
  "rateLimits.quota.messages": { surface: "rateLimits" },
  "rateLimits.pauseMs": { surface: "rateLimits" },
  "rateLimits.requestsPerMinute": { surface: "rateLimits.requestsPerMinute" },
  "constant.in": { none: SENT_BY_PACKAGE },
  "constant.name": { none: SENT_BY_PACKAGE },
  "constant.value": { none: SENT_BY_PACKAGE },
  "constant.pointer": { none: SENT_BY_PACKAGE },
  "idempotency.header": { surface: "idempotency" },
  "idempotency.methods": { surface: "idempotency" },
  "operation.operationId": { surface: "request" },
  "operation.routes": { surface: "routes" },
  "operation.title": { surface: "title" },
  "operation.description": { surface: "description" },
  "operation.deprecated": { surface: "deprecated" },
  "operation.params": { fields: "param" },
  "operation.constants": { none: SENT_BY_PACKAGE },
  "operation.rules": { surface: "rules" },
  "operation.outputs": { surface: "outputs" },
  "operation.outcomes": { surface: "outcomes" },
  "operation.polling": { surface: "polling" },
  "operation.behavior": { none: "hints to agents (MCP annotations) where the method misleads: what a call accepts and returns is unchanged" },
  "operation.behavior.readOnly": { none: "a hint to agents, as behavior" },
  "operation.behavior.destructive": { none: "a hint to agents, as behavior" },
  "operation.behavior.idempotent": { none: "a hint to agents, as behavior" },
  "operation.behavior.openWorld": { none: "a hint to agents, as behavior" },
  "operation.pagination": { surface: "pagination" },
  "route.when": { surface: "routes" },
  "route.when.param": { surface: "routes" },
  "route.when.pattern": { surface: "routes" },
  "route.operationId": { surface: "routes" },
  "route.wire": { surface: "routes" },
  "rule.rule": { surface: "rules" },
  "rule.params": { surface: "rules" },
  "rule.groups": { surface: "rules" },
  "rule.param": { surface: "rules" },
  "rule.dependsOn": { surface: "rules" },
  "rule.values": { surface: "rules" },
  "rule.limits": { surface: "rules" },
  "output.type": { surface: "outputs" },
  "output.description": { surface: "outputs" },
  "output.optional": { surface: "outputs" },
  "outputSource.from": { surface: "outputs" },
  "outputSource.value": { surface: "outputs" },
  "outputSource.count": { surface: "outputs" },
  "outputSource.default": { surface: "outputs" },
  "outputSource.omit": { surface: "outputs" },
  "outcome.description": { none: "text of the result a status becomes; the status is recorded (outcomes)" },
  "outcome.outputs": { none: "where an outcome's outputs come from: the outputs, their types and the status are recorded (outputs, outcomes)" },
  "polling.output": { surface: "polling" },
  "polling.pending": { surface: "polling" },
  "polling.terminal": { surface: "polling" },
  "polling.intervalMs": { surface: "polling" },
  "polling.minIntervalMs": { surface: "polling" },
  "polling.timeoutMs": { surface: "polling" },
  "pagination.style": { surface: "pagination" },
  "pagination.items": { surface: "pagination" },
  "pagination.pageSize": { surface: "pagination.pageSize" },
  "pagination.cursor": { none: NEXT_PAGE },
  "pagination.send": { none: NEXT_PAGE },
  "pagination.more": { none: NEXT_PAGE },
  "pagination.total": { none: NEXT_PAGE },
  "pagination.url": { none: NEXT_PAGE },
  "pagination.start": { none: NEXT_PAGE },
  "pageTarget.in": { none: NEXT_PAGE },
  "pageTarget.name": { none: NEXT_PAGE },
  "pageTarget.pointer": { none: NEXT_PAGE },
  "param.type": { surface: "params" },
  "param.title": { surface: "params" },
  "param.description": { surface: "params" },
  "param.required": { surface: "params" },
  "param.default": { surface: "params" },
  "param.sendDefault": { none: "whether the default travels or is the upstream's own: the call accepts and returns the same" },
  "param.integer": { surface: "params" },
  "param.minimum": { surface: "params" },
  "param.maximum": { surface: "params" },
  "param.minLength": { surface: "params" },
  "param.maxLength": { surface: "params" },
  "param.pattern": { surface: "params" },
  "param.patternHint": { none: "wording of the pattern for people and models; the pattern is recorded (params)" },
  "param.enum": { surface: "params" },
  "param.limitsFromSpec": { surface: "params" },
  "param.caseInsensitive": { surface: "params" },
  "param.format": { surface: "params" },
  "param.separator": { surface: "params" },
  "param.jsonType": { surface: "params" },
  "param.minItems": { surface: "params" },
  "param.maxItems": { surface: "params" },
  "param.keys": { fields: "nestedLimits" },
  "param.values": { fields: "nestedLimits" },
  "param.items": { fields: "nestedLimits" },
  "nestedLimits.type": { surface: "params" },
  "nestedLimits.minLength": { surface: "params" },
  "nestedLimits.maxLength": { surface: "params" },
  "nestedLimits.pattern": { surface: "params" },
  "nestedLimits.format": { surface: "params" },
  "nestedLimits.enum": { surface: "params" },
  "nestedLimits.minimum": { surface: "params" },
  "nestedLimits.maximum": { surface: "params" },
  "param.forbiddenKeys": { surface: "params" },
  "param.forbiddenKeys.keys": { surface: "params" },
  "param.forbiddenKeys.caseInsensitive": { surface: "params" },
  "param.forbiddenKeys.hint": { surface: "params" },
  "param.secret": { surface: "params" },
  "param.visibility": { surface: "params" },
  "param.placeholder": { none: PRESENTATION },
  "param.example": { surface: "params" },
  "param.wire": { surface: "params" },
  "param.maxBytes": { surface: "params" },
  "param.contentType": { none: "the type a file's part carries when its value names none: what a call accepts and returns is unchanged" },
  "operation.download": { surface: "outputs" },
  "wireNamed.in": { surface: "params" },
  "wireNamed.name": { surface: "params" },
  "wireNamed.escape": { none: `how a value is quoted on the wire; the placement is ${PARAM_SUBJECT}` },
  "wireBody.in": { surface: "params" },
  "wireBody.pointer": { surface: "params" },
  "wireBody.split": { surface: "params" },
  "wireBody.split.separator": { surface: "params" },
  "wireBody.split.maxItems": { surface: "params" },
  "wireBody.wrapUnlessKey": { none: `how a JSON value is wrapped in the body, whatever the caller gives; the placement is ${PARAM_SUBJECT}` },
  "wireSwitch.in": { surface: "params" },
  "wireSwitch.whenTrue": { none: SENT_BY_PACKAGE },
} as const satisfies Record<ManifestField, FieldDecision>;
