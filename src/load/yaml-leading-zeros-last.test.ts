// The numbers' types (yaml-source.ts) turn a plain scalar that does not start as a number down at its first character:
// a word, most of a document's plain scalars, is not matched against the float's expression nor the leading-zero rule
// (on a whole published document hundreds of thousands of times each). What is read is as before (yaml-numbers.test.ts
// holds it).
import fc from "fast-check";
import jsyaml from "js-yaml";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseYamlSource } from "./yaml-source.js";

afterEach(() => vi.restoreAllMocks());

/** An expression about digits: the leading-zero rule's, the float's (the only ones js-yaml and this module ask). */
const ABOUT_DIGITS = (r: RegExp) => r.source.includes("0-9");

describe("the numbers' types", () => {
  it("ask no expression of a word, and still keep digits after a leading zero as text", () => {
    const test = vi.spyOn(RegExp.prototype, "test");
    const asked = () => test.mock.contexts.filter((r) => ABOUT_DIGITS(r as RegExp)).length;
    const words = parseYamlSource("zqwords:\n  kind: object\n  name: zqname\n  list: [alpha, beta]\n", "zq-words.yaml");
    expect(words.data).toEqual({ zqwords: { kind: "object", name: "zqname", list: ["alpha", "beta"] } });
    expect(asked()).toBe(0);
    const numbers = parseYamlSource(
      "zqcode: 0339\nzqzero: 0\nzqcount: 12\nzqhalf: 0.5\nzqnegative: -1.5e3\nzqpoint: .5\nzqinf: -.inf\nzqword: e5\n",
      "zq-numbers.yaml",
    );
    expect(numbers.data).toEqual({
      zqcode: "0339",
      zqzero: 0,
      zqcount: 12,
      zqhalf: 0.5,
      zqnegative: -1500,
      zqpoint: 0.5,
      zqinf: Number.NEGATIVE_INFINITY,
      zqword: "e5",
    });
    expect(asked()).toBeGreaterThan(0);
  });

  it("read a plain scalar as the core schema's types with the leading-zero rule first read it", () => {
    interface Parts {
      tag: string;
      resolve: (data: string) => boolean;
      construct: (data: string) => unknown;
      predicate: (value: unknown) => boolean;
    }
    const types = (jsyaml as unknown as { types: { merge: jsyaml.Type; int: Parts; float: Parts } }).types;
    // The rule as it was written: its expression first, then the core type's test.
    const rule = (type: Parts) =>
      new jsyaml.Type(type.tag, {
        kind: "scalar",
        resolve: (data: string) => !/^[-+]?0[0-9_]+$/.test(data) && type.resolve(data),
        construct: type.construct,
        predicate: type.predicate,
      } as jsyaml.TypeConstructorOptions);
    const before = jsyaml.CORE_SCHEMA.extend({ implicit: [types.merge, rule(types.int), rule(types.float)] });
    const scalar = fc.stringMatching(/^[-+.0-9eE_xXoOb]{1,8}$|^\.(inf|Inf|nan|NaN)$|^[a-z~]{1,5}$/);
    fc.assert(
      fc.property(scalar, (text) => {
        const yaml = `zqvalue: ${text}\n`;
        let expected: unknown;
        try {
          expected = jsyaml.load(yaml, { schema: before });
        } catch {
          expected = "refused";
        }
        let seen: unknown;
        try {
          seen = parseYamlSource(yaml, `zq-${text}.yaml`).data;
        } catch {
          seen = "refused";
        }
        expect(seen).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
