// A TypeScript compiler host that keeps each file it parses, reused while the file's text is the same: the programs a
// worker builds (a generated package's, a Sim tree's) share the ~1,100 library files they pull in. A source file is
// kept in the caller's `cache`, one per set of options: moduleDetection, jsx, alwaysStrict and the like decide how it
// is parsed and bound. A declaration file (the standard library, @types/node, React's types, a package's .d.ts) is
// kept in one cache for every set of options: TypeScript parses and binds it alike under all of them but the target
// and the module format (the arguments TypeScript passes here, the key). The binder reads a few options more
// (allowUnreachableCode, allowUnusedLabels, noFallthroughCasesInSwitch, and whether const enums are kept, which
// isolatedModules implies), each only to report unreachable code, unused labels or fallthrough cases, which a
// declaration file has none of; the checker reads those options from its own program. So the Sim tree's program takes
// the project's lib.dom.d.ts and @types/node as parsed (about 1.7 s of CPU a worker), and an n8n package's program
// (const enums not kept) gives them to the Sim tree's (kept): about 1.1 s of the platforms test's CPU. TypeScript is
// given by the caller, so that a module loading this one does not load TypeScript.
import type TypeScript from "typescript";

export type ParsedFiles = Map<string, { text: string; file: TypeScript.SourceFile }>;

const declarations: ParsedFiles = new Map();
// A declaration file's name as TypeScript's isDeclarationFileName (not in its public types) tells it.
const DECLARATION = /\.d\.([cm]?ts|[^./]+\.ts)$/;

/**
 * A compiler host whose source files come from `cache` and declaration files from the worker's cache, each parsed
 * there when it is not. `keepDeclarations` false: a declaration file not parsed before is kept in `cache` instead,
 * for a program whose library files no other program of the worker reads (the caller's `cache` then goes with it).
 */
export function parsedFilesHost(
  ts: typeof TypeScript,
  options: TypeScript.CompilerOptions,
  cache: ParsedFiles,
  keepDeclarations = true,
): TypeScript.CompilerHost {
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    const text = host.readFile(fileName);
    if (text === undefined) {
      onError?.(`cannot read ${fileName}`);
      return undefined;
    }
    const declaration = DECLARATION.test(fileName);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    const known = (declaration ? declarations : cache).get(key);
    if (known?.text === text) return known.file;
    const store = declaration && keepDeclarations ? declarations : cache;
    const file = ts.createSourceFile(fileName, text, languageVersion);
    store.set(key, { text, file });
    return file;
  };
  return host;
}
