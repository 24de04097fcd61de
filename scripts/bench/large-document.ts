// A project whose one provider's OpenAPI document is large (near the 64 MiB
// input limit, as whole published documents of some APIs are) while its
// manifest binds ten operations: what generate and mock cost on it (and on
// realistic-document.ts's, in `npm run bench -- large`).
// Not committed as a file (tens of MB): written on demand.
//   tsx scripts/bench/large-document.ts <dir> <megabytes>
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manifest, openapi } from "./synthetic.js";

/** The bytes of one resource (5 operations and its schema) in the compact JSON written. */
const BYTES_PER_RESOURCE = JSON.stringify(openapi("zqlarge", 2)).length / 2;

/**
 * Write the project into `dir` (specs/zqlarge/, package.json); returns the document's size in bytes and its operation
 * count.
 */
export function writeLargeProject(dir: string, megabytes: number): { bytes: number; operations: number } {
  const resources = Math.max(2, Math.round((megabytes * 1024 * 1024) / BYTES_PER_RESOURCE));
  const text = JSON.stringify(openapi("zqlarge", resources));
  mkdirSync(join(dir, "specs/zqlarge"), { recursive: true });
  writeFileSync(join(dir, "specs/zqlarge/openapi.yaml"), text);
  writeFileSync(join(dir, "specs/zqlarge/manifest.yaml"), JSON.stringify(manifest("zqlarge"), null, 1));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "large", private: true, blockwright: { scope: "@large" } }),
  );
  return { bytes: Buffer.byteLength(text), operations: resources * 5 };
}

/**
 * What `npm run bench -- large` is given of the bench (index.ts): where things are, one process measured, one row
 * reported.
 */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd: string) => Promise<{ wallMs: number; peakMiB: number }>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

/**
 * On documents of about 37 MB whose manifest binds a few operations (as whole published documents are), once each:
 * BLOCKWRIGHT_LARGE_MIB (default 36) of the synthetic document above (tens of thousands of small operations), and
 * three copies of GitHub's published document (realistic-document.ts: its own deep schemas and examples, 3,669
 * operations), written as JSON and as YAML. `generate`, and a mock started and asked once (mocks-ours.mjs, as `mock`,
 * `run --mock` and `test` start one), each beside openapi-typescript on the same whole document: wall time and peak
 * memory, held to the bounds docs/reference/policies.md states.
 */
export async function measureLarge({ root, tmp, run, row }: Bench): Promise<void> {
  const mib = Number(process.env.BLOCKWRIGHT_LARGE_MIB ?? 36);
  const synthetic = mkdtempSync(join(tmp, "large-"));
  const written = writeLargeProject(synthetic, mib);
  const { writeRealisticProject, REALISTIC_PROVIDER } = await import("./realistic-document.js");
  const documents = [
    {
      dir: synthetic,
      provider: "zqlarge",
      what:
        `one ${(written.bytes / 1024 / 1024).toFixed(1)} MiB synthetic document (${written.operations} ` +
        `operations, 10 bound)`,
      make: `tsx scripts/bench/large-document.ts <dir> ${mib}`,
    },
  ];
  for (const format of ["json", "yaml"] as const) {
    const dir = mkdtempSync(join(tmp, `realistic-${format}-`));
    const copied = writeRealisticProject(root, dir, 3, format);
    const what =
      `one ${(copied.bytes / 1024 / 1024).toFixed(1)} MiB document of GitHub's, thrice, ` +
      `in ${format.toUpperCase()} (${copied.operations} operations, ${copied.operationIds.length} bound)`;
    documents.push({
      dir,
      provider: REALISTIC_PROVIDER,
      what,
      make: `tsx scripts/bench/realistic-document.ts <dir> 3 ${format}`,
    });
  }
  for (const d of documents) {
    mkdirSync(join(d.dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(root, "runtime"), join(d.dir, "node_modules/@blockwright/runtime"));
    const spec = join(d.dir, "specs", d.provider, "openapi.yaml");
    const generate = await run(["--", join(root, "bin/blockwright.js"), "generate"], d.dir);
    const mock = await run([join(root, "scripts/bench/mocks-ours.mjs"), join(d.dir, "specs"), d.provider], d.dir);
    const anchor = await run(
      [join(root, "scripts/bench/anchor-openapi-typescript.mjs"), join(d.dir, "anchor"), spec],
      d.dir,
    );
    const typing = `node scripts/bench/anchor-openapi-typescript.mjs <out> <dir>/specs/${d.provider}/openapi.yaml`;
    const made = `${d.make} && cd <dir> && blockwright generate`;
    row(
      `generate, ${d.what} (wall)`,
      [generate.wallMs / 1000],
      [anchor.wallMs / 1000],
      "s",
      "in proportion to what is bound",
      [made, typing],
    );
    row(`generate, ${d.what} (peak)`, [generate.peakMiB], [anchor.peakMiB], "MiB", "< 1 GiB", [made, typing]);
    const mocked = `${d.make} && node scripts/bench/mocks-ours.mjs <dir>/specs ${d.provider}`;
    row(
      `mock started and asked once, ${d.what} (wall)`,
      [mock.wallMs / 1000],
      [anchor.wallMs / 1000],
      "s",
      "in proportion to what is bound",
      [mocked, typing],
    );
    row(`mock started and asked once, ${d.what} (peak)`, [mock.peakMiB], [anchor.peakMiB], "MiB", "< 1 GiB", [
      mocked,
      typing,
    ]);
  }
}

if (process.argv[1]?.endsWith("large-document.ts")) {
  const [dir, megabytes] = process.argv.slice(2);
  if (dir === undefined || megabytes === undefined)
    throw new Error("usage: tsx scripts/bench/large-document.ts <dir> <megabytes>");
  const { bytes, operations } = writeLargeProject(dir, Number(megabytes));
  console.log(`${(bytes / 1024 / 1024).toFixed(1)} MiB, ${operations} operations, written to ${dir}`);
}
