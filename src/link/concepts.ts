// The tables the generator reads, derived from the concept records
// (concept-records.ts): SURFACE_ENTRIES, what each concept records of the
// package and how each kind of change of it is classified; OPERATION_PARTS,
// the concepts that add to a tool what its operation alone gives. FIELDS: a
// decision for every field of the manifest — recorded by an entry, or not
// recorded, and why — keyed by ManifestField (the build lists every field of
// specs/manifest.schema.json there): a field added to a concept's schema
// fragment without a decision here or in its record does not compile. Nor does
// a schema fragment, or a field of the tool definition, that no record claims.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { ManifestField, SchemaFragment } from "../load/precompiled/manifest-types.js";
import type { ProviderEntry, SurfaceEntry, ToolEntry } from "../model/surface-entry.js";
import type { ConceptRecord, RecordFieldDecision } from "./concept-record.js";
import { CONCEPTS } from "./concept-records.js";
import type { OperationPart } from "./operation.js";

export { CONCEPTS };
export type ConceptName = keyof typeof CONCEPTS;
type Records = (typeof CONCEPTS)[ConceptName];

const records: [ConceptName, ConceptRecord][] = Object.entries(CONCEPTS) as [ConceptName, ConceptRecord][];

/** The concepts that add to a tool what its operation alone gives, in the order their fields are added. */
export const OPERATION_PARTS: readonly OperationPart[] = records.flatMap(([, r]) => (r.link ? [r.link] : []));

/** Every surface entry by its name (in a surface's `concepts`), in the order diff reports their changes. */
export const SURFACE_ENTRIES = Object.assign({}, ...records.map(([, r]) => r.surface)) as UnionToIntersection<Records["surface"]>;

export type SurfaceEntryName = keyof typeof SURFACE_ENTRIES & string;

const named = Object.entries(SURFACE_ENTRIES) as [SurfaceEntryName, SurfaceEntry][];
export const CONCEPT_NAMES: readonly SurfaceEntryName[] = named.map(([name]) => name).sort();
export const PROVIDER_ENTRIES = named.filter((e): e is [SurfaceEntryName, ProviderEntry] => e[1].scope === "provider");
export const TOOL_ENTRIES = named.filter((e): e is [SurfaceEntryName, ToolEntry] => e[1].scope === "tool");

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

// Completeness, checked by the compiler: each object below must have a key
// for every schema fragment, tool field and manifest field no record (and,
// for fields, no row of FIELDS) claims — so it does not compile, naming the
// key, until the concept's record has it.
export type Unclaimed<All extends PropertyKey, Claimed> = { readonly [K in Exclude<All, Claimed>]: "claimed by no concept record (link/concept-records.ts)" };
export type FragmentsClaimed = Records["schema"][number];
export type ToolFieldsClaimed = { [C in ConceptName]: keyof (typeof CONCEPTS)[C]["tool"] }[ConceptName];
type RecordFields = { [C in ConceptName]: (typeof CONCEPTS)[C] extends { fields: infer F } ? keyof F : never }[ConceptName];
export const UNCLAIMED_FRAGMENTS: Unclaimed<SchemaFragment, FragmentsClaimed> = {};
export const UNCLAIMED_TOOL_FIELDS: Unclaimed<keyof ToolSpec, ToolFieldsClaimed> = {};

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
const RECEIVER = "how the receiver reads a delivery: what the trigger gives a workflow is recorded (triggers), not how it is found";
const SUBSCRIPTION = "how serve keeps the provider's subscription, through operations the surface records themselves";

const FIELD_ROWS = {
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
  "manifest.triggers": { fields: "trigger" },
  "trigger.title": { none: PRESENTATION },
  "trigger.description": { none: PRESENTATION },
  "trigger.event": { surface: "triggers" },
  "trigger.event.webhook": { surface: "triggers" },
  "trigger.event.callback": { surface: "triggers" },
  "trigger.event.callback.operation": { surface: "triggers" },
  "trigger.event.callback.name": { surface: "triggers" },
  "trigger.items": { none: RECEIVER },
  "trigger.match": { none: RECEIVER },
  "trigger.authentication": { fields: "triggerAuthentication" },
  "trigger.secret": { surface: "triggers" },
  "trigger.handshakes": { none: RECEIVER },
  "trigger.handshakes.echoQuery": { none: RECEIVER },
  "trigger.handshakes.echoHeader": { none: RECEIVER },
  "trigger.eventId": { none: RECEIVER },
  "trigger.acknowledge": { none: RECEIVER },
  "trigger.maxBodyBytes": { none: RECEIVER },
  "trigger.outputs": { surface: "triggers" },
  "trigger.subscription": { fields: "triggerSubscription" },
  "triggerAuthentication.hmac": { surface: "triggers" },
  "triggerAuthentication.hmac.algorithm": { surface: "triggers" },
  "triggerAuthentication.hmac.encoding": { surface: "triggers" },
  "triggerAuthentication.hmac.header": { surface: "triggers" },
  "triggerAuthentication.hmac.pairs": { surface: "triggers" },
  "triggerAuthentication.hmac.pairs.signature": { surface: "triggers" },
  "triggerAuthentication.hmac.pairs.timestamp": { surface: "triggers" },
  "triggerAuthentication.hmac.prefix": { surface: "triggers" },
  "triggerAuthentication.hmac.secretEncoding": { surface: "triggers" },
  "triggerAuthentication.hmac.signedText": { surface: "triggers" },
  "triggerAuthentication.hmac.timestamp": { surface: "triggers" },
  "triggerAuthentication.hmac.timestamp.header": { surface: "triggers" },
  "triggerAuthentication.hmac.timestamp.toleranceSeconds": { surface: "triggers" },
  "triggerAuthentication.sharedSecret": { surface: "triggers" },
  "triggerAuthentication.sharedSecret.pointer": { surface: "triggers" },
  "triggerAuthentication.standardWebhooks": { surface: "triggers" },
  "triggerAuthentication.standardWebhooks.toleranceSeconds": { surface: "triggers" },
  "triggerSubscription.create": { none: SUBSCRIPTION },
  "triggerSubscription.renew": { none: SUBSCRIPTION },
  "triggerSubscription.delete": { none: SUBSCRIPTION },
  "triggerSubscription.id": { none: SUBSCRIPTION },
  "triggerSubscription.lifetimeMinutes": { none: SUBSCRIPTION },
  "triggerStep.operation": { none: SUBSCRIPTION },
  "triggerStep.inputs": { none: SUBSCRIPTION },
} as const satisfies Partial<Record<ManifestField, FieldDecision>>;

export const UNCLAIMED_FIELDS: Unclaimed<ManifestField, keyof typeof FIELD_ROWS | RecordFields> = {};

/** A decision for every field of the manifest: the rows above, and those the records carry. */
export const FIELDS = Object.assign({}, FIELD_ROWS, ...records.map(([, r]) => r.fields ?? {})) as Record<ManifestField, FieldDecision>;

/** A record's decision names a surface entry of some record (checked here, where the entries' names are known). */
type RecordSurfaceNames = { [C in ConceptName]: (typeof CONCEPTS)[C] extends { fields: infer F } ? { [K in keyof F]: F[K] extends { surface: infer S } ? S : never }[keyof F] : never }[ConceptName];
export const UNKNOWN_SURFACE_NAMES: Unclaimed<RecordSurfaceNames, SurfaceEntryName> = {};
export type { RecordFieldDecision };
