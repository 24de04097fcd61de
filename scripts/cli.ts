// `blockwright <command>`: the command-line face of the project.
import { fileURLToPath } from "node:url";
import { runCall, CALL_USAGE } from "./cli/call.js";
import { runGenerate, USAGE as GENERATE_USAGE } from "./generate.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export const USAGE = `Usage: blockwright <command> [options]

Commands:
  call <operationId>   run one tool and print its result as JSON
  generate [--check]   regenerate generated/ from specs/ (or check it is up to date)

Run \`blockwright <command> --help\` for a command's options.`;

const commands: Record<string, { usage: string; run: (argv: string[]) => Promise<number> }> = {
  call: { usage: CALL_USAGE, run: (argv) => runCall(argv) },
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
