// Examples the upstream published wrong. A document `blockwright add` cut
// from a published one keeps the upstream's examples as they were, and some
// break their own schema (a field the schema does not allow). Such an
// example is the upstream's, not ours, when the provider's pinned published
// document (specs/<p>/upstream/, written by add, refreshed by upstream
// --accept) holds the same value: it is then a warning, and left out of the
// document generation, mocks and the contract suite read (a mock answers
// with an example generated from the schema instead). Any other example that
// breaks its schema stays an error: ours to fix.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { canonical } from "../../common/canonical-json.js";
import { sha256 } from "../../common/hash.js";
import { INPUT_LIMITS, parseYamlSource, SourceError } from "../yaml-source.js";
import { readPin } from "../pin.js";
import type { ExampleMismatch } from "./openapi-examples.js";

/**
 * The mismatches the upstream published, each with its warning; the others
 * are errors. `openapiPath`: the document generation reads, whose
 * folder may hold `upstream/source.yaml`.
 */
export function upstreamMismatches(
  openapiPath: string,
  mismatches: ExampleMismatch[],
): { mismatch: ExampleMismatch; warning: SourceError }[] {
  if (!mismatches.length) return [];
  const published = publishedExamples(dirname(openapiPath));
  return mismatches
    .filter((m) => published.has(canonical(m.value)))
    .map((mismatch) => ({
      mismatch,
      warning: new SourceError(
        "BW1204",
        mismatch.error.position,
        `${mismatch.error.detail} (the published document's own example: left out, ` +
          `mocks and the contract suite do not use it)`,
      ),
    }));
}

/** The example values (canonical JSON) of the provider's pinned published document; none when it has none. */
function publishedExamples(providerDir: string): Set<string> {
  const found = new Set<string>();
  const pin = readPin(providerDir);
  if (!pin || "problem" in pin) return found;
  const file = join(pin.dir, pin.file);
  if (!existsSync(file)) return found;
  const text = readFileSync(file, "utf8");
  // Only the document as it was pinned vouches for an example: one edited since (the hash no longer
  // matches, which `blockwright upstream` reports) could otherwise turn our own mistakes into warnings.
  if (sha256(text) !== pin.sha256) return found;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    document = parseYamlSource(text, file, INPUT_LIMITS.document).data;
  }
  collect(document, found);
  return found;
}

/**
 * Every value under `example`, `x-example` and `examples` (OpenAPI 3's named examples and their `value`, Swagger 2's by
 * media type, JSON Schema's list).
 */
function collect(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, into);
    return;
  }
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "example" || key === "x-example") into.add(canonical(value));
    else if (key === "examples" && value !== null && typeof value === "object") {
      for (const named of Object.values(value)) {
        into.add(canonical(named));
        if (named !== null && typeof named === "object" && "value" in named)
          into.add(canonical((named as { value: unknown }).value));
      }
    }
    collect(value, into);
  }
}
