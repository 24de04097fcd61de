// `--env-file f`: KEY=VALUE lines (dotenv syntax) added to the environment.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { UsageError } from "./io.js";

export function readEnvFile(path: string, cwd: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, path), "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`--env-file: cannot read ${path} (${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (code ?? (e as Error).message)})`);
  }
  return parseEnv(text) as Record<string, string>;
}
