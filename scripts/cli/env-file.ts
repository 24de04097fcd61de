// `--env-file f`: KEY=VALUE lines (dotenv syntax) added to the environment.
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { UsageError } from "./references.js";

export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new UsageError(`--env-file: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseEnv(text) as Record<string, string>;
}
