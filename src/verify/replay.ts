// `blockwright test --replay <dir>`: each recording of `verify --record`
// becomes a case. The tool, as generated now, is called with the recorded
// input (stand-ins for its secrets) on a fetch that answers from the
// recording — never the network — and must send the requests it recorded
// (same canonical form); then every recorded answer is held against the
// specs as they are now, and the block's outputs against what it promises.
// A spec edit that contradicts what the real service said fails here,
// without credentials.
import { executeToolDefinition, type FetchLike, type ToolResult, type ToolSpec } from "@blockwright/runtime/internal";
import { valuesOf } from "../contract/inputs/values.js";
import { ContractFailure, type ContractCase, type Subject } from "../contract/types.js";
import { describeDrift } from "./drift.js";
import { credentialTakenOut, isTokenRequest } from "./live-fetch.js";
import {
  canonicalRequest,
  readRecordings,
  type RecordedExchange,
  type Recording,
  RecordingError,
} from "./recording.js";

export { RecordingError };
import { checkCall } from "./verify.js";

export interface ReplayOptions {
  /** Recordings older than this many milliseconds fail (none: any age). */
  maxAgeMs?: number;
  now: Date;
}

/** The replayed cases of every provider with recordings in `dir`; none at all is a RecordingError. */
export function recordedCases(
  subjects: readonly Subject[],
  dir: string,
  options: ReplayOptions & { root: string },
): ContractCase<"replay">[] {
  const cases = subjects.flatMap((subject) =>
    replayCases(subject, readRecordings(dir, subject.provider, options.root), options),
  );
  if (!cases.length)
    throw new RecordingError(
      `no recordings of ${subjects.map((s) => s.provider).join(", ")} there (blockwright verify <provider> ` +
        `--record <dir> makes them)`,
    );
  return cases;
}

/** A stand-in for a secret the recording withheld, long enough to be one. */
const STAND_IN = "bw-replay-secret-0001";

export function replayCases(
  subject: Subject,
  recordings: { file: string; recording: Recording }[],
  options: ReplayOptions,
): ContractCase<"replay">[] {
  return recordings.map(({ file, recording }) => ({
    id: `${recording.operation} › replay › ${recording.name}`,
    provider: subject.provider,
    operation: recording.operation,
    kind: "replay",
    name: recording.name,
    source: { document: "manifest", path: ["operations", recording.operation] },
    run: async () => replay(subject, file, recording, options),
  }));
}

async function replay(subject: Subject, file: string, recording: Recording, options: ReplayOptions): Promise<void> {
  const ageMs = options.now.getTime() - Date.parse(recording.recordedAt);
  if (options.maxAgeMs !== undefined && ageMs > options.maxAgeMs) {
    throw new ContractFailure(
      `${file} was recorded ${days(ageMs)} ago (${recording.recordedAt}), longer ago than --max-age allows (` +
        `${days(options.maxAgeMs)}): record it again with blockwright verify ${recording.provider} ` +
        `--record <dir>`,
    );
  }
  const tool = subject.tools.find((t) => t.id === recording.operation);
  if (!tool)
    throw new ContractFailure(
      `${file} records ${recording.operation}, which ${subject.provider} no longer has (operations: ` +
        `${subject.tools.map((t) => t.id).join(", ")})`,
    );
  const secrets = Object.fromEntries(recording.secretParams.map((name) => [name, standIn(subject, tool, name)]));
  const input = { ...recording.input, ...secrets };
  const served = replayFetch(tool, recording.exchanges, Object.values(secrets), recording.withoutCredential === true);
  let result: ToolResult;
  try {
    result = await executeToolDefinition(tool, input, {
      ...(tool.server.param ? {} : { baseUrl: recording.origin }),
      allowHosts: [new URL(recording.origin).hostname],
      fetch: served.fetch,
      retries: 0,
      // The outputs' kinds are the answer check's to name, at the manifest's line (output-check.ts).
      validateOutputs: false,
    });
  } catch (e) {
    throw new ContractFailure(`the runtime threw instead of returning a result: ${(e as Error)?.message ?? String(e)}`);
  }
  if (served.mismatch) throw new ContractFailure(served.mismatch);
  const calls = served.used.filter((ex) => !ex.token);
  if (!calls.length)
    throw new ContractFailure(`the tool sent no request${result.success ? "" : `: ${result.error.message}`}`);
  const unused = recording.exchanges.filter((ex) => !ex.token && !served.used.includes(ex));
  if (unused.length)
    throw new ContractFailure(
      `the tool now sends ${calls.length} request${calls.length === 1 ? "" : "s"} where ${file} ` +
        `recorded ${calls.length + unused.length}; not sent now: ` +
        `${unused.map((ex) => firstLine(ex.canonical)).join(", ")}`,
    );
  const failing = checkCall(subject, tool, input, calls, result).filter((d) => !d.informational);
  if (failing.length)
    throw new ContractFailure(
      `what the service answered (recorded ${recording.recordedAt}) contradicts the specs:\n` +
        `${failing.map(describeDrift).join("\n")}`,
      failing.find((d) => d.at)?.at,
    );
}

/**
 * A value for a withheld secret that the parameter's rules accept: the suite's own candidate, else a long plain one.
 */
function standIn(subject: Subject, tool: ToolSpec, name: string): unknown {
  const values = valuesOf(tool, subject.document);
  const param = values.param(name);
  return values.candidates(param).find((c) => values.accepts(param, c.value))?.value ?? STAND_IN;
}

interface Served {
  fetch: FetchLike;
  used: RecordedExchange[];
  /** Why a request found no recorded answer. */
  mismatch?: string;
}

/** Answers each request with the first unused recorded exchange of the same canonical form. */
function replayFetch(
  tool: ToolSpec,
  exchanges: readonly RecordedExchange[],
  secrets: unknown[],
  withoutCredential: boolean,
): Served {
  const served: Served = { fetch: async () => new Response(), used: [] };
  const texts = secrets.filter((s): s is string => typeof s === "string");
  served.fetch = async (given) => {
    // A call recorded without its credential went without it: the same is taken out here.
    const request = withoutCredential ? credentialTakenOut(given, tool.auth) : given;
    const requestBody = request.body ? await request.clone().text() : "";
    const token = isTokenRequest(request, requestBody);
    const now = canonicalRequest(
      tool,
      {
        method: request.method,
        url: request.url,
        requestHeaders: Object.fromEntries(request.headers),
        requestBody,
        ...(token ? { token: true as const } : {}),
      },
      texts,
    );
    const match = exchanges.find((ex) => !served.used.includes(ex) && ex.canonical === now);
    if (!match) {
      const next = exchanges.find((ex) => !served.used.includes(ex) && Boolean(ex.token) === token);
      const indented = (request: string) => request.replaceAll("\n", "\n            ");
      served.mismatch ??=
        "the request the tool sends now matches no recorded one:\n" +
        `  now:      ${indented(now)}\n  recorded: ${next ? indented(next.canonical) : "(no request left)"}`;
      throw new Error("no recorded answer for this request (replay sends nothing to the network)");
    }
    served.used.push(match);
    const nullBody = match.status === 204 || match.status === 205 || match.status === 304;
    return new Response(nullBody ? null : match.responseBody, { status: match.status, headers: match.responseHeaders });
  };
  return served;
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}

function days(ms: number): string {
  const d = ms / 86_400_000;
  return d >= 1 ? `${Math.floor(d)} day${Math.floor(d) === 1 ? "" : "s"}` : `${Math.round(ms / 3_600_000)} hours`;
}
