// A schema's pattern that is no ECMAScript regular expression in any reading
// (`^(zq$`: a group never closed), with the Unicode flag JSON Schema's
// validators use or without it (load-rewrites.ts reads it so where it can). No
// reader can hold it: the runtime cannot check a value against it, the mocks'
// validator and the request judge cannot compile it, and a manifest can
// neither state it (BW2008) nor leave it out (BW2006), so generate refused
// add's own draft. add leaves it out of the cut it writes, and says so. So for
// a pattern no text matches (` ^[-\w._()]+[^.]$`: a space, then the text's
// start): every value a call could send is refused, and generate refused the
// draft (BW2014); it is no rule the service holds as written.
import { matchesNothing } from "../../link/param-limits/pattern-length.js";
import { readPattern } from "../../load/load-rewrites.js";
import { rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Keys whose values are data (examples, defaults, enums) or extensions: their `pattern` is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/**
 * The cut without the patterns no reading compiles or no text matches (changed in place); each place changed, as
 * `components.schemas.Zq.properties.code (pattern "^(zq$")` or `… (pattern " ^zq$": no text matches it)`.
 */
export function withoutUnreadablePatterns(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (typeof schema.pattern !== "string") return undefined;
      const read = readPattern(schema.pattern);
      if (read !== undefined && !matchesNothing(read)) return undefined;
      const what = `pattern ${JSON.stringify(schema.pattern)}${read === undefined ? "" : ": no text matches it"}`;
      delete schema.pattern;
      return what;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}
