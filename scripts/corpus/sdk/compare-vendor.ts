// One vendor's comparison: for each corpus operation the SDK covers, the
// contract suite's values for the drafted tool (valuesOf(...).full(): every
// parameter that has a value) become one logical call; Blockwright sends it
// (the generated tool, through the runtime) and the SDK sends it (through the
// adapter's method), both to the loopback recorder; the two requests are
// compared canonically, and each difference is matched against the adapter's
// documented quirks. A difference no quirk explains is a defect to fix.
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { valuesOf } from "../../../src/contract/inputs/values.js";
import type { Subject } from "../../../src/contract/types.js";
import type { Quirk, QuirkKind, SdkAdapter } from "./adapter.js";
import { type CanonicalRequest, canonical } from "./canonical.js";
import { compareRequests, type Difference } from "./compare.js";
import { signatureReading } from "./signatures.js";
import { logicalCall } from "./logical-call.js";
import { richInput } from "./rich-values.js";
import type { Recorded, Recorder } from "./recorder.js";

export interface Explained extends Difference {
  /** The quirk's reason, when a documented quirk explains it. */
  quirk?: string;
  kind?: QuirkKind;
}

export interface OperationResult {
  operation: string;
  /** Which input (INPUTS): every field, or the required ones only. */
  input: string;
  tool: string;
  /** Fields compared (method, path, query keys, headers, body leaves). */
  differences: Explained[];
  /** How many places were compared (method, path, query keys, headers, body leaves or fields, both sides' together). */
  compared?: number;
  /** Why no comparison could be made (a side sent nothing), when so. */
  problem?: string;
  /** What the SDK threw after it sent its request (the recorder's made-up answer), if anything: not a difference. */
  sdkNote?: string;
}

export interface VendorResult {
  vendor: string;
  sdk: string;
  version: string;
  operations: OperationResult[];
  uncovered: Record<string, string>;
  /** Hosts a connection was refused to while the SDK ran (it tried to go off the machine). */
  refused: string[];
  /**
   * Quirks of the adapter that explained no difference this run (a pending defect fixed, an SDK changed): each to drop
   * or fix.
   */
  unusedQuirks?: string[];
  problem?: string;
}

/** The corpus name of a tool's operation: its operationId, or `METHOD /path`. */
function corpusName(tool: ToolSpec, names: string[]): string | undefined {
  return names.find((n) => n === tool.operationId || n === `${tool.method.toUpperCase()} ${tool.path}`);
}

function matches(quirk: Quirk, operation: string, at: string): boolean {
  if (quirk.operation !== undefined && quirk.operation !== operation) return false;
  return typeof quirk.at === "string" ? quirk.at === at : quirk.at.test(at);
}

/** The headers whose value is the operation's: those its parameters, credential and idempotency key name. */
function headerNames(tool: ToolSpec, subject: Subject): string[] {
  const names = new Set<string>();
  for (const p of tool.params) if (p.wire.in === "header") names.add(p.wire.name);
  for (const way of [tool.auth, ...(tool.auth.alternatives ?? [])])
    for (const c of [way, ...(way.also ?? [])]) if (c.type === "header") names.add(c.name);
  for (const c of tool.constants) if ((c as { in?: string }).in === "header") names.add((c as { name: string }).name);
  const op = subject.document.operations.get(tool.operationId);
  for (const p of op?.parameters ?? []) if (p.in === "header") names.add(p.name);
  if (tool.idempotency) names.add((tool.idempotency as { header?: string }).header ?? "idempotency-key");
  return [...names];
}

/** The places a comparison looked at: method, path, each query key, the headers, each body field. */
function fieldsCompared(a: CanonicalRequest, b: CanonicalRequest, headers: string[]): number {
  const keys = (r: CanonicalRequest) => [...r.query.map((p) => `q ${p[0]}`), ...bodyKeys(r)];
  return (
    2 +
    new Set([...keys(a), ...keys(b)]).size +
    new Set(["authorization", "content-type", ...headers.map((h) => h.toLowerCase())]).size
  );
}

function bodyKeys(r: CanonicalRequest): string[] {
  const b = r.body;
  if (b.kind === "json") return [...leafPointers(b.value)].map((p) => `b ${p}`);
  if (b.kind === "form") return b.pairs.map((p) => `f ${p[0]}`);
  if (b.kind === "multipart") return b.parts.map((p) => `p ${p.name}`);
  return b.kind === "none" ? [] : ["body"];
}

function leafPointers(value: unknown, pointer = ""): string[] {
  return value && typeof value === "object" && Object.keys(value).length
    ? Object.entries(value).flatMap(([k, v]) => leafPointers(v, `${pointer}/${k}`))
    : [pointer || "/"];
}

/** One logical call through Blockwright and through the SDK, compared. */
async function compareCall<Client>(
  adapter: SdkAdapter<Client>,
  subject: Subject,
  tool: ToolSpec,
  operation: string,
  inputKind: string,
  input: Record<string, unknown>,
  recorder: Recorder,
  sdkBase: string,
): Promise<OperationResult> {
  const run = adapter.operations[operation] as (client: Client, call: ReturnType<typeof logicalCall>) => unknown;
  const call = logicalCall(tool, input);
  const row: OperationResult = { operation, input: inputKind, tool: tool.id, differences: [] };
  recorder.take();
  if (adapter.answer) recorder.answerWith(adapter.answer);
  const given = tool.server.param ? { ...input, [tool.server.param]: recorder.origin } : input;
  const outcome = await executeToolDefinition(tool, given, {
    ...(tool.server.param ? {} : { baseUrl: recorder.origin }),
    retries: 0,
  }).catch((e: unknown) => ({ ok: false as const, thrown: firstLine(e) }));
  const ours = recorder.take();
  let sdkError: string | undefined;
  try {
    await run(await adapter.client(sdkBase, call), call);
  } catch (e) {
    sdkError = firstLine(e);
  }
  const theirs = recorder.take();
  const secrets = [call.credential.secret, call.credential.user].filter(
    (v): v is string => typeof v === "string" && v.length > 0,
  );
  const explain = (d: Difference): Explained => {
    const quirk = adapter.quirks.find((q) => matches(q, operation, d.at));
    const shown = {
      ...d,
      ...(d.blockwright !== undefined ? { blockwright: shownValue(d.blockwright, secrets) } : {}),
      ...(d.sdk !== undefined ? { sdk: shownValue(d.sdk, secrets) } : {}),
    };
    return quirk ? { ...shown, quirk: quirk.why, kind: quirk.kind } : shown;
  };
  if (!ours.length || !theirs.length) {
    const failure = () =>
      "thrown" in outcome
        ? outcome.thrown
        : JSON.stringify((outcome as { error?: unknown }).error ?? outcome).slice(0, 200);
    row.problem = !ours.length
      ? `Blockwright sent no request (${failure()})`
      : `the SDK sent no request (${sdkError ?? "no error"})`;
    row.differences.push(
      explain({
        at: "request",
        ...(ours.length ? { blockwright: "sent" } : {}),
        ...(theirs.length ? { sdk: "sent" } : {}),
      }),
    );
    return row;
  }
  if (sdkError) row.sdkNote = sdkError;
  const [left, right] = [canonical(ours[0] as Recorded), canonical(theirs[0] as Recorded)];
  if (process.env.SDK_JUDGE_DEBUG) {
    const shown = (r: CanonicalRequest) =>
      JSON.stringify({ ...r, headers: process.env.SDK_JUDGE_DEBUG === "2" ? r.headers : undefined });
    process.stderr.write(`${operation} (${inputKind})\n  blockwright ${shown(left)}\n  sdk         ${shown(right)}\n`);
  }
  const signature = signatureReading(tool, input, headerNames(tool, subject));
  await signature?.read(ours[0] as Recorded, left);
  await signature?.read(theirs[0] as Recorded, right);
  const names = signature?.names ?? headerNames(tool, subject);
  const differences = compareRequests(left, right, { names });
  if (ours.length !== theirs.length)
    differences.push({ at: "requests", blockwright: String(ours.length), sdk: String(theirs.length) });
  row.compared = fieldsCompared(left, right, names);
  row.differences = differences.map(explain);
  return row;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * A recorded value as the results show it: the call's credential never written (made up as it is), a fresh key the same
 * on every run.
 */
function shownValue(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("<credential>");
  return out.replace(UUID, "<a fresh UUID>");
}

const firstLine = (e: unknown) =>
  String((e as Error)?.message ?? e)
    .split("\n")[0]
    ?.slice(0, 200) ?? "";

/** The inputs each operation is called with: every field (rich-values.ts), and the required ones only. */
export const INPUTS = ["every field", "required only"] as const;

export async function compareVendor<Client>(
  adapter: SdkAdapter<Client>,
  subject: Subject,
  operations: string[],
  recorder: Recorder,
  version: string,
  refused: () => string[],
): Promise<VendorResult> {
  const result: VendorResult = {
    vendor: adapter.vendor,
    sdk: adapter.sdk,
    version,
    operations: [],
    uncovered: { ...(adapter.uncovered ?? {}) },
    refused: [],
  };
  const sdkBase = recorder.origin + new URL(adapter.base).pathname.replace(/\/+$/, "");
  for (const tool of subject.tools) {
    const operation = corpusName(tool, operations);
    if (!operation || !Object.hasOwn(adapter.operations, operation)) continue;
    const values = valuesOf(tool, subject.document);
    const inputs: Record<(typeof INPUTS)[number], Record<string, unknown>> = {
      "every field": richInput(tool, subject.document, values),
      "required only": values.minimal(),
    };
    for (const kind of INPUTS)
      result.operations.push(
        await compareCall(adapter, subject, tool, operation, kind, inputs[kind], recorder, sdkBase),
      );
  }
  result.refused = refused();
  const used = new Set(result.operations.flatMap((o) => o.differences.map((d) => d.quirk)));
  const unused = adapter.quirks
    .filter((q) => !used.has(q.why))
    .map((q) => `${q.operation ?? "every operation"}: ${String(q.at)}`);
  if (unused.length) result.unusedQuirks = unused;
  const covered = new Set(result.operations.map((o) => o.operation));
  for (const op of Object.keys(adapter.operations))
    if (!covered.has(op))
      result.problem = `${result.problem ? `${result.problem}; ` : ""}${op}: no drafted tool for it`;
  return result;
}
