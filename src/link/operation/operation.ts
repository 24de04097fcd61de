// One operation of the manifest, linked: its OpenAPI operation, then each
// concept in turn (parameters and their placement, constants, rules,
// outputs, routes, outcomes, polling, pagination, the body's media type,
// idempotency), assembled into the tool definition and its types.
import type {
  AuthSpec,
  ErrorSpec,
  OutputSpec,
  ParamSpec,
  RateLimitSpec,
  RuleSpec,
  ToolSpec,
} from "@blockwright/runtime/internal";
import type { OperationIR, TypeRef } from "../../model/ir.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import { pascalCase } from "../../model/naming.js";
import type { ToolEntry } from "../../model/surface-entry.js";
import { acceptedAuth, authOf, credentialSender, manifestWays, requirementWords, wayScheme } from "../auth/auth.js";
import { linkBody } from "../wire/body.js";
import { linkDownload, linkFileParams } from "../files/files.js";
import { linkStream } from "../stream/streams.js";
import { checkAccept, linkConstant, providerConstants } from "../constants/constants.js";
import type { LinkContext, Path, OperationPart } from "../context.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import { checkCoverage, takesNoCredential, takesOptionalCredential } from "../params/coverage.js";
import { declaredDefault, declaredResponses } from "./responses.js";
import { idempotencySender, linkIdempotency } from "../idempotency/idempotency.js";
import { linkOutcomes } from "../outputs/outcomes.js";
import { bodyStatusOf, linkOutput, type LinkedOutput } from "../outputs/outputs.js";
import { linkPagination } from "../pagination/pagination.js";
import { linkParams } from "../params/params.js";
import { linkPolling } from "../polling/polling.js";
import { linkRoutes } from "../routes/routes.js";
import { linkRule } from "../rules/rules.js";
import { serverOf } from "../server/server.js";
import { operationServer } from "../server/operation-server.js";
import { withOwnAddress } from "../server/operation-instance.js";
import { checkWireSlots, paramSenders, type SlotSender, slotSender } from "../wire/wire.js";

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
  const { downloaded, streamed, outputs } = linkOutputs(ctx, at, mop, op, byName, successStatuses);
  const routes = linkRoutes(ctx, id, at, mop, params, new Set(outputs.map((o) => o.spec.path)));
  const outcomes = linkOutcomes(ctx, at, mop, op, byName, outputs);
  const polling = linkPolling(ctx, at, mop, op, outputs);
  const pagination = linkPagination(ctx, at, mop, op, params);
  const body = linkBody(ctx, at, op, params, constants);

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
    // A reserved expansion `{+path}` (a value spanning segments) is the parameter `path`: wire.multiSegment sends it
    // so.
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
 * The manifest operation's OpenAPI operation; none (and the problem said) when the document has none the runtime can
 * send.
 */
function findOperation(ctx: LinkContext, at: Path, mop: ManifestOperation): OpenApiOperation | undefined {
  const op = ctx.doc.operations.get(mop.operationId);
  if (!op) {
    const unread = unreadMethod(ctx.doc.source.data, mop.operationId);
    if (unread)
      return ctx.fail(
        "BW2017",
        [...at, "operationId"],
        `operation "${mop.operationId}" in ${ctx.openapiName} is at ${unread} (OpenAPI 3.2), ` +
          `a method the runtime does not send: leave it out`,
        "value",
      );
    const known = [...ctx.doc.operations.keys()].sort().join(", ");
    return ctx.fail(
      "BW2002",
      [...at, "operationId"],
      `operation "${mop.operationId}" not found in ${ctx.openapiName} (operations: ${known})`,
      "value",
    );
  }
  // OpenAPI 3.2's `in: querystring` (the whole query string as one value) is not sent: a call could not meet a required
  // one.
  for (const p of op.parameters as { in: string; name: string; required: boolean }[]) {
    if (p.in === "querystring" && p.required)
      ctx.fail(
        "BW2017",
        [...at, "operationId"],
        `operation "${op.operationId}" in ${ctx.openapiName} requires parameter "${p.name}" in: ` +
          `querystring (OpenAPI 3.2: the whole query string as one value), which the runtime does not send`,
        "value",
      );
  }
  return op;
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
  const anonymous = takesNoCredential(op);
  const auth = shared.auth ? (anonymous ? shared.auth : acceptedAuth(ctx, shared.auth, op)) : undefined;
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

/** The operation's 2xx statuses, in order (an operation without one is refused). */
function successStatusesOf(ctx: LinkContext, at: Path, op: OpenApiOperation): number[] {
  const successStatuses = op.responses
    .map((r) => Number(r.status))
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b);
  if (!successStatuses.length)
    ctx.fail(
      "BW2021",
      [...at, "operationId"],
      `operation "${op.operationId}" declares no 2xx response in ${ctx.openapiName}`,
      "value",
    );
  return successStatuses;
}

/**
 * The statuses a call succeeds with: a download's file only (another 2xx, a 202 "not ready yet", carries none of its
 * outputs; each 2xx that answers the file does), a stream's, else every 2xx.
 */
function outputStatuses(
  download: { status: number; statuses?: number[] } | undefined,
  stream: { status: number } | undefined,
  successStatuses: number[],
): number[] {
  if (download) return [download.status, ...(download.statuses ?? [])];
  return stream ? [stream.status] : successStatuses;
}

/** The tool's outputs: a download's or a stream's, else each the manifest reads from the answer. */
function linkOutputs(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  byName: Map<string, ParamSpec>,
  successStatuses: number[],
) {
  // The status whose body the outputs read (the first 2xx when none has a body: a body output then says so).
  const bodyStatus = bodyStatusOf(ctx.doc, op, successStatuses);
  const downloaded = linkDownload(ctx, at, mop, op);
  const streamed = linkStream(ctx, at, mop, op);
  const outputs =
    downloaded?.outputs ??
    streamed?.outputs ??
    Object.keys(mop.outputs)
      .sort()
      .map((path) => linkOutput(ctx, [...at, "outputs", path], path, mop, op, byName, bodyStatus))
      .filter((o): o is LinkedOutput => !!o);
  return { downloaded, streamed, outputs };
}

/** The names of the tool's types, and each output's types (an outcome's among them). */
function operationTypes(
  id: string,
  outputs: readonly LinkedOutput[],
  outcomes: ReturnType<typeof linkOutcomes>,
): OperationIR["types"] {
  const outcomeTypes = new Map<string, TypeRef[]>();
  for (const o of outcomes)
    for (const [path, t] of o.types) outcomeTypes.set(path, [...(outcomeTypes.get(path) ?? []), t]);
  const pascal = pascalCase(id);
  return {
    paramsName: `${pascal}Params`,
    outputName: `${pascal}Output`,
    outputs: outputs.map((o) => ({
      path: o.spec.path,
      optional: o.spec.optional,
      types: [o.type, ...(outcomeTypes.get(o.spec.path) ?? [])],
    })),
  };
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
 * Where an operation OpenAPI 3.2 adds is (a path item's `query`, or one of its `additionalOperations`), as
 * `paths./x.query`; undefined when there is none of that id.
 */
function unreadMethod(data: unknown, operationId: string): string | undefined {
  const paths = (data as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object") continue;
    const query = item.query as { operationId?: unknown } | undefined;
    if (query?.operationId === operationId) return `paths.${path}.query`;
    for (const [method, op] of Object.entries(
      (item.additionalOperations ?? {}) as Record<string, { operationId?: unknown }>,
    )) {
      if (op?.operationId === operationId) return `paths.${path}.additionalOperations.${method}`;
    }
  }
  return undefined;
}

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
