// A literal of data in index.js (code-literal.ts): the text a walk of every value wrote, character for character,
// now that a value holding no named one is written by JSON.stringify; and that text, run, is the data.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { codeLiteral } from "./code-text.js";
import { literal, SharedNames } from "./code-literal.js";

/** The literal as the walk of every value wrote it before JSON.stringify wrote the values holding no named one. */
function walked(value: unknown, named: Map<string, string>, indent = ""): string {
  if (indent && value !== null && typeof value === "object") {
    const name = named.get(JSON.stringify(value));
    if (name) return name;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length ? `[\n${value.map((v) => inner + walked(v, named, inner)).join(",\n")}\n${indent}]` : "[]";
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(
        ([k, v]) => `${inner}${k === "__proto__" ? `[${codeLiteral(k)}]` : codeLiteral(k)}: ${walked(v, named, inner)}`,
      );
    return members.length ? `{\n${members.join(",\n")}\n${indent}}` : "{}";
  }
  return codeLiteral(value);
}

/** An object of these members, `__proto__` an own member as JSON.parse makes it (not the prototype). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
  return out;
}

const KEYS = ["zqA", "zqB", "__proto__", "10", "2", 'quote"d', "line\u2028sep", ""];
const { data } = fc.letrec((tie) => ({
  data: fc.oneof({ depthSize: "small" }, tie("leaf"), tie("list"), tie("object")),
  leaf: fc.oneof(
    fc.constantFrom(null, true, false, 0, -0, 1.5, Number.NaN, "", 'zq \u2028 \u2029 “q” 𝄞 \\ " \n'),
    fc.string(),
    fc.integer(),
  ),
  list: fc.array(tie("data"), { maxLength: 4 }),
  object: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...KEYS), fc.option(tie("data"), { nil: undefined })), {
      selector: ([k]) => k,
      maxLength: 5,
    })
    .map(objectOf),
}));

/** Every object or list in `value`, the outer one first. */
function parts(value: unknown): object[] {
  if (value === null || typeof value !== "object") return [];
  return [value, ...Object.values(value).flatMap(parts)];
}

afterEach(() => vi.restoreAllMocks());

describe("literal", () => {
  it("indents a nested value holding no named one by its nesting, without a replace of its line breaks", () => {
    const names = new SharedNames();
    names.add({ zqShared: [1, 2] }, "zqShared");
    const value = { zqTools: [{ zqA: { zqB: ["x", { zqC: "y\u2028" }] } }, { zqShared: [1, 2] }] };
    const replaceAll = vi.spyOn(String.prototype, "replaceAll");
    const text = literal(value, names);
    expect(replaceAll).not.toHaveBeenCalled();
    expect(text).toBe(walked(value, new Map([[JSON.stringify({ zqShared: [1, 2] }), "zqShared"]])));
  });

  it("writes what the walk of every value wrote, with and without named values", () => {
    fc.assert(
      fc.property(data, fc.array(fc.nat(), { maxLength: 3 }), (value, picks) => {
        const inner = parts(value);
        const names = new SharedNames();
        const named = new Map<string, string>();
        for (const [i, pick] of picks.entries()) {
          // A copy, as a shared value is: found by its text, not by its identity.
          const chosen = inner[pick % Math.max(inner.length, 1)] ?? { zq: i };
          const copy = structuredClone(chosen);
          if (named.has(JSON.stringify(copy))) continue;
          names.add(copy, `zqShared${i}`);
          named.set(JSON.stringify(copy), `zqShared${i}`);
        }
        expect(literal(value, names)).toBe(walked(value, named));
        expect(literal(value)).toBe(walked(value, new Map()));
      }),
      { numRuns: 300 },
    );
  });

  it("runs as the data: `__proto__` an own member, undefined members left out, line separators escaped", () => {
    const value = JSON.parse('{"__proto__": {"zq": "a\u2028b"}, "2": [1, {"10": null}], "zqC": {}}');
    (value as Record<string, unknown>).zqD = undefined;
    const text = literal({ outer: value });
    expect(text).not.toMatch(/[\u2028\u2029]/);
    const run = new Function(`return ${text};`)() as { outer: Record<string, unknown> };
    expect(Object.getPrototypeOf(run.outer)).toBe(Object.prototype);
    expect(JSON.stringify(run.outer)).toBe(JSON.stringify(value));
    expect(Object.hasOwn(run.outer, "zqD")).toBe(false);
  });
});
