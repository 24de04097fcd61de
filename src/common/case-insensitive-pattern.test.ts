// A pattern with an inline case-insensitive flag (a leading `(?i)`, a group `(?i:…)`) is read as plain ECMAScript that
// matches exactly what the flag matches, with no modifiers (which Node 20 and 22 refuse); any other inline flag is
// not read.
import { RegExpParser } from "@eslint-community/regexpp";
import { describe, expect, it } from "vitest";
import { caseInsensitiveReading } from "./case-insensitive-pattern.js";

/** Every code point up to the last cased one, and a few of the astral planes beyond. */
const POINTS = [...Array.from({ length: 0x1f000 }, (_, i) => i), 0x1f600, 0x20000, 0x10ffff].filter(
  (cp) => cp < 0xd800 || cp > 0xdfff,
);

/** Parsed as ECMAScript 2024 reads it, with the `u` flag: no pattern modifiers. */
function parsesWithoutModifiers(pattern: string): boolean {
  try {
    new RegExpParser({ ecmaVersion: 2024 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
    return true;
  } catch {
    return false;
  }
}

describe("caseInsensitiveReading", () => {
  const wholes: [string, string][] = [
    ["(?i)^[a-z0-9-]+$", "^[a-z0-9-]+$"],
    ["(?i)^zq[^k_]\\w\\W\\d$", "^zq[^k_]\\w\\W\\d$"],
    ["^(?i)[a-]s$", "^[a-]s$"],
    ["(?i)^\\p{Lu}\\P{Ll}$", "^\\p{Lu}\\P{Ll}$"],
    ["(?i)^(?:ß|σ|ǅ)$", "^(?:ß|σ|ǅ)$"],
  ];

  it.each(wholes)(
    "reads %s exactly as the i flag reads it, on every code point, without modifiers",
    (written, bare) => {
      const read = caseInsensitiveReading(written);
      expect(read).toBeDefined();
      expect(parsesWithoutModifiers(read as string)).toBe(true);
      const [mine, theirs] = [new RegExp(read as string, "u"), new RegExp(bare, "iu")];
      const width = /\$$/.test(bare) ? (bare.match(/\\[wWdpP]|\[|\(|[a-zß-ǅ]/g) ?? []).length : 1;
      const differing: string[] = [];
      for (const cp of POINTS) {
        const c = String.fromCodePoint(cp);
        for (const text of [c, `zq${c}`, `${c}${c}`, `${c}Ak5`, `ZQ${c}a_1`.slice(0, width + 2)])
          if (mine.test(text) !== theirs.test(text)) differing.push(text);
      }
      expect(differing.slice(0, 5)).toEqual([]);
    },
  );

  it("reads a group's flag as the group's only, and a group that removes it", () => {
    const read = caseInsensitiveReading("^a(?i:b(?-i:c)d)e$") as string;
    expect(parsesWithoutModifiers(read)).toBe(true);
    const re = new RegExp(read, "u");
    expect(["abcde", "aBcDe"].filter((t) => re.test(t))).toEqual(["abcde", "aBcDe"]);
    expect(["Abcde", "abCde", "abcdE"].filter((t) => re.test(t))).toEqual([]);
  });

  it("leaves a pattern without inline flags as it is, and reads no other flag nor what the i flag cannot write", () => {
    for (const plain of ["^[a-z]+$", "^(?:a|b{,2})$", "(?<zq>a)(?=b)(?!c)"])
      expect(caseInsensitiveReading(plain)).toBe(plain);
    for (const written of ["(?s:a.b)", "(?m-i:^a)", "(?i)(a)\\1", "(?i)\\bzq\\b", "(?i)(?<x>a)\\k<x>", "(?i)[a-"])
      expect(caseInsensitiveReading(written), written).toBeUndefined();
  });
});
