// A schema's pattern that is no ECMAScript regular expression in any reading
// (`^(zq$`: a group never closed), with the Unicode flag JSON Schema's
// validators use or without it (load-rewrites.ts reads it so where it can). No
// reader can hold it: the runtime cannot check a value against it, the mocks'
// validator and the request judge cannot compile it, and a manifest can
// neither state it (BW2008) nor leave it out (BW2006), so generate refused
// add's own draft. add leaves it out of the cut it writes, and says so.
import { readPattern } from "../../load/load-rewrites.js";
import { rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Keys whose values are data (examples, defaults, enums) or extensions: their `pattern` is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/**
 * The cut without the patterns no reading compiles (changed in place); each place changed, as
 * `components.schemas.Zq.properties.code (pattern "^(zq$")`.
 */
export function withoutUnreadablePatterns(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (typeof schema.pattern !== "string" || readPattern(schema.pattern) !== undefined) return undefined;
      const what = `pattern ${JSON.stringify(schema.pattern)}`;
      delete schema.pattern;
      return what;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}
