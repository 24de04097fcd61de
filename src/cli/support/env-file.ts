// `--env-file f`: KEY=VALUE lines (dotenv syntax) added to the environment.
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { INPUT_LIMITS, readSourceText, UnreadableSource } from "../../load/input-file.js";
import { UsageError } from "./io.js";

export function readEnvFile(path: string, cwd: string): Record<string, string> {
  let text: string;
  try {
    text = readSourceText(resolve(cwd, path), path, INPUT_LIMITS.env);
  } catch (e) {
    if (!(e instanceof UnreadableSource)) throw e;
    throw new UsageError(
      "BW3007",
      `--env-file: cannot read ${path} (${e.detail === "is a folder, not a file" ? "it is a folder" : e.detail})`,
    );
  }
  return parseEnv(text) as Record<string, string>;
}
