// SharedNames.lookup's answer for a value that is not named (code-literal.ts): whether a named value's text is in its
// text, found by the named texts' heads where the text opens an object or a list, not by looking for each named text in
// turn (a whole published API names thousands of values, and asks of hundreds of thousands).
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SharedNames } from "./code-literal.js";

/** lookup's answer as it was: every named text looked for in the value's text (a list asked of when none is named). */
function byEachName(value: object, named: Map<string, string>): string | null | undefined {
  if (!named.size) return null;
  if (Array.isArray(value) && ![...named.keys()].some((n) => n.startsWith("["))) return undefined;
  const text = JSON.stringify(value);
  const name = named.get(text);
  if (name !== undefined) return name;
  for (const n of named.keys()) if (text.includes(n)) return undefined;
  return null;
}

// Texts long enough that many named ones share their first characters, and short ones (`{}`, `[1]`).
const leaf = fc.oneof(
  fc.constantFrom("zqaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "zqaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "{", "[", "", "\\"),
  fc.integer({ min: 0, max: 3 }),
);
const { data } = fc.letrec((tie) => ({
  data: fc.oneof({ depthSize: "small" }, leaf, tie("list"), tie("object")),
  list: fc.array(tie("data"), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom("zqA", "zqB", "zqCCCCCCCCCCCCCCCCCCCCCCC"), tie("data"), { maxKeys: 3 }),
}));
const structured = data.filter((v): v is object => v !== null && typeof v === "object");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SharedNames.lookup", () => {
  it("answers as looking for each named text did: the name, a named text inside, or none", () => {
    fc.assert(
      fc.property(fc.array(structured, { maxLength: 6 }), fc.array(structured, { maxLength: 6 }), (named, asked) => {
        const names = new SharedNames();
        const texts = new Map<string, string>();
        for (const [i, value] of named.entries()) {
          names.add(value, `zqShared${i}`);
          texts.set(JSON.stringify(value), `zqShared${i}`);
        }
        for (const value of [...asked, ...named.map((v) => ({ zqA: [v] }))])
          expect(names.lookup(value, false)).toBe(byEachName(value, texts));
      }),
      { numRuns: 500 },
    );
  });

  it("does not look for each of many named texts in a value holding none", () => {
    const names = new SharedNames();
    for (let i = 0; i < 500; i++) names.add({ zqName: `zq${i}`, in: "query" }, `zqShared${i}`);
    const includes = vi.spyOn(String.prototype, "includes");
    expect(names.lookup({ zqName: "zqOther", schema: { type: "string" } }, false)).toBe(null);
    expect(names.lookup({ zqHolder: { zqName: "zq7", in: "query" } }, false)).toBe(undefined);
    expect(names.lookup({ zqName: "zq7", in: "query" }, false)).toBe("zqShared7");
    expect(includes.mock.calls.length).toBeLessThan(10);
  });
});
