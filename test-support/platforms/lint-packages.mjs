// @ts-nocheck -- plain JavaScript run by Node.js in a process of its own.
// Lints n8n packages with their own eslint.config.mjs (n8n's rule sets), in a
// process of its own: `node lint-packages.mjs <result.json> <dir>...` writes
// each folder's problems. `node lint-packages.mjs --serve` lints on request
// instead, ESLint and the rule sets loaded once for them all (the tests' one
// linter, shared-tools.ts): each message on its IPC channel a list of folders,
// each answered in order (`{answer: problems}` or `{error}`); it ends when the
// channel closes. Its own process, without NODE_ENV=test:
// under it, eslint-plugin-n8n-nodes-base names every node file "Test.node.ts"
// (its own tests' mode). typescript-estree's caches are cleared before each
// package: n8n's community-nodes rules parse a package's other files without
// naming them, which that cache would answer with an earlier package's file.
import { writeFileSync } from "node:fs";
import module, { createRequire } from "node:module";

// V8's compiled code of ESLint and n8n's rule sets kept between runs, as bin/blockwright.js keeps the command's (Node
// 22.1 and later): turned on before they load.
module.enableCompileCache?.();
// Not awaited here: a serving process sets its handler of asks before its event loop turns, so no ask comes before it.
const eslint = import("eslint");

const require = createRequire(import.meta.url);
const { clearCaches } = require(
  require.resolve("@typescript-eslint/typescript-estree", {
    paths: [require.resolve("@n8n/eslint-plugin-community-nodes")],
  }),
);

/** Each folder's problems: the file (in its package), the line, the rule, the message and the severity. */
async function lint(dirs) {
  const { ESLint } = await eslint;
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
  return reports;
}

const [first, ...dirs] = process.argv.slice(2);
if (first === "--serve") {
  let asked = Promise.resolve();
  process.on("message", (dirs) => {
    asked = asked.then(() =>
      lint(dirs).then(
        (answer) => process.connected && process.send({ answer }),
        (e) => process.connected && process.send({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
      ),
    );
  });
  process.on("disconnect", () => asked.then(() => process.exit(0)));
} else {
  writeFileSync(first, `${JSON.stringify(await lint(dirs))}\n`);
}
