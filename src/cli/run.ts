// `blockwright run <workflow> [--mock | --live] [--allow-host h]... [--token-url p=url]... [--env-file f] [--json
// out.json] [--concurrency n] [--seed n] [--state file] [--specs dir] [--out dir]`
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  listOption,
  parseArgs,
  positiveInteger,
  PROJECT_OPTIONS,
  projectDirs,
  seedOption,
  stringOption,
  type Options,
} from "./support/args.js";
import { INTERRUPTED, interruptedStatus, progressOf, startCommandMocks, UsageError, type CliIo } from "./support/io.js";
import { TOKEN_URL_HELP, tokenUrlsOption } from "./support/token-urls.js";
import { unsuitableFile } from "../common/targets.js";

export const USAGE = `Usage: blockwright run <workflow> [--mock | --live] [--allow-host <host>]... \
[--token-url <provider>=<url>]... [--env-file <file>] [--json <out.json>] [--concurrency <n>] [--seed <n>] [--state \
<file>] [--specs <dir>] [--out <dir>]

Check a workflow (YAML or JSON), then run it: blocks start as soon as their
upstream blocks succeed, independent branches run concurrently. Progress goes
to stderr, the summary table to stdout. A workflow named - is read from
standard input.

  --mock              (default) run against Prism mocks of the providers the
                      workflow uses, started here and stopped at the end;
                      missing secrets get clearly labelled placeholders;
                      OAuth 2 flows get tokens from a token endpoint mock;
                      an answer the document gives no example of is drawn
                      from its schema; the records of the documents'
                      resources are kept for the run (POST /things creates,
                      GET /things/{id} reads what was made, PATCH/PUT
                      update, DELETE removes, the list answers them)
  --live              run against the real APIs; every secret must be set
  --allow-host <host> let credentials go to this host too (repeatable), for an
                      address parameter naming a host its provider does not
                      list: a name, *.domain, *, or an IP address
${TOKEN_URL_HELP}
  --env-file <file>   KEY=VALUE lines added to the environment
  --json <out.json>   also write the run result (per block: status, time,
                      outputs, error; secrets redacted) to this file
  --concurrency <n>   blocks running at once (default 4)
  --seed <n>          with --mock: seed of the answers the mocks draw from
                      schemas (default 1): the same seed, the same answers
  --state <file>      with --mock: keep the mocks' records in this file, read
                      at the start and written after each change, so that
                      the next run finds what this one made
  --specs <dir>       the specs the mocks are built from (default ./specs)
  --out <dir>         the generated packages (default ./generated)

Exit status: 0 every block succeeded, 1 a block failed or the workflow is
invalid, 2 usage error, 70 internal error (a bug: please report it),
${INTERRUPTED}.`;

/** The options run takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  mock: { type: "boolean" },
  live: { type: "boolean" },
  "env-file": { type: "string" },
  json: { type: "string" },
  concurrency: { type: "string" },
  seed: { type: "string" },
  state: { type: "string" },
  "allow-host": { type: "string", multiple: true },
  "token-url": { type: "string", multiple: true },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError("BW3002", "missing <workflow>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  if (args.values.mock && args.values.live) throw new UsageError("BW3004", "choose one of --mock and --live");
  const mode = args.values.live ? "live" : "mock";
  const concurrency = positiveInteger(stringOption(args, "concurrency"), "--concurrency");
  const seed = seedOption(stringOption(args, "seed"));
  if (seed !== undefined && mode === "live")
    throw new UsageError("BW3004", "--seed draws the mocks' answers: it goes with --mock, not --live");
  const stateFile = stringOption(args, "state");
  if (stateFile !== undefined && mode === "live")
    throw new UsageError("BW3004", "--state keeps the mocks' records: it goes with --mock, not --live");
  const jsonOut = stringOption(args, "json");
  const allowHosts = listOption(args, "allow-host");
  if (jsonOut !== undefined) checkWritable(resolve(io.cwd, jsonOut), jsonOut);
  const dirs = projectDirs(args, io.cwd);

  // Ctrl-C from here on: nothing more starts, and nothing is sent.
  const controller = new AbortController();
  let stoppedBy: unknown;
  void io.interrupted.then((signal) => {
    stoppedBy = signal;
    controller.abort();
  });

  const { readWorkflowInput } = await import("./support/workflow-input.js");
  const envFile = stringOption(args, "env-file");
  const { registry, env, checked } = await readWorkflowInput(file, io, {
    out: dirs.out,
    mode,
    ...(envFile ? { envFile } : {}),
  });
  if ("problems" in checked) return notValid(io, file, checked.problems);
  const { workflow } = checked;
  const oauthProviders = new Set(Object.values(registry.tools).flatMap((t) => (t.oauth ? [t.provider] : [])));
  const givenTokenUrls = tokenUrlsOption(listOption(args, "token-url"), [...oauthProviders]);
  progressOf(io).write(`${workflow.name ?? file}: ${Object.keys(workflow.blocks).length} blocks, ${mode} run\n`);

  let mocks: { urls: Record<string, string>; tokenUrls: Record<string, string>; close(): Promise<void> } | undefined;
  try {
    let baseUrls: Record<string, string> | undefined;
    let tokenUrls = givenTokenUrls;
    if (mode === "mock") {
      if (checked.placeholders.length)
        io.stderr.write(`placeholders (mock run) for unset variables: ${checked.placeholders.join(", ")}\n`);
      const providers = [...new Set(Object.values(workflow.blocks).map((b) => b.type))].sort();
      const state = stateFile !== undefined ? { file: resolve(io.cwd, stateFile) } : {};
      mocks = await startCommandMocks(io, providers, {
        specsDir: dirs.specs,
        ...(seed !== undefined ? { seed } : {}),
        state,
      });
      baseUrls = mocks.urls;
      // A --token-url wins over the token endpoint mock.
      tokenUrls = { ...mocks.tokenUrls, ...givenTokenUrls };
      if (!controller.signal.aborted) sayMocksReady(io, providers, mocks.urls);
    }

    const [{ runWorkflowWith }, { agentFetch }] = await Promise.all([
      import("@blockwright/runtime/workflow"),
      import("@blockwright/runtime/internal"),
    ]);
    const { createProgress, summaryTable } = await import("./support/progress.js");
    const progress = createProgress(workflow, progressOf(io));
    // What is shown and written withholds the secrets replies hand out, as `call` prints them.
    const withheld = new (await import("./support/withheld-run.js")).WithheldRun(registry.tools, io.stderr);
    const result = await runWorkflowWith(registry, checked, {
      env,
      ...(baseUrls ? { baseUrls } : {}),
      ...(Object.keys(tokenUrls).length ? { tokenUrls } : {}),
      mockAnswers: mode === "mock",
      ...(concurrency ? { concurrency } : {}),
      ...(allowHosts.length ? { allowHosts } : {}),
      signal: controller.signal,
      onEvent: (event) => progress.onEvent(withheld.event(event)),
      // Each request says who calls (User-Agent: blockwright/<version>), as `call`'s and `mcp`'s do.
      fetch: agentFetch(),
    });
    progress.stop();
    const shown = withheld.run(result);
    io.stdout.write(`${summaryTable(shown, workflow)}\n`);
    if (jsonOut !== undefined && !(await writeJsonResult(io, jsonOut, shown))) return 2;
    return result.status === "succeeded" ? 0 : result.status === "cancelled" ? interruptedStatus(stoppedBy) : 1;
  } finally {
    await mocks?.close();
  }
}

/** A workflow that is not valid: each problem printed, exit 1. */
function notValid(io: CliIo, file: string, problems: readonly string[]): number {
  io.stderr.write(
    `blockwright run: ${file} is not valid (${problems.length} problem` +
      `${problems.length > 1 ? "s" : ""}):\n${problems.join("\n")}\n`,
  );
  return 1;
}

/**
 * Listening is answering: Prism builds its routes before it listens (a probe request would only make it log an
 * unmatched path). performance.now() counts from process start.
 */
function sayMocksReady(io: CliIo, providers: string[], urls: Record<string, string>): void {
  progressOf(io).write(
    `mocks ready ${Math.round(performance.now())} ms after start: ` +
      `${providers.map((p) => `${p} ${urls[p]}`).join(", ")}\n`,
  );
}

/** --json: the run's result written to the file; false, once said, when it cannot be. */
async function writeJsonResult(io: CliIo, jsonOut: string, result: unknown): Promise<boolean> {
  const { LinkRefused, writeNamedFile } = await import("../common/files.js");
  try {
    writeNamedFile(resolve(io.cwd, jsonOut), JSON.stringify(result, null, 2) + "\n", `--json ${jsonOut}`);
    return true;
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    const message = e instanceof LinkRefused ? e.message : `--json ${jsonOut}: cannot be written (${why})`;
    io.stderr.write(`blockwright run: ${message}\n`);
    return false;
  }
}

/** Refuse a --json path that cannot be written, before anything runs (not after the whole run succeeded). */
function checkWritable(path: string, given: string): void {
  const folder = dirname(path);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new UsageError("BW3007", `--json ${given}: the folder ${dirname(given)} does not exist`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError("BW3007", `--json ${given}: is a folder`);
  const unsuitable = unsuitableFile(path);
  if (unsuitable) throw new UsageError("BW3007", `--json ${given}: ${unsuitable}`);
}
