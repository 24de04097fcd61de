// One operation of the manifest, linked: its OpenAPI operation, then each
// concept in turn (parameters and their placement, constants, rules,
// outputs, routes, outcomes, polling, pagination, the body's media type,
// idempotency), assembled into the tool definition and its types. The operation found: found-operation.ts; what it
// answers (statuses, outputs, type names): operation-outputs.ts.
import type {
  AuthSpec,
  ErrorSpec,
  OutputSpec,
  ParamSpec,
  RateLimitSpec,
  RuleSpec,
  ToolSpec,
} from "@blockwright/runtime/internal";
import type { OperationIR } from "../../model/ir.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { ToolEntry } from "../../model/surface-entry.js";
import { acceptedAuth, authOf, credentialSender, manifestWays, requirementWords, wayScheme } from "../auth/auth.js";
import { placesNone } from "../auth/places-only.js";
import { linkBody } from "../wire/body.js";
import { linkFileParams } from "../files/files.js";
import { checkAccept, linkConstant, providerConstants } from "../constants/constants.js";
import type { LinkContext, Path, OperationPart } from "../context.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import { checkCoverage, takesOptionalCredential } from "../params/coverage.js";
import { takesNoCredential } from "../auth/credential-places.js";
import { declaredDefault, declaredResponses } from "./responses.js";
import { idempotencySender, linkIdempotency } from "../idempotency/idempotency.js";
import { linkOutcomes } from "../outputs/outcomes.js";
import { linkPagination } from "../pagination/pagination.js";
import { linkParams } from "../params/params.js";
import { linkPolling } from "../polling/polling.js";
import { linkRoutes } from "../routes/routes.js";
import { linkRule } from "../rules/rules.js";
import { serverOf } from "../server/server.js";
import { operationServer } from "../server/operation-server.js";
import { withOwnAddress } from "../server/operation-instance.js";
import { checkCredentialBodyFields, checkWireSlots, paramSenders, type SlotSender, slotSender } from "../wire/wire.js";
import { findOperation } from "./found-operation.js";
import { linkOutputs, operationTypes, outputStatuses, successStatusesOf } from "./operation-outputs.js";

/** An RFC 9457 problem's media type (`application/problem+json`, or a vendor's `…+problem+json`). */
const PROBLEM_JSON = /\bproblem\+json\b/i;

/**
 * A concept's part of a tool that needs only its operation, listed in
 * link/concepts.ts (OPERATION_PARTS): each adds its fields to the tool, in
 * order, after polling.
 */
/**
 * The tool fields linkOperation fills itself (checked there, against what it
 * builds); each other field is a concept's part (link/concepts.ts does not
 * compile while a field is filled by neither, naming it).
 */
export type LinkedHere =
  | "id"
  | "provider"
  | "title"
  | "description"
  | "operationId"
  | "method"
  | "path"
  | "server"
  | "auth"
  | "anonymous"
  | "authOptional"
  | "params"
  | "routes"
  | "constants"
  | "rules"
  | "successStatuses"
  | "responses"
  | "defaultResponse"
  | "outputs"
  | "answerText"
  | "outcomes"
  | "errors"
  | "rateLimits"
  | "polling"
  | "body"
  | "idempotency"
  | "pagination"
  | "download"
  | "stream";

/**
 * The tool: the fields linked here around the concepts' parts. It does not compile while a field of LinkedHere is built
 * in neither half, naming the field.
 */
function joinTool<H extends object, T extends object>(
  head: H,
  added: Partial<ToolSpec>,
  tail: T & {
    readonly [K in Exclude<LinkedHere, keyof H | keyof T>]: "in LinkedHere, yet linkOperation does not build it";
  },
): H & Partial<ToolSpec> & T {
  return { ...head, ...added, ...tail };
}

/** What every operation of the provider shares, linked once. */
export interface ProviderParts {
  auth: AuthSpec | undefined;
  errors: ErrorSpec;
  rateLimits: RateLimitSpec | undefined;
}

export function linkOperation(
  ctx: LinkContext,
  id: string,
  mop: ManifestOperation,
  shared: ProviderParts,
  parts: readonly OperationPart[],
): OperationIR | undefined {
  const m = ctx.manifest;
  const at: Path = ["operations", id];
  if (!id.startsWith(`${m.provider}_`)) {
    ctx.fail("BW2020", at, `operation ids start with the provider id: "${m.provider}_…"`);
  }
  const op = findOperation(ctx, at, mop);
  if (!op) return undefined;
  const { anonymous, optional, auth } = operationAuth(ctx, at, op, shared);

  const params = linkParams(ctx, id, mop, op).map((p) =>
    (anonymous || optional) && p.wire.in === "auth" && p.required ? { ...p, required: false } : p,
  );
  linkFileParams(ctx, id, op, params);
  const byName = new Map(params.map((p) => [p.name, p]));
  const { ownAt, sharedConstants, constants } = linkOperationConstants(ctx, at, mop, op);
  const idempotency = linkIdempotency(ctx, op, mop);
  checkWireSlots(
    ctx,
    requestSenders(ctx, id, at, anonymous ? undefined : auth, idempotency, ownAt, sharedConstants, params),
  );
  checkCoverage(ctx, at, op, params, constants, idempotency?.header);
  const rules = linkRules(ctx, at, mop, byName);

  const successStatuses = successStatusesOf(ctx, at, op);
  const { downloaded, streamed, outputs, answerText } = linkOutputs(ctx, at, mop, op, byName, successStatuses);
  const routes = linkRoutes(ctx, id, at, mop, params, new Set(outputs.map((o) => o.spec.path)));
  const outcomes = linkOutcomes(ctx, at, mop, op, byName, outputs);
  const polling = linkPolling(ctx, at, mop, op, outputs);
  const pagination = linkPagination(ctx, at, mop, op, params);
  const body = linkBody(ctx, at, op, params, constants, mop.bodyEncoding);

  // The operations that may answer: the tool's, and its routes'.
  const answering = [op, ...(mop.routes ?? []).flatMap((r) => ctx.doc.operations.get(r.operationId) ?? [])];
  const defaultResponse = declaredDefault(answering);
  const server = operationServer(ctx, at, mop, op, serverOf(ctx));
  // The fields linked here, around those the concepts' parts add (in this order: the generated tools keep it).
  const head = {
    id,
    provider: m.provider,
    title: mop.title,
    description: mop.description,
    operationId: op.operationId,
    method: op.method as ToolSpec["method"],
    // A reserved expansion `{+path}` (a value spanning segments) is the parameter `path`, sent by wire.multiSegment.
    path: op.path.replace(/\{\+/g, "{"),
    server,
    auth: authOf(ctx, auth),
    ...(anonymous ? { anonymous: true as const } : {}),
    ...(optional ? { authOptional: true as const } : {}),
    params: withOwnAddress(ctx, server, params),
    routes,
    constants,
    rules,
    successStatuses: outputStatuses(downloaded?.download, streamed?.stream, successStatuses),
    responses: declaredResponses(answering),
    ...(defaultResponse ? { defaultResponse } : {}),
    outputs: outputs.map((o): OutputSpec => o.spec),
    ...answerText,
    outcomes: outcomes.map((o) => o.spec),
    errors: shared.errors,
    ...(shared.rateLimits ? { rateLimits: shared.rateLimits } : {}),
    ...(polling ? { polling } : {}),
  };
  const tail = {
    ...(body ? { body } : {}),
    ...(idempotency ? { idempotency } : {}),
    ...(pagination ? { pagination } : {}),
    ...(downloaded ? { download: downloaded.download } : {}),
    ...(streamed ? { stream: streamed.stream } : {}),
  };
  const added: Partial<ToolSpec> = Object.assign({}, ...parts.map((part) => part(ctx, at, mop, op)));
  const tool: ToolSpec = joinTool(head, added, tail);
  return {
    tool,
    errorResponses: op.responses
      .filter((r) => /^[45]\d\d$/.test(r.status))
      .map((r) => ({ status: Number(r.status), description: r.description }))
      .sort((a, b) => a.status - b.status),
    ...(op.tags.length ? { tags: op.tags } : {}),
    ...(op.responses.some((r) => !/^[123]/.test(r.status) && r.mediaTypes.some((m) => PROBLEM_JSON.test(m)))
      ? { problemAnswers: true as const }
      : {}),
    types: operationTypes(id, outputs, outcomes),
  };
}

/**
 * The tool offers the ways its operation accepts (all of them when it names no requirement);
 * one whose security is `[]`, `[{}]` or `{}` takes no credential at all (`anonymous`); one that lists `{}` beside
 * requirements takes it when a call gives it (`optional`).
 */
function operationAuth(
  ctx: LinkContext,
  at: Path,
  op: OpenApiOperation,
  shared: ProviderParts,
): { anonymous: boolean; optional: boolean; auth: AuthSpec | undefined } {
  const declared = takesNoCredential(op);
  const accepted = shared.auth ? (declared ? shared.auth : acceptedAuth(ctx, shared.auth, op)) : undefined;
  // A credential of other places alone (no scheme) that the operation declares none of: it asks no credential.
  const anonymous = declared || placesNone(accepted);
  const auth = anonymous && shared.auth ? shared.auth : accepted;
  if (shared.auth && !auth) {
    const ways = manifestWays(ctx.manifest.auth).map((w) => requirementWords(wayScheme(w)));
    const accepts = (op.requirements ?? []).map(requirementWords);
    ctx.fail(
      "BW2007",
      [...at, "operationId"],
      `operation "${op.operationId}" in ${ctx.openapiName} does not accept security scheme` +
        `${ways.length > 1 || ways[0]?.includes("+") ? "s" : ""} "${ways.join(`" or "`)}" (accepts: ` +
        `${accepts.join(", ") || "none"})`,
      "value",
    );
  }
  // Its security lists `{}` beside requirements (authentication optional): the credential is sent when given.
  return { anonymous, optional: !anonymous && auth !== undefined && takesOptionalCredential(op), auth };
}

/**
 * The operation's own constants and the provider-wide ones that apply to it (with their places in the manifest), an
 * `Accept` among them checked.
 */
function linkOperationConstants(ctx: LinkContext, at: Path, mop: ManifestOperation, op: OpenApiOperation) {
  const ownAt = (mop.constants ?? []).flatMap((c, index) => {
    const constant = linkConstant(ctx, c, [...at, "constants", index], op);
    return constant ? [{ constant, index }] : [];
  });
  const own = ownAt.map((c) => c.constant);
  const sharedConstants = providerConstants(ctx, op, own);
  const constants = [...sharedConstants.map((c) => c.constant), ...own];
  checkAccept(ctx, op, [
    ...sharedConstants.map(({ constant, index }) => ({ constant, at: ["constants", index] })),
    ...ownAt.map(({ constant, index }) => ({ constant, at: [...at, "constants", index] })),
  ]);
  return { ownAt, sharedConstants, constants };
}

// ---- in the surface ------------------------------------------------------------

export const titleSurface: ToolEntry<string, "changed"> = {
  scope: "tool",
  subject: "title",
  legacy: true,
  changes: { changed: { level: "patch", rule: "text changed" } },
  record: (tool) => ({ title: tool.title }),
  read: (t) => t.title,
  diff: (a, b, report) => (a !== b ? report("changed", { from: a, to: b }) : undefined),
};

export const descriptionSurface: ToolEntry<string, "changed"> = {
  scope: "tool",
  subject: "description",
  legacy: true,
  changes: { changed: { level: "patch", rule: "text changed" } },
  record: (tool) => ({ description: tool.description }),
  read: (t) => t.description,
  diff: (a, b, report) => (a !== b ? report("changed") : undefined),
};

/** The upstream operation's method and path: the package calls it, callers do not. */
export const requestSurface: ToolEntry<string, "changed"> = {
  scope: "tool",
  subject: "request",
  legacy: true,
  changes: { changed: { level: "patch", rule: "upstream method or path changed" } },
  record: (tool) => ({ method: tool.method, path: tool.path }),
  read: (t) => `${t.method} ${t.path}`,
  diff: (a, b, report) => (a !== b ? report("changed", { from: a, to: b }) : undefined),
};

/**
 * Whatever writes to a slot of the request, each named as a problem names it: the credential, the idempotency key,
 * the provider's and the operation's constants, the parameters.
 */
function requestSenders(
  ctx: LinkContext,
  id: string,
  at: Path,
  auth: AuthSpec | undefined,
  idempotency: ReturnType<typeof linkIdempotency>,
  ownAt: ReturnType<typeof linkOperationConstants>["ownAt"],
  sharedConstants: ReturnType<typeof linkOperationConstants>["sharedConstants"],
  params: ParamSpec[],
): SlotSender[] {
  // The body fields the credential writes are no slot a sender names: checked against the parameters here.
  checkCredentialBodyFields(ctx, auth, params);
  return [
    ...credentialSender(ctx, auth),
    ...idempotencySender(idempotency),
    ...sharedConstants.flatMap(({ constant, index }) =>
      slotSender(constant, `the provider-wide constant (constants.${index})`, ["constants", index]),
    ),
    ...ownAt.flatMap(({ constant, index }) =>
      slotSender(constant, `the operation's constant (operations.${id}.constants.${index})`, [
        ...at,
        "constants",
        index,
      ]),
    ),
    ...paramSenders(ctx, params),
  ];
}

/** The operation's rules over its parameters, each naming parameters it declares (or the provider's). */
function linkRules(ctx: LinkContext, at: Path, mop: ManifestOperation, byName: Map<string, ParamSpec>): RuleSpec[] {
  const m = ctx.manifest;
  const declared = mop.rules?.length
    ? new Set([...Object.keys(m.params ?? {}), ...Object.keys(mop.params ?? {})])
    : new Set<string>();
  return (mop.rules ?? [])
    .map((r, i) => linkRule(ctx, r, [...at, "rules", i], declared, byName, mop.rules))
    .filter((r): r is RuleSpec => !!r);
}
