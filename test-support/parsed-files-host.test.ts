// The caching compiler host: a declaration file parsed under one set of options is handed to a program of another
// (the Sim tree's after the project's, after an n8n package's that keeps no const enums), a source file is not, and the
// second program reports what a host of its own would.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { type ParsedFiles, parsedFilesHost } from "./parsed-files-host.js";
import { runScratch } from "./run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "zq-parsed-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const common: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es5.d.ts"],
  types: [],
  strict: true,
  noEmit: true,
  isolatedModules: true,
};
// The two differ as the project's options and Sim's do: module resolution, module detection, JSX.
const first: ts.CompilerOptions = {
  ...common,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};
const second: ts.CompilerOptions = {
  ...common,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
};

function program(files: string[], options: ts.CompilerOptions, cache: ParsedFiles): ts.Program {
  return ts.createProgram(files, options, parsedFilesHost(ts, options, cache));
}

function messages(p: ts.Program, file: string): string[] {
  return ts
    .getPreEmitDiagnostics(p, p.getSourceFile(file))
    .map((d) => `${d.start}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("parsedFilesHost", () => {
  const zqSource = join(dir, "zq-page.ts");
  writeFileSync(zqSource, 'const zqTitle: number = "zq".toUpperCase();\nexport const zqParts = "zq".split("");\n');

  it("hands a declaration file parsed under one set of options to a program of another, not a source file", () => {
    const a = program([zqSource], first, new Map());
    const b = program([zqSource], second, new Map());
    const lib = (p: ts.Program) => p.getSourceFiles().find((f) => f.fileName.endsWith("/lib.es5.d.ts"));
    expect(lib(a)).toBeDefined();
    expect(lib(b)).toBe(lib(a));
    expect(b.getSourceFile(zqSource)).not.toBe(a.getSourceFile(zqSource));
    // Const enums dropped (an n8n package's options): the binder reads them only to report unreachable code.
    expect(lib(program([zqSource], { ...first, isolatedModules: false }, new Map()))).toBe(lib(a));
  });

  it("without keeping declarations, takes those parsed before and keeps none it parses", () => {
    const zqOwn = join(dir, "zq-own.d.ts");
    writeFileSync(zqOwn, "export declare const zqOwn: number;\n");
    const zqReads = join(dir, "zq-reads.ts");
    writeFileSync(zqReads, 'import { zqOwn } from "./zq-own.js";\nexport const zqTwice = zqOwn * 2;\n');
    const lib = (p: ts.Program) => p.getSourceFiles().find((f) => f.fileName.endsWith("/lib.es5.d.ts"));
    const kept = program([zqSource], second, new Map());
    const transient = ts.createProgram([zqReads], second, parsedFilesHost(ts, second, new Map(), false));
    expect(lib(transient)).toBe(lib(kept));
    const later = program([zqReads], second, new Map());
    expect(later.getSourceFile(zqOwn)).toBeDefined();
    expect(later.getSourceFile(zqOwn)).not.toBe(transient.getSourceFile(zqOwn));
    expect(messages(transient, zqReads)).toEqual([]);
  });

  // A declaration with const enums, one in a namespace of its own (the binder marks such a namespace), and a file that
  // reads them: accessing an ambient const enum is an error only where isolatedModules is on (TS2748).
  const zqKinds = join(dir, "zq-kinds.d.ts");
  writeFileSync(
    zqKinds,
    [
      "export declare const enum ZqKind { A = 1 }",
      "export declare namespace ZqOnly {",
      "  const enum ZqInner { B = 2 }",
      "}",
      "",
    ].join("\n"),
  );
  const zqUse = join(dir, "zq-use.ts");
  writeFileSync(
    zqUse,
    [
      'import { ZqKind, ZqOnly } from "./zq-kinds.js";',
      "export const zqA = ZqKind.A;",
      "export const zqB = ZqOnly.ZqInner.B;",
      "",
    ].join("\n"),
  );
  const kept = second;
  const dropped: ts.CompilerOptions = { ...second, isolatedModules: false };

  it.each([
    ["kept", kept, dropped],
    ["dropped", dropped, kept],
  ])(
    "reports on const enums of a declaration bound with const enums %s what a host of its own reports",
    (_, one, other) => {
      const bound = program([zqUse], one, new Map());
      const first = messages(bound, zqUse);
      const shared = program([zqUse], other, new Map());
      expect(shared.getSourceFile(zqKinds)).toBe(bound.getSourceFile(zqKinds));
      const own = ts.createProgram([zqUse], other, ts.createCompilerHost(other));
      expect(messages(shared, zqUse)).toEqual(messages(own, zqUse));
      expect(messages(own, zqUse)).not.toEqual(first);
    },
  );

  it("reports under the second set of options what a host of its own reports", () => {
    program([zqSource], first, new Map()).getSemanticDiagnostics();
    const shared = messages(program([zqSource], second, new Map()), zqSource);
    const own = ts.createProgram([zqSource], second, ts.createCompilerHost(second));
    expect(shared).toEqual(messages(own, zqSource));
    expect(shared).toEqual([expect.stringMatching(/^6: Type 'string' is not assignable to type 'number'/)]);
  });
});
