// A project whose one provider's OpenAPI document is large (near the 64 MiB
// input limit, as whole published documents of some APIs are) while its
// manifest binds ten operations: what generate and mock cost on it.
// Not committed as a file (tens of MB): written on demand.
//   tsx scripts/bench/large-document.ts <dir> <megabytes>
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
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

/** What `npm run bench -- large` is given of the bench (index.ts): where things are, one process measured, one row reported. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd: string) => Promise<{ wallMs: number; peakMiB: number }>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

/**
 * generate once on a project of one document of BLOCKWRIGHT_LARGE_MIB (default 36) binding ten
 * operations, and openapi-typescript once on the same document: wall time and peak memory.
 */
export async function measureLarge({ root, tmp, run, row }: Bench): Promise<void> {
  const mib = Number(process.env.BLOCKWRIGHT_LARGE_MIB ?? 36);
  const dir = mkdtempSync(join(tmp, "large-"));
  const { bytes, operations } = writeLargeProject(dir, mib);
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(root, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  const ours = await run(["--", join(root, "bin/blockwright.js"), "generate"], dir);
  const anchor = await run([join(root, "scripts/bench/anchor-openapi-typescript.mjs"), join(dir, "anchor"), join(dir, "specs/zqlarge/openapi.yaml")], dir);
  const what = `generate, one ${(bytes / 1024 / 1024).toFixed(1)} MiB document (${operations} operations)`;
  const reproduce = [`tsx scripts/bench/large-document.ts <dir> ${mib} && cd <dir> && blockwright generate`, "node scripts/bench/anchor-openapi-typescript.mjs <out> <dir>/specs/zqlarge/openapi.yaml"];
  row(`${what} (wall)`, [ours.wallMs / 1000], [anchor.wallMs / 1000], "s", "in proportion to the document", reproduce);
  row(`${what} (peak)`, [ours.peakMiB], [anchor.peakMiB], "MiB", "< 3 GiB", reproduce);
}

if (process.argv[1]?.endsWith("large-document.ts")) {
  const [dir, megabytes] = process.argv.slice(2);
  if (dir === undefined || megabytes === undefined) throw new Error("usage: tsx scripts/bench/large-document.ts <dir> <megabytes>");
  const { bytes, operations } = writeLargeProject(dir, Number(megabytes));
  console.log(`${(bytes / 1024 / 1024).toFixed(1)} MiB, ${operations} operations, written to ${dir}`);
}
