// A TypeScript compiler host that keeps each file it parses in `cache`, reused while the file's text is the same: the
// programs a worker builds (a generated package's, a Sim tree's) share the ~1,100 library files they pull in. Each
// set of options has a cache of its own (options such as moduleDetection decide how a file is parsed). TypeScript is
// given by the caller, so that a module loading this one does not load TypeScript.
import type TypeScript from "typescript";

export type ParsedFiles = Map<string, { text: string; file: TypeScript.SourceFile }>;

export function parsedFilesHost(
  ts: typeof TypeScript,
  options: TypeScript.CompilerOptions,
  cache: ParsedFiles,
): TypeScript.CompilerHost {
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    const text = host.readFile(fileName);
    if (text === undefined) {
      onError?.(`cannot read ${fileName}`);
      return undefined;
    }
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    const known = cache.get(key);
    if (known?.text === text) return known.file;
    const file = ts.createSourceFile(fileName, text, languageVersion);
    cache.set(key, { text, file });
    return file;
  };
  return host;
}
