// `blockwright run <workflow> [--mock | --live] [--env-file f] [--json out.json] [--concurrency n]`
import { writeFileSync } from "node:fs";
import { registry, WorkflowErrors } from "../../runtime/index.js";
import { runWorkflowWith } from "../../runtime/workflow/run.js";
import { loadWorkflow } from "../../runtime/workflow/validate.js";
import { startMocks, type MockServers } from "../mocks.js";
import { parseArgs, positiveInteger } from "./args.js";
import { readEnvFile } from "./env-file.js";
import { createProgress, summaryTable } from "./progress.js";
import { UsageError } from "./references.js";

export const RUN_USAGE = `Usage: blockwright run <workflow> [--mock | --live] [--env-file <file>] [--json <out.json>] [--concurrency <n>]

Check a workflow (YAML or JSON), then run it: blocks start as soon as their
upstream blocks succeed, independent branches run concurrently.

  --mock              (default) run against Prism mocks of the providers the
                      workflow uses, started here and stopped at the end;
                      missing secrets get clearly labelled placeholders
  --live              run against the real APIs; every secret must be set
  --env-file <file>   KEY=VALUE lines added to the environment
  --json <out.json>   also write the run result (per block: status, time,
                      outputs, error; secrets redacted) to this file
  --concurrency <n>   blocks running at once (default 4)

Exit status: 0 every block succeeded, 1 a block failed or the workflow is
invalid, 2 usage error, 130 interrupted.`;

export interface RunIo {
  env: Record<string, string | undefined>;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WritableStream;
  /** Resolves when the user asks to stop (Ctrl-C). */
  interrupted?: Promise<void>;
}

export async function runRun(argv: string[], io: RunIo = defaultIo()): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout.write(RUN_USAGE + "\n");
    return 0;
  }
  let mocks: MockServers | undefined;
  try {
    const args = parseArgs(argv, { flags: ["--mock", "--live"], options: ["--env-file", "--json", "--concurrency"] });
    if (args.positional.length !== 1) throw new UsageError(args.positional.length ? `unexpected argument ${JSON.stringify(args.positional[1])}` : "missing <workflow>");
    if (args.flags.has("--mock") && args.flags.has("--live")) throw new UsageError("choose one of --mock and --live");
    const mode = args.flags.has("--live") ? "live" : "mock";
    const envFile = args.options.get("--env-file")?.[0];
    const env = { ...io.env, ...(envFile ? readEnvFile(envFile) : {}) };
    const concurrency = positiveInteger(args.options.get("--concurrency")?.[0], "--concurrency");
    const file = args.positional[0];

    let checked;
    try {
      checked = loadWorkflow(file, registry, { env, mode });
    } catch (e) {
      if (e instanceof WorkflowErrors) {
        io.stderr.write(`blockwright run: ${file} is not valid (${e.errors.length} problem${e.errors.length > 1 ? "s" : ""}):\n${e.message}\n`);
        return 1;
      }
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new UsageError(`no workflow file ${file}`);
      throw e;
    }
    const { workflow } = checked;
    io.stdout.write(`${workflow.name ?? file}: ${Object.keys(workflow.blocks).length} blocks, ${mode} run\n`);

    let baseUrls: Record<string, string> | undefined;
    if (mode === "mock") {
      if (checked.placeholders.length) io.stdout.write(`placeholders (mock run) for unset variables: ${checked.placeholders.join(", ")}\n`);
      const providers = [...new Set(Object.values(workflow.blocks).map((b) => registry.blocks[b.type].type))].sort();
      mocks = await startMocks(providers);
      baseUrls = mocks.urls;
      // One request each, so "ready" means answering; performance.now() counts from process start.
      await Promise.all(Object.values(mocks.urls).map((url) => fetch(url).then((r) => r.body?.cancel())));
      io.stdout.write(`mocks ready ${Math.round(performance.now())} ms after start: ${providers.map((p) => `${p} ${mocks!.urls[p]}`).join(", ")}\n`);
    }

    const controller = new AbortController();
    void io.interrupted?.then(() => controller.abort());
    const progress = createProgress(workflow, io.stdout);
    const result = await runWorkflowWith(registry, checked, {
      env,
      ...(baseUrls ? { baseUrls } : {}),
      mockAnswers: mode === "mock",
      ...(concurrency ? { concurrency } : {}),
      signal: controller.signal,
      onEvent: (event) => progress.onEvent(event),
    });
    progress.stop();
    io.stdout.write(`\n${summaryTable(result, workflow)}\n`);
    const jsonOut = args.options.get("--json")?.[0];
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(result, null, 2) + "\n");
    return result.status === "succeeded" ? 0 : result.status === "cancelled" ? 130 : 1;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`blockwright run: ${e.message}\n\n${RUN_USAGE.split("\n")[0]}\n`);
      return 2;
    }
    throw e;
  } finally {
    await mocks?.close();
  }
}

/** Real streams and environment; the first Ctrl-C (or SIGTERM) cancels the run. */
function defaultIo(): RunIo {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr, interrupted: onInterrupt() };
}

export function onInterrupt(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.stderr.write("\ninterrupted: stopping…\n");
      resolve();
      process.once("SIGINT", () => process.exit(130));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
