// What a command talks to: streams, environment, working folder and the
// user's interrupt. Commands take it as a parameter, so tests run them
// in-process with their own streams and shared mock servers.
import type { MockOptions, MockServers } from "../mocks.js";

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  /** Data: results, JSON, addresses. */
  stdout: Output;
  /** Progress and messages. */
  stderr: Output;
  env: Record<string, string | undefined>;
  /** The folder relative paths are read from. */
  cwd: string;
  /** Resolves when the user asks to stop (Ctrl-C or SIGTERM). */
  interrupted: Promise<void>;
  /** Starts mock servers; tests pass one that hands out shared mocks. */
  startMocks?: (providers: string[], options: MockOptions) => Promise<MockServers>;
}

/** A command's usage problem: one line on stderr, exit status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The real process: its streams, environment and signals. The first Ctrl-C asks to stop; a second one exits. */
export function processIo(): CliIo {
  stopWhenReaderLeaves();
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), interrupted: onInterrupt() };
}

/**
 * A reader that stops early (`blockwright test --list | head -2`) closes the
 * pipe: stop quietly, as other command-line tools do, rather than crash on
 * the next write. Any other failure to write is one line, exit 74 (EX_IOERR).
 */
function stopWhenReaderLeaves(): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
    process.stderr.write(`blockwright: cannot write to standard output: ${e.message}\n`);
    process.exit(74);
  });
}

function onInterrupt(): Promise<void> {
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
