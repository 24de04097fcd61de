// A project whose one provider's OpenAPI document is large (near the 64 MiB
// input limit, as whole published documents of some APIs are) while its
// manifest binds ten operations: what generate and mock cost on it.
// Not committed as a file (tens of MB): written on demand.
//   tsx scripts/bench/large-document.ts <dir> <megabytes>
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, openapi } from "./synthetic.js";

/** The bytes of one resource (5 operations and its schema) in the compact JSON written. */
const BYTES_PER_RESOURCE = JSON.stringify(openapi("zqlarge", 2)).length / 2;

/** Write the project into `dir` (specs/zqlarge/, package.json); returns the document's size in bytes and its operation count. */
export function writeLargeProject(dir: string, megabytes: number): { bytes: number; operations: number } {
  const resources = Math.max(2, Math.round((megabytes * 1024 * 1024) / BYTES_PER_RESOURCE));
  const text = JSON.stringify(openapi("zqlarge", resources));
  mkdirSync(join(dir, "specs/zqlarge"), { recursive: true });
  writeFileSync(join(dir, "specs/zqlarge/openapi.yaml"), text);
  writeFileSync(join(dir, "specs/zqlarge/manifest.yaml"), JSON.stringify(manifest("zqlarge"), null, 1));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "large", private: true, blockwright: { scope: "@large" } }));
  return { bytes: Buffer.byteLength(text), operations: resources * 5 };
}

if (process.argv[1]?.endsWith("large-document.ts")) {
  const [dir, megabytes] = process.argv.slice(2);
  if (dir === undefined || megabytes === undefined) throw new Error("usage: tsx scripts/bench/large-document.ts <dir> <megabytes>");
  const { bytes, operations } = writeLargeProject(dir, Number(megabytes));
  console.log(`${(bytes / 1024 / 1024).toFixed(1)} MiB, ${operations} operations, written to ${dir}`);
}
