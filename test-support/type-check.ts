// TypeScript programs for the tests that type-check generated code, with the
// project's options (tsconfig.json, read once). The host keeps every source
// file it parsed, for the worker's life: a program over a generated package
// pulls in about 1,100 files (the standard library, @types/node, the
// libraries the adapters import, the runtime's sources) and parsing them was
// most of each program's cost; now a worker parses them once. A file is
// reused only while its text is the same (the golden files can be rewritten).
// Sharing parsed files between programs is what TypeScript's own language
// service does (its document registry); binding depends on the file and the
// options only, and the options here are always the project's.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { type ParsedFiles, parsedFilesHost } from "./parsed-files-host.js";

const root = fileURLToPath(new URL("..", import.meta.url));

let projectOptions: ts.CompilerOptions | undefined;
/** The project's compiler options (tsconfig.json), with no output. */
export function typeCheckOptions(): ts.CompilerOptions {
  if (!projectOptions) {
    const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile);
    projectOptions = { ...ts.parseJsonConfigFileContent(config.config, ts.sys, root).options, noEmit: true };
  }
  return projectOptions;
}

const parsed: ParsedFiles = new Map();

/**
 * A program over `files` with the project's options (and `extra` options, e.g. skipLibCheck), reusing the source files
 * parsed before.
 */
export function typeCheckProgram(files: string[], extra: ts.CompilerOptions = {}): ts.Program {
  const options = { ...typeCheckOptions(), ...extra };
  return ts.createProgram(files, options, parsedFilesHost(ts, options, parsed));
}

/**
 * TypeScript's messages about `files` (the files given, not what they import: the runtime's own sources are `npm run
 * typecheck`'s), with the project's options.
 */
export function typeCheckMessages(files: string[], extra: ts.CompilerOptions = {}): string[] {
  const program = typeCheckProgram(files, extra);
  return files
    .flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)))
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}
