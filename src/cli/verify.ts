// `blockwright verify <provider> --base-url <url>`: the provider's calls that
// change nothing, made on the live (or sandbox) service, each answer held
// against the specs; a drift report, and with --record the exchanges, every
// secret redacted, for `test --replay`.
import { checkAddress, checkValue, type ToolSpec } from "@blockwright/runtime/internal";
import { resultMark } from "../contract/report/case-marks.js";
import type { ProbeResult, VerifyReport } from "../verify/verify.js";
import type { Reporter } from "./support/test-reports.js";
import {
  type Options,
  type Parsed,
  parseArgs,
  listOption,
  positiveInteger,
  PROJECT_OPTIONS,
  projectDirs,
  projectProviders,
  stringOption,
} from "./support/args.js";
import { INTERRUPTED, interruptedStatus, progressOf, standardInput, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright verify <provider> --base-url <url> [--param name=value]... \
[--params '<json>'] [--allow-writes <operation>]... [--operation <operation>]... \
[--max-requests <n>] [--interval <ms>] [--timeout <ms>] [--token-url <url>] [--allow-host <host>]... \
[--record <dir>] [--overlay <file>] [--json] [--reporter <r> [--output <file>]]... [--specs <dir>] [--out <dir>]

Check the provider's specs against the real service: call each operation that
changes nothing upstream (a GET, or one the manifest marks read-only) with the
contract suite's valid inputs and your parameters, one request at a time, and
hold every answer against the spec's response for its status (schema,
required headers) and against the outputs the block promises. Each difference
is reported with its JSON pointer, the spec line it contradicts and a
suggested OpenAPI Overlay action to review; a field the spec does not declare
is reported for information only.

  --base-url <url>     the live or sandbox service: https, or http on
                       loopback only; for a provider whose address is a
                       parameter (e.g. instanceUrl), that parameter may
                       stand for it
  --param name=value   a parameter for every operation that has it
                       (repeatable): the credential, an instance, the id of
                       a real record; json parameters take JSON text,
                       each operation reading it as blockwright call does.
                       Secrets only as environment references:
                       --param apiKey={{MY_API_KEY}}; a connection
                       parameter not given is read from
                       <PROVIDER>_<PARAM> (ACME_API_KEY), as call reads it
  --params '<json>'    parameters as one JSON object (--param entries win);
                       --params - reads it from standard input
  --allow-writes <op>  also call this operation, which may change data
                       (repeatable; comma-separated lists too): nothing that
                       could write is sent otherwise
  --operation <op>     only these operations (repeatable)
  --max-requests <n>   send at most n requests in all (default 10)
  --interval <ms>      wait this long between two requests (default 1000,
                       and never less than the manifest's
                       rateLimits.requestsPerMinute allows)
  --timeout <ms>       give up on a call after this long (default 30000)
  --token-url <url>    for OAuth 2 flows: the token endpoint to use (as call)
  --allow-host <host>  let the credential go to this host too (as call)
  --record <dir>       save each call's exchanges in <dir>/<provider>/, every
                       secret redacted, for blockwright test --replay <dir>
  --overlay <file>     write the suggested patches as one OpenAPI Overlay
                       document (JSON, or YAML for a .yaml/.yml file)
  --json               the report as JSON (the same as --reporter json)
  --reporter <r>       text (default), json, junit, github, markdown, html
                       (as blockwright test; repeatable, each --output)
  --output <file>      write the report of the --reporter before it there
  --specs <dir>        the specs folder (default ./specs)
  --out <dir>          the generated packages (default ./generated)

Exit status: 0 every answer agrees with the specs, 1 a difference (or a call
that could not be checked), 2 usage error, 70 internal error (a bug: please
report it), ${INTERRUPTED}.`;

/** The options verify takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  "base-url": { type: "string" },
  param: { type: "string", multiple: true },
  params: { type: "string" },
  "allow-writes": { type: "string", multiple: true },
  operation: { type: "string", multiple: true },
  "max-requests": { type: "string" },
  interval: { type: "string" },
  timeout: { type: "string" },
  "token-url": { type: "string" },
  "allow-host": { type: "string", multiple: true },
  record: { type: "string" },
  overlay: { type: "string" },
  json: { type: "boolean" },
  reporter: { type: "string", multiple: true },
  output: { type: "string", multiple: true },
} as const satisfies Options;

const DEFAULT_MAX_REQUESTS = 10;
const DEFAULT_INTERVAL_MS = 1000;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const [provider, ...extra] = args.positionals;
  if (!provider) throw new UsageError("BW3002", "missing <provider>");
  if (extra.length)
    throw new UsageError(
      "BW3002",
      `unexpected argument ${JSON.stringify(extra[0])} (verify checks one provider at a time)`,
    );
  const { checkOutputs, reportersOf } = await import("./support/test-reports.js");
  if (args.values.json && args.order.some((o) => o.name === "reporter"))
    throw new UsageError("BW3004", "--json is --reporter json: give one or the other");
  const reporters = args.values.json ? [{ name: "json" as const }] : reportersOf(args);
  await checkOutputs(reporters, io);
  const maxRequests =
    positiveInteger(stringOption(args, "max-requests"), "--max-requests", 10_000) ?? DEFAULT_MAX_REQUESTS;
  const intervalMs = nonNegativeInteger(stringOption(args, "interval"), "--interval") ?? DEFAULT_INTERVAL_MS;
  const timeoutMs = positiveInteger(stringOption(args, "timeout"), "--timeout");
  const tokenUrl = stringOption(args, "token-url");
  const allowHosts = listOption(args, "allow-host");
  const { recordOption, record, overlayFile } = await writeTargets(args, io);

  const dirs = projectDirs(args, io.cwd);
  await projectProviders(dirs.specs, io.cwd, [provider]);
  const subject = await loadSubject(io, dirs, provider);
  if (!subject) return 2;
  const ids = subject.tools.map((t) => t.id);
  if (record !== undefined) await refuseLinkedRecordings(record, `--record ${recordOption}`, provider, ids);
  const allowWrites = namedOperations("--allow-writes", listOption(args, "allow-writes"), provider, ids);
  const only = namedOperations("--operation", listOption(args, "operation"), provider, ids);
  if (tokenUrl !== undefined && !subject.tools.some((t) => t.oauth))
    throw new UsageError(
      "BW3006",
      `--token-url: ${provider} declares no OAuth 2 flows (manifest auth.flows), so it requests no token`,
    );

  const { given, origin, texts } = await givenParams(args, io, provider, subject.tools);

  const controller = new AbortController();
  let interrupted = false;
  let stoppedBy: unknown;
  void io.interrupted.then((signal) => {
    interrupted = true;
    stoppedBy = signal;
    controller.abort();
  });
  const { requestSpacing, verifyProvider } = await import("../verify/verify.js");
  const spacing = requestSpacing(subject, intervalMs);
  progressOf(io).write(planLine(provider, origin, maxRequests, spacing));
  const { LinkRefused } = await import("../common/files.js");
  const report = await verifyProvider(subject, {
    origin,
    given,
    texts,
    allowWrites,
    ...(only.size ? { only } : {}),
    maxRequests,
    intervalMs,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(tokenUrl !== undefined ? { tokenUrl } : {}),
    ...(allowHosts.length ? { allowHosts } : {}),
    ...(record !== undefined ? { record } : {}),
    signal: controller.signal,
    onResult: (r, i, planned) => progressOf(io).write(progressLine(r, i, planned)),
  }).catch((e: unknown) => {
    // A link made under --record while it ran: still never written through.
    if (e instanceof LinkRefused) throw new UsageError("BW3007", e.message);
    throw e;
  });
  if (!report.planned)
    throw new UsageError(
      "BW3012",
      `nothing to call: ${report.skippedWrites.join(", ") || "no operation"} may change data, ` +
        `and verify calls only what reads unless --allow-writes names it`,
    );
  if (interrupted) report.stopped = "interrupted";
  const failedToWrite = await tell(report, reporters, overlayFile, io);
  if (failedToWrite !== undefined) return failedToWrite;
  if (interrupted) return interruptedStatus(stoppedBy);
  return report.results.length && report.results.every((r) => r.status === "passed") ? 0 : 1;
}

/** The reports, then the overlay: what the requests found is told even if the overlay then cannot be written. */
async function tell(report: VerifyReport, reporters: Reporter[], overlayFile: string | undefined, io: CliIo) {
  const { writeReports } = await import("./support/test-reports.js");
  const { asSuiteReport, overlayOf, verifyJson, verifyText } = await import("../verify/report.js");
  const failedToWrite = await writeReports(reporters, asSuiteReport(report), io, {
    own: { text: verifyText(report), json: verifyJson(report) },
    command: "blockwright verify",
  });
  if (overlayFile !== undefined) await writeOverlay(overlayFile, overlayOf(report), io);
  return failedToWrite;
}

/** Where it writes (--record, --overlay), refused before any request when nothing could be written there. */
async function writeTargets(args: Parsed, io: CliIo) {
  const recordOption = stringOption(args, "record");
  const { resolve } = await import("node:path");
  const record = recordOption !== undefined ? resolve(io.cwd, recordOption) : undefined;
  const overlayFile = stringOption(args, "overlay");
  const { unsuitableFile, unsuitableFolder } = await import("../common/targets.js");
  const recordProblem = record !== undefined ? unsuitableFolder(record) : undefined;
  if (recordProblem) throw new UsageError("BW3007", `--record ${recordOption}: ${recordProblem}`);
  const overlayProblem = overlayFile !== undefined ? unsuitableFile(resolve(io.cwd, overlayFile)) : undefined;
  if (overlayProblem) throw new UsageError("BW3007", `--overlay ${overlayFile}: ${overlayProblem}`);
  return { recordOption, record, overlayFile };
}

/** The provider's subject of the contract suite; undefined, once said, when its specs cannot give one. */
async function loadSubject(io: CliIo, dirs: { specs: string; out: string }, provider: string) {
  const { loadSubjects, SubjectError } = await import("../contract/subjects.js");
  try {
    const subject = (await loadSubjects({ root: io.cwd, ...dirs }, [provider]))[0];
    // A document nesting too deep through its `$ref`s for the judge's walks, refused by its depth and place before any
    // request (load/schemas/reference-depth.ts). Measured first, as a mock's is: where the link's walks held, the
    // validator's overflowed on each answer, said as drift (exit 1).
    const { tooDeepSourceError } = await import("../load/schemas/reference-depth.js");
    const tooDeep = subject && tooDeepSourceError(subject.document.source);
    if (tooDeep) throw new SubjectError(tooDeep.printed);
    return subject;
  } catch (e) {
    if (e instanceof SubjectError) {
      io.stderr.write(`blockwright verify: ${e.message}\n`);
      return undefined;
    }
    throw e;
  }
}

/** Recordings are never written through a symbolic link: one in the way is refused before any request. */
async function refuseLinkedRecordings(record: string, flag: string, provider: string, ids: string[]): Promise<void> {
  const { linkInRecordings } = await import("../verify/recording.js");
  const link = linkInRecordings(record, provider, ids);
  if (link)
    throw new UsageError(
      "BW3007",
      `${flag}: ${link} is a symbolic link: recordings are never written through a link ` +
        `(replace the link with the file or folder itself)`,
    );
}

/** The operations a flag names (repeated, or comma-separated), each one of the provider's. */
function namedOperations(flag: string, list: string[], provider: string, ids: string[]): Set<string> {
  const out = new Set(
    list
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean),
  );
  for (const id of out)
    if (!ids.includes(id))
      throw new UsageError("BW3006", `${flag} ${id}: not an operation of ${provider} (operations: ${ids.join(", ")})`);
  return out;
}

type SubjectTool = Pick<ToolSpec, "provider" | "params" | "server" | "routes" | "auth" | "oauth">;

/**
 * The parameters given (--params, --param), each one of some operation's, their secret references resolved; the
 * service's origin, given too as the address parameter of the operations that take one.
 */
async function givenParams(args: Parsed, io: CliIo, provider: string, tools: SubjectTool[]) {
  const { callParams } = await import("./call.js");
  const json = stringOption(args, "params");
  const params = callParams(json === "-" ? await standardInput(io, "--params -") : json, listOption(args, "param"));
  const known = new Map(tools.flatMap((t) => t.params.map((p) => [p.name, p] as const)));
  for (const name of Object.keys(params)) {
    if (!known.has(name))
      throw new UsageError(
        "BW3006",
        `${name}: not a parameter of any operation of ${provider} (parameters: ${[...known.keys()].join(", ")})`,
      );
  }
  const { connectionFromEnvironment, resolveNestedReferences, resolveParamReferences } = await import(
    "./support/references.js"
  );
  const given = resolveParamReferences(
    params,
    new Set([...known.values()].filter((p) => p.secret).map((p) => p.name)),
    io.env,
  );
  resolveNestedReferences(given, [...known.values()], io.env);
  // A connection parameter not given (the credential, an instance) from <PROVIDER>_<PARAM>, as call and mcp read it.
  for (const t of tools)
    for (const [name, value] of Object.entries(connectionFromEnvironment(t, given, io.env))) given[name] ??= value;
  refuseUnusableSecrets(given, tools);
  const origin = baseOrigin(stringOption(args, "base-url"), tools, given);
  for (const t of tools) if (t.server.param && given[t.server.param] === undefined) given[t.server.param] = origin;

  // The names `--param` gave as text, which has no type: each operation reads them as its parameter's forms say.
  const texts = new Set(listOption(args, "param").map((entry) => entry.slice(0, entry.indexOf("="))));
  return { given, origin, texts };
}

/**
 * A secret the credential's rules refuse (shorter than its minLength), refused before any request: each call would be
 * refused for it, as many "not checked" calls. Its value is withheld in the message, as the call's check words it.
 */
function refuseUnusableSecrets(given: Record<string, unknown>, tools: SubjectTool[]): void {
  for (const tool of tools) {
    for (const param of tool.params) {
      if (!param.secret || given[param.name] === undefined) continue;
      const checked = checkValue(param, given[param.name], tool);
      if ("issue" in checked)
        throw new UsageError("BW3003", `--param ${checked.issue.message} (rule ${checked.issue.rule})`);
    }
  }
}

/** The line each call's result is said in, as it comes. */
function progressLine(r: Pick<ProbeResult, "status" | "id" | "statuses">, i: number, planned: number): string {
  return (
    `blockwright verify: ${i + 1}/${planned} ${resultMark(r.status)} ${r.id} ` +
    `(${r.statuses.join(", ") || "no answer"})\n`
  );
}

/** The line verify starts with: the provider, where, how many requests at most and how far apart. */
function planLine(
  provider: string,
  origin: string,
  maxRequests: number,
  spacing: { ms: number; requestsPerMinute?: number },
): string {
  const why =
    spacing.requestsPerMinute !== undefined
      ? ` (the manifest's rateLimits.requestsPerMinute: ${spacing.requestsPerMinute})`
      : "";
  return (
    `blockwright verify: ${provider} on ${origin}, at most ${maxRequests} request` +
    `${maxRequests === 1 ? "" : "s"}, ${spacing.ms} ms apart${why}\n`
  );
}

/** The service's origin: --base-url, or the address parameter every operation shares; https or loopback only. */
function baseOrigin(
  given: string | undefined,
  tools: { server: { param?: string } }[],
  params: Record<string, unknown>,
): string {
  const serverParam = tools.find((t) => t.server.param)?.server.param;
  const fromParam =
    serverParam !== undefined && typeof params[serverParam] === "string" ? (params[serverParam] as string) : undefined;
  const text = given ?? fromParam;
  const flag = given !== undefined ? "--base-url" : `--param ${serverParam}`;
  if (text === undefined)
    throw new UsageError(
      "BW3002",
      `missing --base-url: the address of the live or sandbox service (https, ` +
        `or http on loopback)${serverParam ? `, or --param ${serverParam}=…` : ""}`,
    );
  // The runtime's own rules for a base address (https, or http on loopback; scheme and host only; no credentials).
  const checked = checkAddress(text);
  if ("problem" in checked)
    throw new UsageError(
      "BW3003",
      `${flag} ${checked.problem}, got ` +
        `${checked.withhold ? "(an address with credentials, withheld)" : JSON.stringify(text)}`,
    );
  if (given !== undefined && fromParam !== undefined) {
    const other = checkAddress(fromParam);
    if (!("origin" in other) || other.origin !== checked.origin)
      throw new UsageError(
        "BW3004",
        `--base-url ${checked.origin} and --param ${serverParam}=${fromParam} name two services: give one`,
      );
  }
  return checked.origin;
}

function nonNegativeInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(value) || Number(value) > 600_000)
    throw new UsageError(
      "BW3003",
      `${flag} takes a whole number of milliseconds from 0 to 600000, got ${JSON.stringify(value)}`,
    );
  return Number(value);
}

async function writeOverlay(file: string, overlay: object, io: CliIo): Promise<void> {
  const { resolve, dirname } = await import("node:path");
  const { mkdirSync } = await import("node:fs");
  const { LinkRefused, writeNamedFile } = await import("../common/files.js");
  const { stringify } = await import("yaml");
  const path = resolve(io.cwd, file);
  const text = /\.ya?ml$/i.test(file) ? stringify(overlay) : `${JSON.stringify(overlay, null, 2)}\n`;
  try {
    // Its folder made, as a report's (--output) is: writeTargets found before any request that it can be.
    mkdirSync(dirname(path), { recursive: true });
    writeNamedFile(path, text, `--overlay ${file}`);
  } catch (e) {
    if (e instanceof LinkRefused) throw new UsageError("BW3007", e.message);
    throw new UsageError(
      "BW3007",
      `--overlay ${file}: cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}
