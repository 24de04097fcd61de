// n8n (@blockwright/runtime/n8n): what the node of a package made by
// `blockwright generate --target n8n` runs. The node's description is data the
// generator wrote; this module reads each input item's parameters from the
// node's properties and credential as that description lays them out (the
// node's `N8nNode`), runs the provider package's executeTool with them — the
// same validation before any request, redaction, retries, rate limits and
// outputs as every other caller — and turns its result into n8n items, or its
// error into n8n's NodeOperationError (bad input, found before any request)
// or NodeApiError (the upstream, the network), with the structured fields.
// It imports nothing of n8n: the node hands it its context and n8n's error
// classes, so that the runtime needs no n8n package, and one copy of the
// classes (the one n8n loaded) is used.
import type { ExecuteOptions } from "../call/single-call.js";
import type { PrepareOptions } from "../execute/prepared.js";
import { ownValue, setOwn } from "../common/own.js";
import type { ToolError, ToolResult } from "../http/errors.js";
import { chosenAddress } from "./chosen-address.js";

/**
 * What a node reads of each operation's parameters: where the node keeps them and how a property's value becomes the
 * parameter's.
 */
export interface N8nOperation {
  /** The operation's parameters the node's properties hold (the credential's are read from it). */
  params: readonly N8nParam[];
  /**
   * The collection property holding its optional parameters without a default ("Additional Fields"), when it has some.
   */
  collection?: string;
  /** The node's "Return All" and "Limit" properties, for an operation that pages. */
  paging?: { returnAll: string; limit: string };
}

export interface N8nParam {
  name: string;
  /**
   * The property holding it, when not named as the parameter (a name n8n's conventions give another meaning, such as
   * `limit`).
   */
  property?: string;
  /** `collection`: an entry of the operation's collection, given only when the user added it. */
  in: "node" | "collection";
  /**
   * `json`: text parsed as JSON; `list`: several options joined by `separator`; `file`: the name of an input item's
   * binary field, whose bytes are sent; `files`: several such names, comma-separated (a list of files).
   */
  as?: "json" | "list" | "file" | "files";
  separator?: string;
  /**
   * For `json`: the parameter's forms include text (a name, or an object): text that is not JSON, or is a JSON
   * number, boolean or null, is that text (as an n8n user types a name: `ash`, `2024`), not refused or parsed.
   */
  orText?: boolean;
}

/** A generated node, as data: its credential type and what each operation reads. */
export interface N8nNode {
  /** The provider's id (what its errors name). */
  provider: string;
  /** The credential type's name. */
  credential: string;
  /** The tools' parameters the credential holds (the manifest's auth and instance address). */
  credentialParams: readonly string[];
  /**
   * The credential's fields named otherwise than their parameters (`appkeySecret` for `appkey`): [parameter, field]
   * pairs, which n8n's linter does not read as a secret written in the source (no-hardcoded-secrets took
   * `{oauth2Legacy: "oauth2LegacySecret"}` for one); by parameter in a package generated before them.
   */
  credentialFields?: readonly (readonly [string, string])[] | Readonly<Record<string, string>>;
  /**
   * The credential's field holding the address calls go to, instead of the provider's (a sandbox, a proxy), when the
   * node has one.
   */
  baseUrlField?: string;
  operations: Readonly<Record<string, N8nOperation>>;
}

/** The part of n8n's IExecuteFunctions a node uses (n8n-workflow's type is this and more). */
export interface N8nExecuteContext {
  getInputData(): readonly unknown[];
  getNodeParameter(name: string, itemIndex: number, fallback?: unknown): unknown;
  getCredentials(type: string, itemIndex?: number): Promise<object>;
  continueOnFail(): boolean;
  getNode(): object;
  getExecutionCancelSignal?(): AbortSignal | undefined;
  helpers: {
    getBinaryDataBuffer(itemIndex: number, propertyName: string): Promise<Uint8Array>;
    assertBinaryData(itemIndex: number, propertyName: string): { fileName?: string; mimeType: string };
    /** Given a Node.js Buffer (nodeBytes), which the runtime's types do not name: it has no Node.js types. */
    prepareBinaryData(data: never, fileName?: string, mimeType?: string): Promise<object>;
  };
}

/**
 * n8n's error classes, as the node imports them from n8n-workflow (their node and response are n8n's types: given as
 * the context's node and the error as JSON).
 */
export interface N8nErrors {
  NodeOperationError: new (
    node: never,
    message: string,
    options: { itemIndex?: number; description?: string },
  ) => Error;
  NodeApiError: new (
    node: never,
    response: never,
    options: { message?: string; description?: string; httpCode?: string; itemIndex?: number; failure?: N8nFailure },
  ) => Error;
}

/** Why a call failed, as n8n's NodeApiError carries it (n8n-workflow's `Failure`). */
export type N8nFailure =
  | {
      cause: "rate-limited" | "quota-exhausted" | "temporarily-unavailable";
      retryAfterMs?: number;
      resetsAtEpochMs?: number;
    }
  | { cause: "credential-invalid" };

/** One n8n item: its JSON, its binary data, and the input item it came from. */
export interface N8nItem {
  json: Record<string, unknown>;
  binary?: Record<string, object>;
  pairedItem: { item: number };
}

/**
 * A provider package's `executeTool` (typed per operation there; any executor is one): the node calls it by
 * operation id with the values its properties and credential hold.
 */
export interface N8nExecutor {
  (operationId: never, params: never, options?: ExecuteOptions): Promise<ToolResult<object>>;
  prepare(operationId: never, params: never, options?: PrepareOptions): object;
}
type Run = (
  operationId: string,
  params: Record<string, unknown>,
  options?: ExecuteOptions,
) => Promise<ToolResult<object>>;
type Prepare = (
  operationId: string,
  params: Record<string, unknown>,
  options?: PrepareOptions,
) => { failed: Extract<ToolResult, { success: false }> } | object;

/**
 * A node's `execute`: one call per input item, in order; its result is the item out (or, with "Continue On Fail", its
 * error).
 */
export async function runN8nNode(
  ctx: N8nExecuteContext,
  executeTool: N8nExecutor,
  node: N8nNode,
  errors: N8nErrors,
): Promise<N8nItem[][]> {
  const run = executeTool as unknown as Run;
  const connection = connectionOf(node, await ctx.getCredentials(node.credential));
  const signal = ctx.getExecutionCancelSignal?.();
  const out: N8nItem[] = [];
  for (let i = 0; i < ctx.getInputData().length; i++) {
    const operationId = String(ctx.getNodeParameter("operation", i));
    const operation = ownValue(node.operations, operationId) as N8nOperation | undefined;
    let result: ToolResult<object>;
    if (!operation) {
      result = refused(
        node.provider,
        operationId,
        "operation",
        `unknown operation ${JSON.stringify(operationId)} (operations: ${Object.keys(node.operations).join(", ")})`,
      );
    } else {
      const read = await paramsOf(ctx, operation, i, connection.params);
      result =
        "refused" in read
          ? refused(node.provider, operationId, read.refused.rule, read.refused.message, read.refused.param)
          : await run(operationId, read.params, {
              ...connection.options,
              ...(signal ? { signal } : {}),
              ...pagingOf(ctx, operation, i),
            });
    }
    if (result.success) {
      out.push(await itemOf(ctx, result.output, i));
      continue;
    }
    if (!ctx.continueOnFail()) throw nodeError(ctx, errors, result.error, i);
    out.push({
      json: { error: result.error, ...(result.partial ? { partial: result.partial.output } : {}) },
      pairedItem: { item: i },
    });
  }
  return [out];
}

/** The result of a credential test: whether n8n's credential form shows it working. */
export interface N8nCredentialTestResult {
  status: "OK" | "Error";
  message: string;
}

/**
 * A credential test (the node's `methods.credentialTest`): with `send`, a call of `operation` (one that reads and
 * needs nothing but the credential) with the credential's values; else the values checked against the
 * parameters' rules by preparing a call of `operation`, and nothing is sent.
 */
export async function testN8nCredential(
  executeTool: N8nExecutor,
  node: N8nNode,
  data: object | undefined,
  probe: { operation: string; send: boolean },
): Promise<N8nCredentialTestResult> {
  const connection = connectionOf(node, data ?? {});
  if (probe.send) {
    const result = await (executeTool as unknown as Run)(probe.operation, connection.params, connection.options);
    return result.success
      ? { status: "OK", message: "Connection tested successfully" }
      : { status: "Error", message: result.error.message };
  }
  const prepared = (executeTool.prepare as unknown as Prepare)(probe.operation, connection.params, connection.options);
  // Only the credential's own problems count: the operation's other parameters are not the credential's to give,
  // and a token an OAuth flow obtains is obtained when a call needs it.
  const problems =
    "failed" in prepared
      ? (prepared.failed.error.issues ?? [prepared.failed.error]).filter(
          (i) => i.param !== undefined && node.credentialParams.includes(i.param) && i.rule !== "oauth",
        )
      : [];
  return problems.length
    ? { status: "Error", message: problems.map((p) => p.message).join("; ") }
    : { status: "OK", message: "The values meet the provider's rules (checked here: no request was sent)" };
}

/**
 * The tools' parameters the credential holds (left out when empty: n8n keeps an unset field as ""), and the call
 * options it gives.
 */
function connectionOf(
  node: N8nNode,
  credentials: object,
): { params: Record<string, unknown>; options: ExecuteOptions } {
  const params: Record<string, unknown> = {};
  for (const name of node.credentialParams) {
    const fields = node.credentialFields;
    const renamed = Array.isArray(fields)
      ? (fields as readonly (readonly [string, string])[]).find(([param]) => param === name)?.[1]
      : fields
        ? ownValue(fields, name)
        : undefined;
    const field = typeof renamed === "string" ? renamed : name;
    const value = ownValue(credentials, field);
    if (value !== undefined && value !== null && value !== "") setOwn(params, name, value);
  }
  const baseUrl = node.baseUrlField === undefined ? undefined : ownValue(credentials, node.baseUrlField);
  return { params, options: chosenAddress(baseUrl) };
}

type Refusal = { rule: string; message: string; param?: string };

/** An operation's parameters for item `i`: the credential's, then each property's value as the parameter takes it. */
async function paramsOf(
  ctx: N8nExecuteContext,
  operation: N8nOperation,
  i: number,
  credential: Record<string, unknown>,
): Promise<{ params: Record<string, unknown> } | { refused: Refusal }> {
  const params: Record<string, unknown> = { ...credential };
  const collection = operation.collection === undefined ? {} : ctx.getNodeParameter(operation.collection, i, {});
  for (const p of operation.params) {
    const property = p.property ?? p.name;
    const raw = p.in === "node" ? ctx.getNodeParameter(property, i) : ownValue(collection as object, property);
    if (raw === undefined) continue;
    const value = await parameterValue(ctx, p, raw, i);
    if (value !== null && typeof value === "object" && "refused" in value) return value as { refused: Refusal };
    if (value !== undefined) setOwn(params, p.name, value);
  }
  return { params };
}

/**
 * A property's value as its parameter takes it; undefined when the property holds none (an empty JSON text, no option
 * chosen).
 */
async function parameterValue(ctx: N8nExecuteContext, p: N8nParam, raw: unknown, i: number): Promise<unknown> {
  if (p.as === "list")
    return Array.isArray(raw) ? (raw.length ? raw.map(String).join(p.separator ?? ",") : undefined) : raw;
  if (p.as === "json") {
    if (typeof raw !== "string") return raw;
    if (raw.trim() === "") return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      // A number, true or null read from text whose forms include text: the text, which executeTool reads as it
      // reads the command line's (a text form first, then a number or a boolean one).
      return p.orText && (value === null || typeof value === "number" || typeof value === "boolean") ? raw : value;
    } catch {
      // Given on as text: executeTool's JSON check refuses it in the words of every caller, the parser's excerpt of
      // the text with the call's secrets redacted (a token pasted by mistake is not shown in n8n's error).
      return raw;
    }
  }
  if (p.as === "files") {
    if (typeof raw !== "string" || raw.trim() === "") return undefined;
    const files: unknown[] = [];
    for (const field of raw
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean)) {
      const file = await parameterValue(ctx, { ...p, as: "file" }, field, i);
      if (file !== null && typeof file === "object" && "refused" in file) return file;
      files.push(file);
    }
    return files;
  }
  if (p.as === "file") {
    if (typeof raw !== "string" || raw.trim() === "") return undefined;
    const field = raw.trim();
    let info: { fileName?: string; mimeType: string };
    try {
      info = ctx.helpers.assertBinaryData(i, field);
    } catch (e) {
      return {
        refused: {
          param: p.name,
          rule: "file",
          message: `${p.name}: the input item has no binary field ${JSON.stringify(field)} (${(e as Error).message})`,
        },
      };
    }
    const bytes = await ctx.helpers.getBinaryDataBuffer(i, field);
    // A File carries the name and type the request's part is sent with (the runtime reads a Blob's own type).
    return typeof File === "function"
      ? new File([bytes as Uint8Array<ArrayBuffer>], info.fileName ?? field, { type: info.mimeType })
      : bytes;
  }
  return raw;
}

/** "Return All" gathers every page; otherwise pages are gathered up to "Limit" items. */
function pagingOf(ctx: N8nExecuteContext, operation: N8nOperation, i: number): ExecuteOptions {
  if (!operation.paging) return {};
  if (ctx.getNodeParameter(operation.paging.returnAll, i, false) === true) return { allPages: true };
  return { allPages: true, maxItems: Number(ctx.getNodeParameter(operation.paging.limit, i, 50)) };
}

/** The output as an item: its bytes (a downloaded file) moved to the item's binary data, `data` when there is one. */
async function itemOf(ctx: N8nExecuteContext, output: object, i: number): Promise<N8nItem> {
  const files: { path: string[]; bytes: Uint8Array; holder: Record<string, unknown> }[] = [];
  const json = withoutBytes(output, [], files) as Record<string, unknown>;
  if (!files.length) return { json, pairedItem: { item: i } };
  const binary: Record<string, object> = {};
  for (const f of files) {
    // The runtime's downloaded file names its type and name beside its content (call/files/download.ts).
    const fileName = typeof f.holder.filename === "string" ? f.holder.filename : undefined;
    const mimeType = typeof f.holder.contentType === "string" ? f.holder.contentType : undefined;
    setOwn(
      binary,
      files.length === 1 ? "data" : f.path.join("_"),
      await ctx.helpers.prepareBinaryData(nodeBytes(f.bytes) as never, fileName, mimeType),
    );
  }
  return { json, binary, pairedItem: { item: i } };
}

/** A copy of `value` without its Uint8Arrays, each noted in `files` with the object that held it. */
function withoutBytes(
  value: unknown,
  path: string[],
  files: { path: string[]; bytes: Uint8Array; holder: Record<string, unknown> }[],
): unknown {
  if (Array.isArray(value)) return value.map((v, k) => withoutBytes(v, [...path, String(k)], files));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v instanceof Uint8Array)
      files.push({ path: [...path, key], bytes: v, holder: value as Record<string, unknown> });
    else setOwn(copy, key, withoutBytes(v, [...path, key], files));
  }
  return copy;
}

/** n8n's binary helpers read a Node.js Buffer (the runtime itself holds Uint8Arrays, which every platform has). */
function nodeBytes(bytes: Uint8Array): Uint8Array {
  const buffer = (
    globalThis as { Buffer?: { from(data: ArrayBufferLike, offset: number, length: number): Uint8Array } }
  ).Buffer;
  return buffer ? buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
}

function refused(
  provider: string,
  operation: string,
  rule: string,
  message: string,
  param?: string,
): Extract<ToolResult<object>, { success: false }> {
  return {
    success: false,
    error: { type: "validation", provider, operation, rule, message, ...(param ? { param } : {}) },
  };
}

/**
 * Bad input (found before any request) as n8n's NodeOperationError; anything else as its NodeApiError, carrying the
 * structured error.
 */
function nodeError(ctx: N8nExecuteContext, errors: N8nErrors, error: ToolError, i: number): Error {
  const description = [
    error.param ? `Parameter: ${error.param}` : "",
    error.rule ? `Rule: ${error.rule}` : "",
    error.code ? `Code: ${error.code}` : "",
    error.requestId ? `Request id: ${error.requestId}` : "",
  ]
    .filter(Boolean)
    .join(". ");
  const node = ctx.getNode() as never;
  if (error.type === "validation")
    return new errors.NodeOperationError(node, error.message, {
      itemIndex: i,
      ...(description ? { description } : {}),
    });
  const failure = failureOf(error);
  return new errors.NodeApiError(node, { ...error } as never, {
    message: error.message,
    ...(description ? { description } : {}),
    ...(error.status !== undefined ? { httpCode: String(error.status) } : {}),
    itemIndex: i,
    ...(failure ? { failure } : {}),
  });
}

/**
 * Why the call failed, where the error tells: a wait may help (throttled, a quota, the upstream down) or the credential
 * must change.
 */
function failureOf(error: ToolError): N8nFailure | undefined {
  const wait = error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {};
  if (error.type === "auth" || error.status === 401) return { cause: "credential-invalid" };
  if (error.quotaExceeded || (error.resetsAt !== undefined && error.retryable === false)) {
    const at = Date.parse(error.resetsAt ?? "");
    return { cause: "quota-exhausted", ...(Number.isFinite(at) ? { resetsAtEpochMs: at } : {}) };
  }
  if (error.status === 429) return { cause: "rate-limited", ...wait };
  if (error.retryable && (error.type !== "upstream" || (error.status ?? 0) >= 500))
    return { cause: "temporarily-unavailable", ...wait };
  return undefined;
}
