// Generated packages checked as their users meet them: written beside a link
// to the project's node_modules (so @blockwright/runtime resolves as an
// installed package), imported by a separate Node process, type-checked.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { typeCheckMessages } from "./type-check.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Write generate()'s files to a new folder under `parent` (default: the system's temporary folder); `remove` deletes
 * it.
 */
export function writeInstalled(files: Map<string, string>, parent = tmpdir()): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(parent, "blockwright-installed-"));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Import `entry` in a new Node process and return `expression` (JavaScript, the module is `m`) as JSON. */
export function importInChild(entry: string, expression: string): unknown {
  const script =
    `const m = await import(${JSON.stringify(pathToFileURL(entry).href)});\n` +
    `process.stdout.write(JSON.stringify(${expression}));`;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dirname(entry), encoding: "utf8" }),
  );
}

/**
 * Each `[entry, expression]` evaluated in order by one new Node process (`m` the entry's module, each expression in a
 * scope of its own), as `importInChild` does for one: a file whose tests each ask the installed package something pays
 * one process's start and the runtime's load once. An expression that throws gives its error to its own reader only.
 */
export function importsInChild(jobs: readonly (readonly [entry: string, expression: string])[]): (() => unknown)[] {
  const script =
    "const out = [];\n" +
    jobs
      .map(
        ([entry, expression]) =>
          `try { out.push({ value: await (async (m) => (${expression}))(await import(${JSON.stringify(
            pathToFileURL(entry).href,
          )})) }); } catch (e) { out.push({ error: String(e?.stack ?? e) }); }\n`,
      )
      .join("") +
    "process.stdout.write(JSON.stringify(out));";
  const cwd = dirname(jobs[0]?.[0] ?? root);
  const results = JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd, encoding: "utf8" }),
  ) as ({ value: unknown } | { error: string })[];
  return results.map((r) => () => {
    if ("error" in r) throw new Error(`in the child process: ${r.error}`);
    return r.value;
  });
}

/** TypeScript's messages about the files (declaration files included), with the project's options. */
export function typeErrors(files: string[]): string[] {
  // Only these files' diagnostics: checking every library's declarations too costs seconds.
  return typeCheckMessages(files, { skipLibCheck: false });
}
