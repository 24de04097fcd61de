// `blockwright <command>`: the command-line face of the project.
import { fileURLToPath } from "node:url";
import { runCall, CALL_USAGE } from "./cli/call.js";
import { runMock, MOCK_USAGE } from "./cli/mock.js";
import { runRun, RUN_USAGE } from "./cli/run.js";
import { runValidate, VALIDATE_USAGE } from "./cli/validate.js";
import { runGenerate, USAGE as GENERATE_USAGE } from "./generate.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export const USAGE = `Usage: blockwright <command> [options]

Commands:
  run <workflow>       run a workflow, on Prism mocks (default) or the live APIs
  validate <workflow>  check a workflow without running it
  call <operationId>   run one tool and print its result as JSON
  mock [provider...]   start Prism mocks of the providers until Ctrl-C
  generate [--check]   regenerate generated/ from specs/ (or check it is up to date)

Run \`blockwright <command> --help\` for a command's options.`;

const commands: Record<string, { usage: string; run: (argv: string[]) => Promise<number> }> = {
  run: { usage: RUN_USAGE, run: (argv) => runRun(argv) },
  validate: { usage: VALIDATE_USAGE, run: (argv) => runValidate(argv) },
  call: { usage: CALL_USAGE, run: (argv) => runCall(argv) },
  mock: { usage: MOCK_USAGE, run: (argv) => runMock(argv) },
  generate: { usage: GENERATE_USAGE, run: (argv) => runGenerate(argv, ROOT) },
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`blockwright: unknown command ${JSON.stringify(name)}\n\n${USAGE}`);
    return 2;
  }
  return command.run(rest);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
