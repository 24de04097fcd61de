// The pin of the published document a provider was cut from:
// specs/<p>/upstream/source.yaml (written by `blockwright add`, refreshed by
// `blockwright upstream --accept`), naming the document beside it and its
// sha256. Read here for both of its readers: generation (whose published
// examples it vouches for) and `blockwright upstream`.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadYamlSource } from "./yaml-source.js";

export interface Pin {
  /** specs/<p>/upstream/ */
  dir: string;
  /** The pinned document's file name inside `dir`. */
  file: string;
  sha256: string;
  source?: string;
  retrieved?: string;
}

/**
 * The pin of the provider in `providerDir`: undefined when it has no
 * source.yaml, a problem (named with `shown`'s path) when it lacks its file
 * or sha256.
 */
export function readPin(
  providerDir: string,
  shown: (path: string) => string = (path) => path,
): Pin | { problem: string } | undefined {
  const dir = join(providerDir, "upstream");
  const sourceFile = join(dir, "source.yaml");
  if (!existsSync(sourceFile)) return undefined;
  const data = loadYamlSource<{ file?: unknown; source?: unknown; retrieved?: unknown; sha256?: unknown } | null>(
    sourceFile,
    shown(sourceFile),
  ).data;
  const pin = data !== null && typeof data === "object" ? data : {};
  if (typeof pin.file !== "string" || !pin.file || typeof pin.sha256 !== "string" || !pin.sha256) {
    return {
      problem:
        `${shown(sourceFile)}: needs file and sha256, each a string (got file: ` +
        `${JSON.stringify(pin.file ?? null)}, sha256: ${JSON.stringify(pin.sha256 ?? null)})`,
    };
  }
  return {
    dir,
    file: pin.file,
    sha256: pin.sha256,
    ...(typeof pin.source === "string" ? { source: pin.source } : {}),
    ...(typeof pin.retrieved === "string" ? { retrieved: pin.retrieved } : {}),
  };
}
