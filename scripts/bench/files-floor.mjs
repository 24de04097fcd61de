// The files' floor of the scale measure (generate/scale.ts): what creating and writing a provider's output costs the
// kernel and Node on this disk, with nothing made, for each side of the comparison. Writes <count> copies of what one
// provider's output is: with --package <dir>, every file of a package folder generate wrote, each copy a folder staged
// under a temporary name and renamed into place, as generate writes a new package (staged-write.ts: one `openat`, one
// `write`, one `close` a file); with --file <file>, one file a copy, written whole into <out>, as the anchor writes its
// `.d.ts` (anchor-openapi-typescript.mjs). The bytes are read once, before the copies.
//
//   node scripts/bench/files-floor.mjs <out> <count> --package <dir>
//   node scripts/bench/files-floor.mjs <out> <count> --file <file>
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { basename, join } from "node:path";

const [out, count, how, from] = process.argv.slice(2);
const n = Number(count);
if (!out || !Number.isInteger(n) || n < 0 || (how !== "--package" && how !== "--file") || !from) {
  console.error("usage: files-floor.mjs <out> <count> --package <dir> | --file <file>");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
if (how === "--file") {
  const text = readFileSync(from, "utf8");
  const name = basename(from);
  for (let i = 0; i < n; i++) writeFileSync(join(out, `${i}-${name}`), text);
} else {
  const files = readdirSync(from, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => [e.name, readFileSync(join(from, e.name))]);
  for (let i = 0; i < n; i++) {
    const staged = join(out, `.${i}.tmp`);
    mkdirSync(staged);
    for (const [name, bytes] of files) {
      const fd = openSync(join(staged, name), "wx");
      try {
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
      } finally {
        closeSync(fd);
      }
    }
    renameSync(staged, join(out, String(i)));
  }
}
