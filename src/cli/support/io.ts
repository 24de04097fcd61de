// What a command talks to: streams, environment, working folder and the
// user's interrupt. Commands take it as a parameter, so tests run them
// in-process with their own streams and shared mock servers.
import { KillableStretch } from "../../common/killable-stretch.js";
import type { MockOptions, MockServers } from "../../mocks/mocks.js";
import { INPUT_LIMITS } from "../../load/input-file.js";
import { type ProblemCode, withCode } from "../../common/problem-codes.js";

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
  /** Resolves when the user asks to stop (Ctrl-C or SIGTERM), with the signal when one is known. */
  interrupted: Promise<unknown>;
  /** The whole standard input's bytes (standardInput decodes them); absent where there is none. */
  stdin?: () => Promise<Uint8Array>;
  /** Starts mock servers; tests pass one that hands out shared mocks. */
  startMocks?: (providers: string[], options: MockOptions) => Promise<MockServers>;
  /** Where progress goes (`progressOf`): stderr, unless -q silenced it. */
  progress?: Output;
  /** -v: more detail where a command has it. */
  verbose?: boolean;
  /**
   * The process's own signal handlers, set aside while one synchronous call of seconds runs (killable-stretch.ts): only
   * the real process's io has it.
   */
  stretch?: KillableStretch;
}

/** How every command's help words its exit status when stopped. */
export const INTERRUPTED = "130 interrupted by Ctrl-C, 143 stopped by SIGTERM";

/**
 * The exit status of a command the user stopped: 128 and the signal's number, as shells report it (130 Ctrl-C, 143
 * SIGTERM).
 */
export function interruptedStatus(signal: unknown): 130 | 143 {
  return signal === "SIGTERM" ? 143 : 130;
}

/** The stream for progress, which -q silences: what says how far a command is, not what it found. */
export function progressOf(io: CliIo): Output {
  return io.progress ?? io.stderr;
}

/** A command's usage problem: one line on stderr, exit status 2. */
export class UsageError extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
  ) {
    super(message);
    this.name = "UsageError";
  }

  /** The message as printed: with its code. */
  get printed(): string {
    return withCode(this.code, this.message);
  }
}

/** A command that stops with its own report (printed as is) and exit status. */
export class CommandFailure extends Error {
  constructor(
    readonly report: string,
    readonly exitCode: number,
  ) {
    super(report);
    this.name = "CommandFailure";
  }
}

/**
 * Mocks of these providers: the io's own (tests share theirs) or new ones; a busy port or bad spec is a usage error.
 */
export async function startCommandMocks(
  io: CliIo,
  providers: string[],
  options: MockOptions,
): Promise<MockServers & { tokenUrls: Record<string, string> }> {
  const { startMocks, MockStartError } = await import("../../mocks/mocks.js");
  let servers: MockServers;
  try {
    // Files named in errors as generation names them: relative to the working folder.
    servers = await (io.startMocks ?? startMocks)(providers, {
      root: io.cwd,
      log: (line) => io.stderr.write(`${line}\n`),
      ...options,
    });
  } catch (e) {
    if (e instanceof MockStartError) throw new UsageError("BW3011", e.message);
    throw e;
  }
  // OAuth 2 flows get their tokens from a token endpoint mock (short-lived tokens, renewed as live).
  const { startTokenMock } = await import("../../mocks/token-mock.js");
  const tokens = await startTokenMock("127.0.0.1", (line) => io.stderr.write(`${line}\n`)).catch(async (e: unknown) => {
    await servers.close();
    throw e;
  });
  return {
    urls: servers.urls,
    tokenUrls: Object.fromEntries(providers.map((p) => [p, tokens.tokenUrl(p)])),
    close: async () => {
      await tokens.close();
      await servers.close();
    },
  };
}

/** The result of a step that links the specs; their problems end the command `name` with exit status 2, listed. */
export async function fromSpecs<T>(name: string, step: () => Promise<T>): Promise<T> {
  const { GenerationErrors } = await import("../../emit/generation-errors.js");
  try {
    return await step();
  } catch (e) {
    if (!(e instanceof GenerationErrors)) throw e;
    throw new CommandFailure(
      `${name}: ${e.errors.length} problem${e.errors.length > 1 ? "s" : ""} in the specs:\n${e.message}\n`,
      2,
    );
  }
}

/**
 * The result of a step that writes generated output; a refusal to touch files generation did not make ends the command
 * `name` with exit status 2, listed.
 */
export async function fromOutput<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const { OutputRefused } = await import("../../emit/write.js");
  try {
    return await step();
  } catch (e) {
    if (!(e instanceof OutputRefused)) throw e;
    throw new CommandFailure(`${name}: ${e.message}\n`, 2);
  }
}

/** The real process: its streams, environment and signals. The first Ctrl-C asks to stop; a second one exits. */
export function processIo(): CliIo {
  stopWhenReaderLeaves();
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    interrupted: onInterrupt(),
    stdin: () => readAll(process.stdin),
    stretch: new KillableStretch(),
  };
}

/**
 * Standard input, read whole, as what `-` stands for in `what` (e.g. `--params -`); too large or not UTF-8 is a usage
 * error.
 */
export async function standardInput(io: CliIo, what: string): Promise<string> {
  if (!io.stdin) throw new UsageError("BW3009", `${what}: there is no standard input to read`);
  const bytes = await io.stdin();
  const limit = INPUT_LIMITS.file;
  if (bytes.length > limit.bytes)
    throw new UsageError(
      "BW3009",
      `${what}: standard input is over the ${limit.bytes / 1024 / 1024} MiB limit for ${limit.what}`,
    );
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError("BW3009", `${what}: standard input is not UTF-8 text`);
  }
}

/** Every byte of a stream (stopping one chunk past the limit: enough to refuse it). */
async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(bytes);
    size += bytes.length;
    if (size > INPUT_LIMITS.file.bytes) break;
  }
  return Buffer.concat(chunks);
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

function onInterrupt(): Promise<"SIGINT" | "SIGTERM"> {
  return new Promise((resolve) => {
    // Listeners that stay for the process's life: removing one and adding another leaves a moment with none, when the
    // signal's default (or an inherited "ignore") applies, and a second signal was lost there under load.
    let stopping = false;
    const heard = (signal: "SIGINT" | "SIGTERM") => {
      if (!stopping) {
        stopping = true;
        process.stderr.write("\ninterrupted: stopping…\n");
        resolve(signal);
        return;
      }
      // A second signal of either kind ends the process at once: what a command keeps (serve's journaled runs) is
      // written as it goes, so nothing kept is lost; the command's own stopping is cut short.
      process.stderr.write("interrupted again: exiting now\n");
      process.exit(interruptedStatus(signal));
    };
    process.on("SIGINT", heard);
    process.on("SIGTERM", heard);
  });
}
