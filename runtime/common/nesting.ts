// How deep a value may nest: one rule for every input, the tools' arguments
// and the command line's (src/common/nesting.ts gives it to the generator's
// side). Walkers of values (validation, redaction, the reports, JSON.stringify)
// recurse, and a value nested 10,000 deep ran them out of stack ("Maximum call
// stack size exceeded", or exit 70). Real documents nest about 30 deep (the
// published API documents of contract-tests/corpus: 30 at most), parameters
// far less: past 100 is refused, saying where, before anything walks it.

import type { Issue } from "./issue.js";

/** The deepest nesting of arrays and objects accepted in any input: a value at depth 101 is refused. */
export const MAX_NESTING = 100;

/** The rule, in words, for a message naming a value nested too deep. */
export const NESTING_RULE =
  `nested more than ${MAX_NESTING} levels deep (rule: depth; arrays and objects may nest at most ${MAX_NESTING} ` +
  `levels)`;

/**
 * The path to the first array or object nested deeper than `limit` levels
 * (the top value is level 1), or undefined when none is. Iterative, so any
 * depth is measured without recursion; it stops at the first one too deep.
 * Only arrays and plain objects are walked: bytes (a Uint8Array, a Blob) are
 * one value, not a list of numbers.
 */
export function tooDeep(value: unknown, limit = MAX_NESTING): (string | number)[] | undefined {
  // Each entry knows its parent, so a path is built only for the value refused.
  interface Entry {
    node: unknown;
    depth: number;
    key?: string | number;
    parent?: Entry;
  }
  const stack: Entry[] = [{ node: value, depth: 0 }];
  // A value shared by YAML aliases is walked again only where it lies deeper than before: at most `limit` times.
  const deepestAt = new Map<object, number>();
  while (stack.length) {
    const entry = stack.pop() as Entry;
    const { node, depth } = entry;
    if (!walked(node) || (deepestAt.get(node) ?? -1) >= depth) continue;
    if (depth >= limit) return pathOf(entry);
    deepestAt.set(node, depth);
    if (Array.isArray(node))
      for (const [key, child] of node.entries()) stack.push({ node: child, depth: depth + 1, key, parent: entry });
    else
      for (const [key, child] of Object.entries(node))
        stack.push({ node: child, depth: depth + 1, key, parent: entry });
  }
  return undefined;
}

/** An array or a plain object (what JSON and YAML make): the values whose nesting counts. */
function walked(node: unknown): node is object {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return true;
  const proto = Object.getPrototypeOf(node);
  return proto === Object.prototype || proto === null;
}

function pathOf(entry: {
  key?: string | number;
  parent?: { key?: string | number; parent?: unknown };
}): (string | number)[] {
  const path: (string | number)[] = [];
  for (let e: typeof entry | undefined = entry; e?.parent; e = e.parent as typeof entry)
    path.unshift(e.key as string | number);
  return path;
}

/** A path as messages show it: `q/0/0/…/0` shortened to its first and last segments when long. */
export function shownPath(path: readonly (string | number)[]): string {
  const parts = path.map(String);
  return parts.length > 6 ? `${parts.slice(0, 3).join("/")}/…/${parts.slice(-2).join("/")}` : parts.join("/");
}

/** A parameter's value nested past the rule, `deep` the path inside it to the level too deep. */
export function nestingIssue(param: string, deep: readonly (string | number)[]): Issue {
  return {
    param,
    rule: "depth",
    message: `${param}: is ${NESTING_RULE}, got a value nested deeper at ${shownPath(deep)}`,
  };
}
