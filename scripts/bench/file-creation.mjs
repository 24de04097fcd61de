// What creating files costs the kernel on this disk, fresh and right after a
// removal: the reason the scale measure keeps its output folders until its
// last round (see index.ts). Creates <count> files of 10 KB in a new folder
// under <dir> and prints the system CPU it took; with --after-removal it first
// creates and removes <count> files, as a bench run that cleans up after
// itself leaves the disk for the next one. Removes what it wrote.
//
//   node scripts/bench/file-creation.mjs [dir] [count] [--after-removal]
//
// On this machine's journal-less ext4 a file cost 35-50 µs of system CPU when
// nothing had been removed for a while, and 400-900 µs for minutes after
// thousands of files were removed: its inode allocator checks, one by one,
// every inode freed in the last 60 s (360 s while not yet written back).
// Run it with a memory folder (/dev/shm) to compare: 15-20 µs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = process.argv.slice(2);
const afterRemoval = args.includes("--after-removal");
const [dir = tmpdir(), count = "1000"] = args.filter((a) => !a.startsWith("--"));
const n = Number(count);
const content = "x".repeat(10_000);

function createAll(folder) {
  for (let i = 0; i < n; i++) writeFileSync(join(folder, `f${i}`), content);
}

if (afterRemoval) {
  const first = mkdtempSync(join(dir, "file-creation-"));
  createAll(first);
  rmSync(first, { recursive: true });
}
const folder = mkdtempSync(join(dir, "file-creation-"));
const before = process.cpuUsage();
createAll(folder);
const used = process.cpuUsage(before);
rmSync(folder, { recursive: true });
console.log(
  `${n} files created in ${dir}${afterRemoval ? `, right after ${n} were removed` : ""}: ` +
    `${(used.system / 1000).toFixed(0)} ms system CPU (${(used.system / n).toFixed(0)} µs per file), ` +
    `${(used.user / 1000).toFixed(0)} ms user`,
);
