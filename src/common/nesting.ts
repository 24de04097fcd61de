// How deep a JSON or YAML value may nest. Walkers of values (validation,
// redaction, the reports) recurse, and a value nested 10,000 deep ran them out
// of stack (exit 70); the parsers themselves (js-yaml) do at about a thousand.
// Real documents nest about 30 deep (the published API documents of
// contract-tests/corpus: 30 at most), parameters far less: 100 is refused as
// input, with where, before anything walks it.

/** The deepest nesting of arrays and objects accepted in any input: a value at depth 101 is refused. */
export const MAX_NESTING = 100;

/**
 * The path to the first array or object nested deeper than `limit` levels
 * (the top value is level 1), or undefined when none is. Iterative, so any
 * depth is measured without recursion; it stops at the first one too deep.
 */
export function tooDeep(value: unknown, limit = MAX_NESTING): (string | number)[] | undefined {
  const stack: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
  // A value shared by YAML aliases is walked again only where it lies deeper than before: at most `limit` times.
  const deepestAt = new Map<object, number>();
  while (stack.length) {
    const { node, path } = stack.pop() as { node: unknown; path: (string | number)[] };
    if (node === null || typeof node !== "object" || (deepestAt.get(node) ?? -1) >= path.length) continue;
    if (path.length >= limit) return path;
    deepestAt.set(node, path.length);
    if (Array.isArray(node)) for (const [i, child] of node.entries()) stack.push({ node: child, path: [...path, i] });
    else for (const [key, child] of Object.entries(node)) stack.push({ node: child, path: [...path, key] });
  }
  return undefined;
}

/** A path as messages show it: `q/0/0/…/0` shortened to its first and last segments when long. */
export function shownPath(path: readonly (string | number)[]): string {
  const parts = path.map(String);
  return parts.length > 6 ? `${parts.slice(0, 3).join("/")}/…/${parts.slice(-2).join("/")}` : parts.join("/");
}

/** The rule, in words, for a message naming a value nested too deep. */
export const NESTING_RULE = `nested more than ${MAX_NESTING} levels deep (rule: depth; arrays and objects may nest at most ${MAX_NESTING} levels)`;
