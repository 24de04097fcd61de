// `blockwright verify`'s run: each probe (probes.ts) called on the live
// service through the guarded fetch (live-fetch.ts), one at a time, and each
// answer held against the specs — the spec's response for its status
// (answer-check.ts) and the block's promised outputs (output-check.ts).
import {
  executeToolDefinition,
  redact,
  redactDeep,
  type ToolResult,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { withAddress } from "../contract/call.js";
import type { Exchange } from "../contract/exchange.js";
import { expectedOutputs } from "../contract/outputs.js";
import type { Subject } from "../contract/types.js";
import { pathPattern } from "../mocks/routing/path-templates.js";
import { answerDrift } from "./answer-check.js";
import type { Drift } from "./drift.js";
import { type LiveExchange, liveLink, type RefusedRequest } from "./live-fetch.js";
import { describeRefusal, requestJudge } from "../judge/judge.js";
import { credentialCoversOf } from "../mocks/credential-covers.js";
import { outputDrift } from "./output-check.js";
import { planProbes, type Probe } from "./probes.js";
import { recordingOf, secretsOf, writeRecording } from "./recording.js";
import { standInDrift } from "./stand-in.js";
import { documentServer } from "../link/server/server.js";

export interface VerifyOptions {
  /** The live service: scheme and host (checked by the caller: https, or http on loopback). */
  origin: string;
  /** The user's parameters, secrets resolved. */
  given: Record<string, unknown>;
  /** The names of `given` that `--param` gave as text with no type (ProbeOptions.texts). */
  texts?: ReadonlySet<string>;
  allowWrites: ReadonlySet<string>;
  only?: ReadonlySet<string>;
  maxRequests: number;
  /**
   * The least time between the starts of two requests; longer where the manifest's rateLimits.requestsPerMinute asks it
   * (requestSpacing).
   */
  intervalMs: number;
  timeoutMs?: number;
  tokenUrl?: string;
  allowHosts?: readonly string[];
  /** Save each call's exchanges here (recording.ts). */
  record?: string;
  signal?: AbortSignal;
  now?: () => Date;
  /** Told of each probe as it ends (progress). */
  onResult?(result: ProbeResult, index: number, planned: number): void;
}

export interface ProbeResult {
  /** `<operation> › live › <probe name>`. */
  id: string;
  provider: string;
  operation: string;
  name: string;
  /** `failed`: the answer contradicts the specs; `error`: no answer could be checked (refused, network, input). */
  status: "passed" | "failed" | "error";
  drifts: Drift[];
  /** Every status the service answered. */
  statuses: number[];
  /** The requests sent, `GET /path?query` without secrets. */
  requests: string[];
  /** Why no answer could be checked. */
  message?: string;
  /** The recording's file, with --record. */
  recording?: string;
  durationMs: number;
}

export interface VerifyReport {
  provider: string;
  origin: string;
  startedAt: string;
  durationMs: number;
  /** Requests sent (token requests included) and the budget. */
  requests: number;
  maxRequests: number;
  /** Probes planned (more than the results when the run stopped early). */
  planned: number;
  /** Why the run stopped before every probe ran. */
  stopped?: string;
  /** Operations left out because they may change data (no --allow-writes). */
  skippedWrites: string[];
  results: ProbeResult[];
}

/**
 * How far apart requests start: `intervalMs`, or longer where the rate the manifest documents (`requestsPerMinute`,
 * then given) asks it.
 */
export interface RequestSpacing {
  ms: number;
  requestsPerMinute?: number;
}

/**
 * The spacing that keeps the run under the provider's documented rate (rateLimits, shared by all its tools) and at
 * least `intervalMs`.
 */
export function requestSpacing(subject: Subject, intervalMs: number): RequestSpacing {
  const requestsPerMinute = subject.tools[0]?.rateLimits?.requestsPerMinute;
  const byRate = requestsPerMinute ? Math.ceil(60_000 / requestsPerMinute) : 0;
  return byRate > intervalMs ? { ms: byRate, requestsPerMinute } : { ms: intervalMs };
}

export async function verifyProvider(subject: Subject, options: VerifyOptions): Promise<VerifyReport> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();
  const probes = planProbes(subject, {
    given: options.given,
    ...(options.texts ? { texts: options.texts } : {}),
    allowWrites: options.allowWrites,
    ...(options.only ? { only: options.only } : {}),
  });
  // Each request judged before it goes: the service is not sent what breaks its document's rules.
  const covered = credentialCoversOf(
    (subject.manifest?.data as { auth?: unknown } | undefined)?.auth,
    subject.document.source.data as object,
  );
  // The document's server path (the credential's variable kept, as the tools keep it): a tool whose operation has a
  // server of its own carries that one's, which the judge reads for its operations alone.
  const auth = (subject.manifest?.data as { auth?: { variable?: string } } | undefined)?.auth;
  const server = documentServer(subject.document.source.data, auth?.variable);
  const judge = requestJudge(subject.document, {
    basePath: server && "path" in server ? server.path : "",
    credential: "present",
    covered,
  });
  const link = liveLink({
    origins: new Set([options.origin]),
    maxRequests: options.maxRequests,
    intervalMs: requestSpacing(subject, options.intervalMs).ms,
    judge,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const results: ProbeResult[] = [];
  let stopped: string | undefined;
  for (const probe of probes) {
    if (options.signal?.aborted) {
      stopped = "interrupted";
      break;
    }
    if (link.sent() >= options.maxRequests) {
      stopped = `the request budget is spent (--max-requests ${options.maxRequests})`;
      break;
    }
    const result = await runProbe(subject, probe, link, options, now);
    results.push(result);
    options.onResult?.(result, results.length - 1, probes.length);
    if (result.statuses.includes(429)) {
      stopped = "the service answered 429 (too many requests): no further request was sent";
      break;
    }
  }
  return {
    provider: subject.provider,
    origin: options.origin,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    requests: link.sent(),
    maxRequests: options.maxRequests,
    planned: probes.length,
    ...(stopped ? { stopped } : {}),
    skippedWrites: subject.tools
      .filter((t) => !probes.some((p) => p.tool === t) && (!options.only?.size || options.only.has(t.id)))
      .map((t) => t.id),
    results,
  };
}

async function runProbe(
  subject: Subject,
  probe: Probe,
  link: ReturnType<typeof liveLink>,
  options: VerifyOptions,
  now: () => Date,
): Promise<ProbeResult> {
  const started = performance.now();
  const { tool } = probe;
  const input = tool.server.param ? withAddress(tool, probe.input, options.origin) : probe.input;
  const { fetch, exchanges, refused } = link.fetchFor(probe.mayWrite, probe.withoutCredential ? tool.auth : undefined);
  let result: ToolResult;
  try {
    result = await executeToolDefinition(tool, input, {
      ...(tool.server.param ? {} : { baseUrl: options.origin }),
      fetch,
      retries: 0,
      // The outputs' kinds are the answer check's to name, at the manifest's line (output-check.ts).
      validateOutputs: false,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.tokenUrl !== undefined ? { tokenUrl: options.tokenUrl } : {}),
      ...(options.allowHosts?.length ? { allowHosts: options.allowHosts } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (e) {
    result = {
      success: false,
      error: { type: "network", message: (e as Error).message ?? String(e), retryable: false },
    } as ToolResult;
  }
  const base = {
    id: `${tool.id} › live › ${probe.name}`,
    provider: tool.provider,
    operation: tool.id,
    name: probe.name,
  };
  const calls = exchanges.filter((ex) => !ex.token);
  // The recording's redacted exchanges are also what the report shows of the requests.
  const redacted = recordingOf(tool, probe.name, input, options.origin, exchanges, now(), probe.withoutCredential);
  const recording = options.record && exchanges.length ? writeRecording(options.record, redacted) : undefined;
  const shown = redacted.exchanges.map((ex) => `${ex.method} ${new URL(ex.url).pathname}${new URL(ex.url).search}`);
  const common = {
    statuses: [...new Set(exchanges.map((ex) => ex.status))],
    requests: shown,
    ...(recording ? { recording } : {}),
    durationMs: Math.round(performance.now() - started),
  };
  // A value the service echoed may be a secret: what the report quotes of the answers is redacted.
  const secrets = secretsOf(tool, input, exchanges);
  const last = calls.at(-1);
  if (refused.length)
    return { ...base, status: "failed", drifts: redactDeep(refusedDrifts(tool.id, refused), secrets), ...common };
  if (!last) {
    const message = result.success ? "no request was sent" : result.error.message;
    return { ...base, status: "error", drifts: [], message: redact(message, secrets), ...common };
  }
  const drifts = redactDeep(checkCall(subject, tool, input, calls, result), secrets);
  const failed = drifts.some((d) => !d.informational);
  return { ...base, status: failed ? "failed" : "passed", drifts, ...common };
}

/** The requests the judge refused (unsent), one drift of the request per refusal: the rule, where, the bytes sent. */
function refusedDrifts(operation: string, refused: readonly RefusedRequest[]): Drift[] {
  return refused.flatMap((r) =>
    r.refusals.map((x) => ({
      operation,
      kind: "request" as const,
      pointer: `/request${x.pointer === "/" ? "" : x.pointer}`,
      message: `the request judge refused ${r.line}, unsent: ${describeRefusal(x)}`,
    })),
  );
}

/**
 * Every answer against its operation's responses, then the block's outputs from the last answer (folded into the body's
 * drift they follow from).
 */
export function checkCall(
  subject: Subject,
  tool: ToolSpec,
  input: Record<string, unknown>,
  calls: readonly LiveExchange[],
  result: ToolResult,
): Drift[] {
  const drifts: Drift[] = [];
  let ownAnswer = false;
  for (const ex of calls) {
    // A stand-in's own answer (stand-in.ts) is not the document's: told, not checked against it.
    const own = standInDrift(tool.id, ex);
    ownAnswer = own !== undefined;
    if (own) drifts.push(own);
    else
      drifts.push(
        ...answerDrift(
          subject,
          tool,
          { status: ex.status, headers: new Headers(ex.responseHeaders), body: ex.responseBody },
          operationOf(subject, tool, ex),
        ),
      );
  }
  const last = calls.at(-1);
  if (!last || ownAnswer) return drifts;
  const output = result.success
    ? (result.output as Record<string, unknown>)
    : result.error.code === "MISSING_OUTPUT"
      ? mappedOutputs(tool, last, input)
      : undefined;
  if (output) drifts.push(...foldOutputDrifts(tool, drifts, outputDrift(subject, tool, output, last.status)));
  return drifts;
}

/** What the mapping makes of an answer the runtime refused for a missing output (the output check then names each). */
function mappedOutputs(
  tool: ToolSpec,
  ex: LiveExchange,
  input: Record<string, unknown>,
): Record<string, unknown> | undefined {
  try {
    return expectedOutputs(
      tool,
      {
        status: ex.status,
        responseBody: ex.responseBody,
        responseHeaders: new Headers(ex.responseHeaders),
      } as Exchange,
      input,
    );
  } catch {
    return undefined;
  }
}

/**
 * An output drift that follows from a drift of the body already reported
 * (the output reads `/id`, the body lacks its required `id`) is the same
 * difference: it is left out, so that each difference is told once.
 */
export function foldOutputDrifts(tool: ToolSpec, bodyDrifts: readonly Drift[], outputDrifts: Drift[]): Drift[] {
  // The body's own differences, told by their kind: a status's or a header's pointer (`/status`, `/headers/…`) is
  // also a body field's (a `status` field missing was told twice, as the body's and as the output reading it).
  const bodyPointers = bodyDrifts.filter((d) => !d.informational && BODY_KINDS.has(d.kind)).map((d) => d.pointer);
  return outputDrifts.filter((d) => {
    const path = d.pointer.replace(/^\/outputs\//, "").replaceAll("/", ".");
    const source = tool.outputs.find((o) => o.path === path)?.source;
    // Each place it reads (a first-of's several): told once when a body difference covers every one of them.
    const places = !source || "value" in source ? [] : "first" in source ? source.first : [source];
    if (!places.length || !places.every((p) => p.expression.startsWith("$response.body"))) return true;
    return !places.every((place) => {
      const read = place.expression.slice("$response.body".length).replace(/^#/, "");
      return bodyPointers.some((p) => read === p || read.startsWith(`${p}/`) || p === "");
    });
  });
}

/** The kinds of difference found in an answer's body, at a pointer into it. */
const BODY_KINDS: ReadonlySet<Drift["kind"]> = new Set([
  "missing-required",
  "type-mismatch",
  "constraint",
  "extra-field",
]);

/** The operation an exchange called: the tool's own, or the route whose method and path it has. */
function operationOf(subject: Subject, tool: ToolSpec, ex: LiveExchange): string {
  if (!tool.routes.length) return tool.operationId;
  const path = new URL(ex.url).pathname;
  for (const id of [tool.operationId, ...tool.routes.map((r) => r.operationId)]) {
    const op = subject.document.operations.get(id);
    if (!op || op.method.toUpperCase() !== ex.method) continue;
    if (pathPattern((tool.server.basePath ?? "") + op.path).test(path)) return id;
  }
  return tool.operationId;
}
