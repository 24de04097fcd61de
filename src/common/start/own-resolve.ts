// The command's own ES modules found by their address, not by Node's resolution: a start of the command loads 150–550
// modules, each import resolved by Node's loader (the file's stat and realpath, each folder's package.json looked up
// for the module type), about a quarter of a `serve --live` start (docs/contributing/performance.md, the fifty-first
// round). A relative import of a `.js` module by one under the command's `dist/` or the runtime's is that address: both
// packages are `"type": "module"` with no package.json below it, and Node hands the importer's address already
// resolved (symbolic links followed), so the joined address is the one Node would give when it names a plain file:
// one lstat tells (Node's stat and realpath cost more); a link (Node loads the file it points to, whose imports are
// relative to its own folder) or nothing there (Node's ERR_MODULE_NOT_FOUND, not the loader's ENOENT) is left to
// Node. A linked folder inside dist/ is not seen (lstat follows it): only a realpath would, at a cost per module. Bare
// names (packages) and anything else keep Node's resolution. Node's in-thread hooks
// (`module.registerHooks`, Node 22.15 and later); on a Node without them nothing changes.
import { lstatSync } from "node:fs";
import module from "node:module";

/** What a resolve hook gives back: the address and its module type, no later hook or Node's own resolution asked. */
export interface OwnResolved {
  url: string;
  format: "module";
  shortCircuit: true;
}

interface ResolveContext {
  parentURL?: string;
  conditions?: readonly string[];
}

type NextResolve = (specifier: string, context: ResolveContext) => unknown;

/** Node's in-thread hooks (Node 22.15 and later; the project's @types/node are Node 20's). */
type RegisterHooks = (hooks: {
  resolve: (specifier: string, context: ResolveContext, next: NextResolve) => unknown;
}) => unknown;

const plain = new Map<string, boolean>();

/**
 * Whether an address names a plain file: not a symbolic link, and not missing (one lstat per address: a module
 * imported by many is asked about again by each).
 */
export function plainFile(url: string): boolean {
  let known = plain.get(url);
  if (known === undefined)
    plain.set(url, (known = lstatSync(new URL(url), { throwIfNoEntry: false })?.isFile() ?? false));
  return known;
}

/**
 * The address of `specifier` imported by `parentURL` when it is one of the command's own ES modules: a relative `.js`
 * specifier of an `import` by a `.js` module under one of `roots` (folder addresses ending in `/`), a plain file
 * (`isPlain`); else undefined.
 */
export function ownResolved(
  specifier: string,
  context: ResolveContext,
  roots: readonly string[],
  isPlain: (url: string) => boolean = plainFile,
): OwnResolved | undefined {
  const parent = context.parentURL;
  if (parent === undefined || !parent.endsWith(".js") || !specifier.endsWith(".js")) return undefined;
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  // An import (a require by createRequire keeps Node's own resolution).
  if (!context.conditions?.includes("import")) return undefined;
  if (!roots.some((root) => parent.startsWith(root))) return undefined;
  const url = new URL(specifier, parent).href;
  // A specifier climbing out of the root (`../../x.js`) is left to Node.
  if (!roots.some((root) => url.startsWith(root))) return undefined;
  // A link or nothing there: Node's resolution follows the link, or throws its ERR_MODULE_NOT_FOUND.
  if (!isPlain(url)) return undefined;
  return { url, format: "module", shortCircuit: true };
}

/**
 * Resolves, in this thread, the relative imports of the modules under `dist` (the command's `dist/` folder's address)
 * and under the folder of the runtime's entry, by their address; whether Node has the hooks to.
 */
export function resolveOwnModules(dist: string): boolean {
  const register = (module as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (typeof register !== "function") return false;
  const roots = [dist];
  try {
    roots.push(new URL("./", import.meta.resolve("@blockwright/runtime")).href);
  } catch {
    // Not resolvable from here: its modules keep Node's resolution.
  }
  register({
    resolve: (specifier, context, next) => ownResolved(specifier, context, roots) ?? next(specifier, context),
  });
  return true;
}
