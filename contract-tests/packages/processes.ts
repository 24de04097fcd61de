// Child processes for the registry round trip: npm, node and tsc, each with an
// environment free of the npm_* variables `npm test` sets, so that npm reads
// only the configuration the test writes.
import { spawn } from "node:child_process";

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== "NODE_OPTIONS"),
);

/**
 * Run a command to its end (with `extraEnv` added to the environment); never rejects for a non-zero exit (the caller
 * asserts).
 */
export function run(
  command: string,
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Run a command that must succeed; its output is in the error otherwise. */
export async function runOk(
  command: string,
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<Finished> {
  const result = await run(command, args, cwd, extraEnv);
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} (in ${cwd}) exited ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

/** Node.js itself (the one running the tests), as a command. */
export const node = process.execPath;
