// The generated package as an app developer's TypeScript project sees it: a consumer importing its entry as an ES
// module and as CommonJS, type-checked by tsc --strict with the package's declarations checked (skipLibCheck off, as
// tsc's default is), each tool's output and parameters tested for `never` (a type no value has: an answer the package
// types so can be used by no caller). A declaration that does not compile, or a `never`, fails the document's `types`
// step. Not its agent-framework subpaths: they are the same few lines in every package (src/emit/emit-adapters.test.ts
// checks them), and their frameworks' declarations checked made a document's step 28 s and 1.6 GB against 6 s and
// 0.4 GB (1,245 files against 259).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { StepRecord, StepRun } from "../steps.js";

/** The TypeScript compiler of this checkout, run as the step's program. */
export const TSC = fileURLToPath(new URL("../../../node_modules/typescript/bin/tsc", import.meta.url));

const NEVER_CHECK = [
  'import type { ToolDefinition } from "@blockwright/runtime";',
  "type IsNever<T> = [T] extends [never] ? true : false;",
  "type NeverFields<O> = { [F in keyof O]-?: IsNever<O[F]> extends true ? F : never }[keyof O];",
  "/** Each tool whose output or parameters are never, or hold a field that is: [tool, which, fields]. */",
  "type Unusable<M> = {",
  "  [K in keyof M]: M[K] extends ToolDefinition<infer P, infer O>",
  '    ? IsNever<O> extends true ? [K, "output"]',
  '    : [NeverFields<O>] extends [never] ? ([NeverFields<P>] extends [never] ? never : [K, "params", NeverFields<P>])',
  '    : [K, "output", NeverFields<O>]',
  "    : K;",
  "}[keyof M];",
];

/** Writes the consumer of `provider`'s package under `project` and returns the folder tsc is to check (its `-p`). */
export function writeTypesConsumer(project: string, provider: string): string {
  const folder = join(project, "types-consumer");
  mkdirSync(folder, { recursive: true });
  const entry = `../generated/${provider}`;
  writeFileSync(join(folder, "package.json"), `${JSON.stringify({ type: "module", private: true })}\n`);
  writeFileSync(
    join(folder, "index.ts"),
    [
      ...NEVER_CHECK,
      `import * as pkg from "${entry}/index.js";`,
      'export const count: number = Object.keys(pkg.tools).length + pkg.toLlmTools("mcp").length;',
      "export const call = pkg.executeTool;",
      "export const usable: [Unusable<typeof pkg.tools>] extends [never] ? true : Unusable<typeof pkg.tools> = true;",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(folder, "required.cts"),
    [
      `import pkg = require("${entry}/index.cjs");`,
      "const count: number = Object.keys(pkg.tools).length;",
      "export = count;",
      "",
    ].join("\n"),
  );
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    noEmit: true,
    skipLibCheck: false,
    types: [],
  };
  writeFileSync(
    join(folder, "tsconfig.json"),
    `${JSON.stringify({ compilerOptions, files: ["index.ts", "required.cts"] }, null, 2)}\n`,
  );
  return folder;
}

/** The step's record of tsc's run: its errors (tsc writes them to stdout), the first few kept. */
export function readTypes(run: StepRun): Omit<StepRecord, "exit" | "seconds" | "peakMiB"> {
  const errors = run.stdout.split("\n").filter((line) => / error TS\d+:/.test(line));
  if (run.exit === 0) return { summary: "no error", errors: [] };
  return { summary: errors.length ? `${errors.length} errors` : "failed", errors: errors.slice(0, 4) };
}

/** The kind of a failed types step, for the table's failure kinds. */
export function typesFailureKind(rec: StepRecord): string {
  if (rec.exit === 124 || rec.exit === 137) return "no result within the time limit";
  // The consumer's own `usable` line: the never check named a tool.
  if (rec.errors.some((line) => /types-consumer\/index\.ts.*is not assignable to type '\[/.test(line)))
    return "a tool's output or parameters typed never";
  return "the package's declarations do not compile (tsc --strict, declarations checked)";
}
