// `blockwright validate <workflow | -> [--env-file f] [--mock] [--json] [--out dir]`
import { parseArgs, projectDirs, stringOption } from "./support/args.js";
import { UsageError, type CliIo } from "./support/io.js";
import { PROBLEM_JSON_HELP } from "./support/problem-json.js";

export const USAGE = `Usage: blockwright validate <workflow | -> [--env-file <file>] [--mock] [--json] [--out <dir>]

Check a workflow without running it: block types and operations, parameters
and their values, references (and their types), connections, cycles, mock
answers and secrets. Each problem is reported as file:line:col. A workflow
named - is read from standard input (and named <stdin> in messages).

  --env-file <file>   KEY=VALUE lines added to the environment
  --mock              accept unset variables, as a mock run does (placeholders)
  --json              print the result as JSON on stdout: {file, valid,
                      blocks, placeholders, problems: [${PROBLEM_JSON_HELP}]}
  --out <dir>         the generated packages (default ./generated)

Exit status: 0 valid, 1 invalid, 2 usage error, 70 internal error (a bug:
please report it).`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    "env-file": { type: "string" },
    mock: { type: "boolean" },
    json: { type: "boolean" },
    out: { type: "string" },
  });
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError("BW3002", "missing <workflow>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  const { readWorkflowInput } = await import("./support/workflow-input.js");
  const envFile = stringOption(args, "env-file");
  const { checked } = await readWorkflowInput(file, io, {
    out: projectDirs(args, io.cwd).out,
    mode: args.values.mock ? "mock" : "live",
    ...(envFile ? { envFile } : {}),
  });
  if (args.values.json) {
    const { STDIN_NAME } = await import("./support/workflow-input.js");
    const name = file === "-" ? STDIN_NAME : file;
    const result =
      "problems" in checked
        ? { file: name, valid: false, problems: checked.at }
        : {
            file: name,
            valid: true,
            blocks: Object.keys(checked.workflow.blocks).length,
            placeholders: checked.placeholders,
            problems: [],
          };
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.valid ? 0 : 1;
  }
  if ("problems" in checked) {
    io.stderr.write(
      `${file}: ${checked.problems.length} problem${checked.problems.length > 1 ? "s" : ""}\n` +
        `${checked.problems.join("\n")}\n`,
    );
    return 1;
  }
  const count = Object.keys(checked.workflow.blocks).length;
  io.stdout.write(
    `${file}: valid (${count} block${count === 1 ? "" : "s"}` +
      `${checked.placeholders.length ? `; placeholders in a mock run for ${checked.placeholders.join(", ")}` : ""})\n`,
  );
  return 0;
}
