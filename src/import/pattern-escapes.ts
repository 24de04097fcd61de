// A pattern escaped once too many: every backslash in it doubled (`^[\\w-]+$` as read, `"^[\\\\w-]+$"` in the JSON
// text), as a generator that escaped an already escaped string writes it. As written it takes a backslash and the
// letter where a class (`\w`, `\d`, `\s`) was meant: `[\\w-]` is a backslash, a `w` or a dash, so every real value
// (`my-config`) was refused before the call, while the contract suite drew only strings of those three characters.
// Read once unescaped where the doubled backslash stands before a class letter, no single escape says the author
// escaped as meant, the reading compiles, and no value of the schema's own (example, examples, default, enum, const)
// meets the pattern as written while each meets the reading; said in the cut's header and a review note.
import { readPattern } from "../load/load-rewrites.js";
import { rewriteEachObject } from "./shapes/cut-walk.js";

type Json = Record<string, unknown>;

/** The words the cut's header and the review note know such a change by (cut/type-lists.ts). */
export const ESCAPED_TWICE = "escaped once too many";

/** Keys whose values are data, not schemas: no `pattern` there is a keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/** A shorthand class, which a doubled backslash before it makes a backslash and a letter. */
const CLASS_LETTER = /[dDwWsS]/;

/** The pattern with each doubled backslash read as one, where it is escaped once too many; else undefined. */
export function onceUnescaped(pattern: string): string | undefined {
  let classLetter = false;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== "\\") continue;
    if (pattern[i + 1] !== "\\") return undefined; // a single escape: written as meant
    classLetter ||= CLASS_LETTER.test(pattern[i + 2] ?? "");
    i++;
  }
  if (!classLetter) return undefined;
  const read = pattern.replaceAll("\\\\", "\\");
  return readPattern(read) === undefined ? undefined : read;
}

/** The schema's own values that are texts: its example, examples, default, enum and const. */
function ownTexts(schema: Json): string[] {
  const lists = [schema.example, schema.default, schema.const, schema.examples, schema.enum].flatMap((v) =>
    Array.isArray(v) ? v : [v],
  );
  return lists.filter((v): v is string => typeof v === "string");
}

/** Whether a text meets a pattern (one the runtime cannot compile meets none). */
function meets(pattern: string, text: string): boolean {
  const read = readPattern(pattern);
  try {
    return read !== undefined && new RegExp(read, "u").test(text);
  } catch {
    return false;
  }
}

/**
 * The cut with each pattern escaped once too many read once unescaped (changed in place); each place changed, as
 * `components.schemas.Zq.properties.slug (pattern "^[\\w-]+$" escaped once too many: read as "^[\w-]+$")`.
 */
export function withPatternEscapesRead(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (typeof schema.pattern !== "string") return undefined;
      const read = onceUnescaped(schema.pattern);
      if (read === undefined) return undefined;
      const texts = ownTexts(schema);
      const written = schema.pattern;
      if (texts.some((t) => meets(written, t)) || !texts.every((t) => meets(read, t))) return undefined;
      schema.pattern = read;
      return `pattern ${JSON.stringify(written)} ${ESCAPED_TWICE}: read as ${JSON.stringify(read)}`;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}
