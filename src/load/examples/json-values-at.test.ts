// The values at a few places of a JSON document read from its bytes (json-values-at.ts): each what JSON.parse of the
// whole gives there, with the document written at any indent, keys that need escapes, a key given twice (the last
// kept) and a byte-order mark; bytes that are not JSON where they are read give no answer, never a throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueAt } from "../json-ref.js";
import { jsonValuesAt } from "./json-values-at.js";

type Path = (string | number)[];

/** Every path inside a value (its own keys and items), the value's own first. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const inside =
    value !== null && typeof value === "object"
      ? Object.entries(value).flatMap(([key, v]) => pathsOf(v, [...at, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [at, ...inside];
}

/** JSON text of `value`, with an earlier copy of some keys holding another value (JSON.parse keeps the last). */
function withEarlierKeys(value: unknown, shadow: (key: string) => unknown, indent: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${indent}${value.map((v) => withEarlierKeys(v, shadow, indent)).join(",")}]`;
  const entries = Object.entries(value).flatMap(([key, v]) => {
    const earlier = shadow(key);
    const own = `${JSON.stringify(key)}:${indent}${withEarlierKeys(v, shadow, indent)}`;
    return earlier === undefined ? [own] : [`${JSON.stringify(key)}:${JSON.stringify(earlier)}`, own];
  });
  return `{${indent}${entries.join(`,${indent}`)}${indent}}`;
}

const zqDocument = fc.jsonValue({ maxDepth: 4 });

describe("the values at a JSON document's places, read from its bytes", () => {
  it("are JSON.parse's values there, at any indent, for places it holds and not", () => {
    fc.assert(
      fc.property(zqDocument, fc.nat(3), fc.array(fc.string(), { maxLength: 3 }), (document, indent, extra) => {
        const text = JSON.stringify(document, null, indent);
        const held = pathsOf(document);
        const paths = [...held, ...held.slice(0, 3).map((p) => [...p, ...extra, "zqmissing"])];
        const parsed = JSON.parse(text) as unknown;
        expect(jsonValuesAt(Buffer.from(text), paths)).toEqual(paths.map((p) => valueAt(parsed, p)));
      }),
      { numRuns: 600 },
    );
  });

  it("keep the last of a key given twice, as JSON.parse does", () => {
    fc.assert(
      fc.property(
        zqDocument,
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom("", " ", "\n  "),
        (document, other, gap) => {
          const text = withEarlierKeys(document, (key) => (key.length % 2 ? other : undefined), gap);
          const parsed = JSON.parse(text) as unknown;
          const paths = pathsOf(parsed);
          expect(jsonValuesAt(Buffer.from(text), paths)).toEqual(paths.map((p) => valueAt(parsed, p)));
        },
      ),
      { numRuns: 400 },
    );
    const text = '{"zq": {"a": [1, {"b": 2}]}, "zq": 3, "zr": {"a": 1}, "zr": {"c": 4}}';
    expect(jsonValuesAt(Buffer.from(text), [["zq", "a", 1, "b"], ["zq"], ["zr", "a"], ["zr", "c"]])).toEqual([
      undefined,
      3,
      undefined,
      4,
    ]);
  });

  it("read keys written with escapes and texts of any script", () => {
    const document = { 'zq\u2028"key\\': { "é\u{1f600}": ["a\u0000b", { "\ufeffzq": "\ufeff" }] } };
    // And an own key `__proto__`, as JSON.parse makes one.
    const text = `{"__proto__":{"zq":1},${JSON.stringify(document).slice(1).replace("é", "\\u00e9")}`;
    const parsed = JSON.parse(text) as unknown;
    const paths = pathsOf(parsed);
    expect(paths).toContainEqual(["__proto__", "zq"]);
    expect(jsonValuesAt(Buffer.from(text), paths)).toEqual(paths.map((p) => valueAt(parsed, p)));
  });

  it("give no answer for bytes that are not JSON where they are read, or a byte-order mark before them", () => {
    const text = JSON.stringify({ zq: { a: [1, "x"] }, zr: true });
    for (let end = 0; end < text.length; end++)
      expect(jsonValuesAt(Buffer.from(text.slice(0, end)), [["zr"], ["zq", "a", 1]])).toBeUndefined();
    expect(jsonValuesAt(Buffer.from(`\ufeff${text}`), [["zr"]])).toBeUndefined();
    expect(jsonValuesAt(Buffer.from(`${text} {}`), [["zr"]])).toBeUndefined();
    expect(jsonValuesAt(Buffer.from('{"zq" 1}'), [["zq"]])).toBeUndefined();
    expect(jsonValuesAt(Buffer.from(`${text}\n`), [["zr"], ["zq", "a", 1]])).toEqual([true, "x"]);
  });
});
