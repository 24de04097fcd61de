// @ts-nocheck -- plain JavaScript run by Node.js in a process of its own.
// Lints n8n packages with their own eslint.config.mjs (n8n's rule sets), in a
// process of its own: `node lint-packages.mjs <result.json> <dir>...` writes
// each folder's problems. Its own process, without NODE_ENV=test: under it,
// eslint-plugin-n8n-nodes-base names every node file "Test.node.ts" (its own
// tests' mode). typescript-estree's caches are cleared between packages:
// n8n's community-nodes rules parse a package's other files without naming
// them, which that cache would answer with an earlier package's file.
import { writeFileSync } from "node:fs";
import module, { createRequire } from "node:module";

// V8's compiled code of ESLint and n8n's rule sets kept between runs, as bin/blockwright.js keeps the command's (Node
// 22.1 and later): turned on before they load.
module.enableCompileCache?.();
const { ESLint } = await import("eslint");

const require = createRequire(import.meta.url);
const { clearCaches } = require(
  require.resolve("@typescript-eslint/typescript-estree", {
    paths: [require.resolve("@n8n/eslint-plugin-community-nodes")],
  }),
);
const [result, ...dirs] = process.argv.slice(2);
const reports = {};
for (const dir of dirs) {
  clearCaches();
  const results = await new ESLint({ cwd: dir }).lintFiles(["."]);
  reports[dir] = results.flatMap((r) =>
    r.messages.map((m) => ({
      file: r.filePath.slice(dir.length + 1),
      line: m.line,
      rule: m.ruleId ?? "parse",
      message: m.message,
      severity: m.severity,
    })),
  );
}
writeFileSync(result, `${JSON.stringify(reports)}\n`);
