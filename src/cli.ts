// `blockwright <command>`: the command-line face of the project. Commands are
// loaded only when run, so `--help`, `--version` and `call` start fast.
import { CommandFailure, processIo, UsageError, type CliIo } from "./cli/support/io.js";
import { logSafe } from "./common/github-actions.js";
import { generateOptimiser, lessEagerOptimiser } from "./common/v8-flags.js";
import { version } from "./cli/version.js";

interface Command {
  /** The command's usage line and what it does (the help aligns the two columns). */
  summary: [string, string];
  load: () => Promise<{ USAGE: string; run: (argv: string[], io: CliIo) => Promise<number> }>;
  /** Runs once over the whole project and exits (see batchCommand). */
  batch?: true;
}

const COMMANDS: Record<string, Command> = {
  init: {
    summary: ["init [dir]", "scaffold a project: a sample provider, specs/, a workflow, scripts"],
    load: () => import("./cli/init.js"),
  },
  add: {
    summary: ["add <p> --from <doc>", "start a provider from its published OpenAPI or Swagger document"],
    load: () => import("./cli/add.js"),
  },
  generate: {
    summary: ["generate [--check]", "generate one package per provider from specs/ into generated/"],
    load: () => import("./cli/generate.js"),
    batch: true,
  },
  diff: {
    summary: ["diff [--base <ref>]", "what changed for package users: breaking or not, next versions, workflows hit"],
    load: () => import("./cli/diff.js"),
    batch: true,
  },
  upstream: {
    summary: ["upstream <p> <document>", "what a newer published upstream document changes in what we bind"],
    load: () => import("./cli/upstream.js"),
  },
  mock: {
    summary: ["mock [provider...]", "start Prism mocks of the providers until Ctrl-C"],
    load: () => import("./cli/mock.js"),
  },
  call: {
    summary: ["call <operationId>", "run one tool and print its result as JSON"],
    load: () => import("./cli/call.js"),
  },
  validate: {
    summary: ["validate <workflow>", "check a workflow without running it"],
    load: () => import("./cli/validate.js"),
  },
  run: {
    summary: ["run <workflow>", "run a workflow, on Prism mocks (default) or the live APIs"],
    load: () => import("./cli/run.js"),
  },
  serve: {
    summary: ["serve <workflow>", "receive a trigger's deliveries and run the workflow once per event"],
    load: () => import("./cli/serve.js"),
  },
  runs: {
    summary: ["runs list|replay", "serve's runs: list them, queue a failed or dead one again"],
    load: () => import("./cli/runs.js"),
  },
  emit: {
    summary: ["emit <triggerId>", "send a trigger's delivery, signed as its provider would (or its handshake)"],
    load: () => import("./cli/emit.js"),
  },
  graph: {
    summary: ["graph <workflow>", "draw a workflow's blocks and connections: Mermaid or SVG"],
    load: () => import("./cli/graph.js"),
  },
  tools: {
    summary: ["tools --format <f>", "print the tools as LLM tool definitions (openai, anthropic, mcp)"],
    load: () => import("./cli/tools.js"),
  },
  mcp: {
    summary: ["mcp [provider...]", "serve the tools to an MCP client over stdio (--mock: no keys needed)"],
    load: () => import("./cli/mcp.js"),
  },
  test: {
    summary: ["test [provider...]", "run the contract suite derived from the specs, on Prism mocks"],
    load: () => import("./cli/test.js"),
  },
  report: {
    summary: ["report merge <report>...", "join the reports of a suite run in shards into one, in any format"],
    load: () => import("./cli/report.js"),
  },
  verify: {
    summary: ["verify <provider>", "check the specs against the live service (--base-url): drift, --record for replay"],
    load: () => import("./cli/verify.js"),
  },
  publish: {
    summary: ["publish [--dry-run]", "publish the workspace packages the registry lacks, runtime first"],
    load: () => import("./cli/publish.js"),
  },
};

/** Every command's name, in the order the help lists them. */
export const COMMAND_NAMES = Object.keys(COMMANDS);

/**
 * Whether the command is a batch over the whole project (generate, diff):
 * bin/blockwright.js then makes V8's optimising compiler less eager before
 * the command's code loads. Serving and calling commands keep the default.
 */
export function batchCommand(name: string | undefined): boolean {
  return name !== undefined && Object.hasOwn(COMMANDS, name) && COMMANDS[name]?.batch === true;
}

/**
 * The V8 flags of a command: a batch's optimising compilers 8× less eager (none for the others), generate's Maglev
 * 16× and TurboFan 32× (generateOptimiser). bin/blockwright.js sets them before the command's code loads, unless the
 * process was started with them (generate's, src/common/relaunch.ts).
 */
export function v8FlagsFor(name: string | undefined): string[] {
  if (!batchCommand(name)) return [];
  return name === "generate" ? generateOptimiser() : lessEagerOptimiser(8);
}

/** What main answers itself: the help of a command, and the shell completion written from every command's help. */
const BUILTINS = {
  help: { summary: ["help [command]", "this help, or a command's (as blockwright <command> --help)"] },
  completion: { summary: ["completion <shell>", "print a completion script for bash, zsh or fish"] },
} as const;

const SUMMARIES = [...Object.values(COMMANDS), ...Object.values(BUILTINS)].map((c) => c.summary);
const USAGE_WIDTH = Math.max(...SUMMARIES.map(([usage]) => usage.length)) + 2;

export const USAGE = `Usage: blockwright <command> [options]

Commands:
${SUMMARIES.map(([usage, what]) => `  ${usage.padEnd(USAGE_WIDTH)}${what}`).join("\n")}

Every command works on the project in the current folder: --specs <dir>
(default ./specs) and --out <dir> (default ./generated) point elsewhere.
\`blockwright help <command>\` gives a command's options. Options of every command:
  -h, --help      the command's help
  -q, --quiet     no progress on stderr: results, warnings and errors only
  -v, --verbose   more detail: an internal error with its stack
  -V, --version   print the version (as the command's only argument)

Completion: source <(blockwright completion bash) in ~/.bashrc; zsh likewise
(completion zsh); fish: blockwright completion fish | source.

Exit status: 0 success; 1 what the command checks failed (its --help says
what); 2 usage error or input that cannot be used; 70 internal error (a bug
in blockwright: please report it; -v or BLOCKWRIGHT_DEBUG=1 prints the
stack); 74 standard output cannot be written; 130 interrupted by Ctrl-C
(SIGINT), 143 stopped by SIGTERM; 0 when mock, serve or mcp is stopped.`;

/**
 * Errors that always describe an input of the user's (by class name, so that
 * no module is loaded to tell): a file that cannot be read (UnreadableSource),
 * a problem at a file:line:col (SourceError), generated packages missing or
 * broken (NoProviders, BrokenPackage).
 */
const INPUT_PROBLEMS = new Set(["UnreadableSource", "SourceError", "NoProviders", "BrokenPackage"]);

/** -q and -v, wherever they come before `--`: taken out of the arguments, which the command then reads. */
function globalFlags(argv: string[]): { args: string[]; quiet: boolean; verbose: boolean } {
  const end = argv.indexOf("--");
  const head = end < 0 ? argv : argv.slice(0, end);
  const quiet = head.some((a) => a === "-q" || a === "--quiet");
  const verbose = head.some((a) => a === "-v" || a === "--verbose");
  const args = [
    ...head.filter((a) => !["-q", "--quiet", "-v", "--verbose"].includes(a)),
    ...(end < 0 ? [] : argv.slice(end)),
  ];
  return { args, quiet, verbose };
}

/** Where -q sends progress. */
const SILENT = { write: () => true };

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const flags = globalFlags(argv);
  if (flags.quiet && flags.verbose) {
    io.stderr.write("blockwright: choose one of -q (--quiet) and -v (--verbose) [BW3004]\n");
    return 2;
  }
  if (flags.quiet) io = { ...io, progress: SILENT };
  if (flags.verbose) io = { ...io, verbose: true };
  const [name, ...rest] = flags.args;
  if (name === "--version" || name === "-V") {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  if (!name || name === "--help" || name === "-h") {
    (name ? io.stdout : io.stderr).write(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  if (name === "help") return help(rest, io);
  if (name === "completion") return completion(rest, io);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return unknownCommand(name, io);
  const module = await command.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(`${module.USAGE}\n`);
    return 0;
  }
  try {
    return await module.run(rest, io);
  } catch (e) {
    if (e instanceof CommandFailure) {
      // Messages quote inputs and answers: no line of theirs may read as a CI workflow command.
      io.stderr.write(logSafe(e.report));
      return e.exitCode;
    }
    if (e instanceof UsageError) {
      io.stderr.write(logSafe(`blockwright ${name}: ${e.printed}\n${module.USAGE.split("\n")[0]}\n`));
      return 2;
    }
    // An input of the user's that a command did not word itself: still the user's to fix, exit status 2.
    if (e instanceof Error && INPUT_PROBLEMS.has(e.name)) {
      io.stderr.write(logSafe(`blockwright ${name}: ${e.message}\n`));
      return 2;
    }
    // A defect of ours, not the user's input: one line, the stack only on request.
    const details =
      io.env.BLOCKWRIGHT_DEBUG || io.verbose
        ? `\n${(e as Error)?.stack ?? ""}`
        : " (run it again with -v, or BLOCKWRIGHT_DEBUG=1, for details)";
    io.stderr.write(logSafe(`blockwright ${name}: internal error: ${(e as Error)?.message ?? String(e)}${details}\n`));
    return 70;
  }
}

async function unknownCommand(name: string, io: CliIo): Promise<number> {
  const { didYouMean } = await import("./common/problems/suggest.js");
  const known = name.startsWith("-") ? ["--help", "--version"] : [...COMMAND_NAMES, ...Object.keys(BUILTINS)];
  io.stderr.write(
    `blockwright: unknown command ${JSON.stringify(name)}${didYouMean(name, known, JSON.stringify)}\n\n${USAGE}\n`,
  );
  return 2;
}

/** `help [command]`: the overview, or the command's own help (what `<command> --help` prints). */
async function help([topic, ...extra]: string[], io: CliIo): Promise<number> {
  if (topic === undefined || topic === "help") {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (extra.length) {
    io.stderr.write(
      `blockwright help: unexpected argument ${JSON.stringify(extra[0])} [BW3002]\nUsage: blockwright help [command]\n`,
    );
    return 2;
  }
  if (topic === "completion") {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic] : undefined;
  if (!command) return unknownCommand(topic, io);
  io.stdout.write(`${(await command.load()).USAGE}\n`);
  return 0;
}

/** `completion bash|zsh|fish`: a script completing every command and its options, from their help texts. */
async function completion(args: string[], io: CliIo): Promise<number> {
  const { SHELLS, completionScript } = await import("./cli/support/completion.js");
  const shell = SHELLS.find((s) => s === args[0]);
  if (!shell || args.length > 1) {
    const got = args[0] === undefined ? "" : `, got ${JSON.stringify(args[0])}`;
    const wrong =
      args.length > 1 ? `unexpected argument ${JSON.stringify(args[1])}` : `takes a shell: ${SHELLS.join(", ")}${got}`;
    io.stderr.write(
      `blockwright completion: ${wrong} [${args.length > 1 ? "BW3002" : "BW3003"}]\n` +
        "Usage: blockwright completion bash|zsh|fish\n",
    );
    return 2;
  }
  const { usageOptions } = await import("./cli/support/usage-options.js");
  const commands = await Promise.all(
    Object.entries(COMMANDS).map(async ([name, c]) => ({
      name,
      summary: c.summary[1],
      options: usageOptions((await c.load()).USAGE),
    })),
  );
  const builtins = [
    { name: "help", summary: BUILTINS.help.summary[1], options: [] },
    { name: "completion", summary: BUILTINS.completion.summary[1], options: [] },
  ];
  io.stdout.write(completionScript(shell, commands, builtins));
  return 0;
}
