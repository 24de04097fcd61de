// A schema's `pattern` written between slashes, as a JavaScript literal
// (`/^[a-z0-9._]+$/`), read as what is between them. JSON Schema takes the
// slashes as characters, and then no text matches (a slash before `^`, or
// after `$`): the upstream's own example broke it, mocks could answer nothing
// that passed it, and a parameter with it could not be sent. Rewritten once on
// load, so that the example check, the link, the suite and the mocks all read
// the one pattern, and said where.

type Node = Record<string, unknown>;

/** Keys whose object maps names to schemas (a property called `pattern` is no pattern). */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "schemas", "dependentSchemas"]);

/** Keys whose values are data, not a document's objects. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/** A pattern between slashes whose literal reading matches nothing: `^` right after the opening slash, or `$` right before the closing one (flags none). */
const DELIMITED = /^\/(\^.*|.*\$)\/$/s;

/** A pattern rewritten: where it is (keys from the document's root), as written, and as read. */
export interface DelimitedPattern {
  path: string[];
  written: string;
  read: string;
}

/** Rewrite, in `document` itself, each such pattern to what is between its slashes (when that compiles); the ones rewritten. */
export function readDelimitedPatterns(document: unknown): DelimitedPattern[] {
  const found: DelimitedPattern[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string[], names: boolean): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...path, String(i)], false);
      return;
    }
    const own = node as Node;
    for (const key of Object.keys(own)) {
      const value = own[key];
      if (!names && key === "pattern" && typeof value === "string") {
        const read = innerPattern(value);
        if (read !== undefined) {
          own[key] = read;
          found.push({ path: [...path, key], written: value, read });
        }
      } else if (names || !(DATA_KEYS.has(key) || key.startsWith("x-"))) walk(value, [...path, key], NAME_MAPS.has(key) && !names);
    }
  };
  walk(document, [], false);
  return found;
}

/** What is between the slashes of a delimited pattern that compiles as JSON Schema's patterns do (Unicode); undefined otherwise. */
function innerPattern(pattern: string): string | undefined {
  const inner = DELIMITED.exec(pattern)?.[1];
  if (inner === undefined) return undefined;
  try {
    new RegExp(inner, "u");
    return inner;
  } catch {
    return undefined;
  }
}
