// `blockwright validate <workflow> [--env-file f] [--mock] [--out dir]`
import { parseArgs, projectDirs, stringOption } from "./args.js";
import { UsageError, type CliIo } from "./io.js";

export const USAGE = `Usage: blockwright validate <workflow> [--env-file <file>] [--mock] [--out <dir>]

Check a workflow without running it: block types and operations, parameters
and their values, references (and their types), connections, cycles, mock
answers and secrets. Each problem is reported as file:line:col.

  --env-file <file>   KEY=VALUE lines added to the environment
  --mock              accept unset variables, as a mock run does (placeholders)
  --out <dir>         the generated packages (default ./generated)

Exit status: 0 valid, 1 invalid, 2 usage error.`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { "env-file": { type: "string" }, mock: { type: "boolean" }, out: { type: "string" } });
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError("missing <workflow>");
  if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const { readWorkflowInput } = await import("./workflow-input.js");
  const envFile = stringOption(args, "env-file");
  const { checked } = await readWorkflowInput(file, io, { out: projectDirs(args, io.cwd).out, mode: args.values.mock ? "mock" : "live", ...(envFile ? { envFile } : {}) });
  if ("problems" in checked) {
    io.stderr.write(`${file}: ${checked.problems.length} problem${checked.problems.length > 1 ? "s" : ""}\n${checked.problems.join("\n")}\n`);
    return 1;
  }
  const count = Object.keys(checked.workflow.blocks).length;
  io.stdout.write(`${file}: valid (${count} block${count === 1 ? "" : "s"}${checked.placeholders.length ? `; placeholders in a mock run for ${checked.placeholders.join(", ")}` : ""})\n`);
  return 0;
}
