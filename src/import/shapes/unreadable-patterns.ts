// A schema's pattern that is no ECMAScript regular expression in any reading
// (`^(zq$`: a group never closed), with the Unicode flag JSON Schema's
// validators use or without it (load-rewrites.ts reads it so where it can). No
// reader can hold it: the runtime cannot check a value against it, the mocks'
// validator and the request judge cannot compile it, and a manifest can
// neither state it (BW2008) nor leave it out (BW2006), so generate refused
// add's own draft. add leaves it out of the cut it writes, and says so.
import { readPattern } from "../../load/load-rewrites.js";

type Json = Record<string, unknown>;

/** Keys whose values are data (examples, defaults, enums) or extensions: their `pattern` is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/**
 * The cut without the patterns no reading compiles (changed in place); each place changed, as
 * `components.schemas.Zq.properties.code (pattern "^(zq$")`.
 */
export function withoutUnreadablePatterns(cut: Json): string[] {
  const changed: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, at: string[]): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...at, String(i)]);
      return;
    }
    const schema = node as Json;
    if (typeof schema.pattern === "string" && readPattern(schema.pattern) === undefined) {
      changed.push(`${at.join(".")} (pattern ${JSON.stringify(schema.pattern)})`);
      delete schema.pattern;
    }
    for (const [key, value] of Object.entries(schema))
      if (!DATA_KEYS.has(key) && !key.startsWith("x-")) walk(value, [...at, key]);
  };
  walk(cut, []);
  return changed;
}
