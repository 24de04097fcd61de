// The yardstick for `blockwright generate`: openapi-typescript's own Node API
// on the same OpenAPI documents, one process, each written to a .d.ts file.
//   node scripts/bench/anchor-openapi-typescript.mjs <out-dir> <openapi.yaml>...
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const [out, ...specs] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
for (const spec of specs) {
  const ast = await openapiTS(pathToFileURL(spec));
  writeFileSync(join(out, `${basename(dirname(spec))}.d.ts`), astToString(ast));
}
