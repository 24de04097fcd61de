// structured-verdict.ts answers "surely meets" only where @cfworker/json-schema's validator (draft 7, as the example
// check asks it) finds no error, having read the same schemas from the lookup in the same order (the walker's lookup
// registers a schema when a `$ref` first names it); where it answers "ask the validator", it read a prefix of those.
import { dereference, type Schema, validate } from "@cfworker/json-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { surelyMeets } from "./structured-verdict.js";

const BASE = "file:///zq/zqdoc.json";

/** The lookup the walker would give: the document's schemas registered by the validator's own dereference. */
function lookupOf(components: Record<string, unknown>): Record<string, Schema | boolean> {
  const lookup: Record<string, Schema | boolean> = {};
  dereference(structuredClone({ components: { schemas: components } }) as Schema, lookup, new URL(BASE));
  return lookup;
}

/** A lookup that records each key read from it. */
function recording(lookup: Record<string, Schema | boolean>): { proxy: typeof lookup; read: string[] } {
  const read: string[] = [];
  const proxy = new Proxy(lookup, {
    get: (target, key) => {
      if (typeof key === "string") read.push(key);
      return Reflect.get(target, key);
    },
  });
  return { proxy, read };
}

const KEYS = ["a", "b", "c"] as const;
const TEXTS = ["", "abc", "ABC", "a b", "2024-05-01T10:00:00Z", "2024-13-01", "zq@example.com", "zq@", "10.0.0.1", "ü"];

const texts = fc.constantFrom(...TEXTS);
const scalars = fc.oneof(texts, fc.constantFrom(0, 1, 2.5, -3, 100, Number.NaN), fc.boolean(), fc.constant(null));

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(true, false, {}, { type: "string" }, { type: ["string", "null"] }, { type: "integer" }),
    fc.record(
      {
        type: fc.constantFrom("string", "number", "integer", "boolean", "null"),
        enum: fc.array(scalars, { maxLength: 3 }),
        minLength: fc.nat(3),
        maxLength: fc.nat(4),
        pattern: fc.constantFrom("^[a-z]+$", "\\d", "^.{0,2}$", "("),
        format: fc.constantFrom("date-time", "email", "ipv4", "zq-unknown", "__proto__"),
        minimum: fc.constantFrom(0, 1, "1"),
        maximum: fc.constantFrom(2, 100),
        description: fc.constant("zq"),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom(...KEYS), tie("schema"), { maxKeys: 3 }),
        required: fc.subarray([...KEYS]),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
      },
      { requiredKeys: ["properties"] },
    ),
    fc.record(
      {
        type: fc.constant("array"),
        items: fc.oneof(tie("schema"), fc.array(tie("schema"), { maxLength: 2 })),
        minItems: fc.nat(2),
        maxItems: fc.nat(3),
      },
      { requiredKeys: [] },
    ),
    fc.record({ allOf: fc.array(tie("schema"), { maxLength: 2 }) }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
    fc.record({ type: fc.constant("string"), nullable: fc.constant(true) }),
    fc.record({ $ref: fc.constantFrom("#/components/schemas/One", "#/components/schemas/Two", "#/components/zq") }),
    fc.record({ $ref: fc.constant("#/components/schemas/One"), type: fc.constant("number") }),
  ),
}));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalars,
    fc.dictionary(fc.constantFrom(...KEYS, "d", "__proto__"), tie("value"), { maxKeys: 4 }),
    fc.array(tie("value"), { maxLength: 3 }),
  ),
}));

describe("the example check's structured shortcut", () => {
  it("says a value surely meets its schema only where the validator finds no error, reading what it reads", () => {
    let sure = 0;
    fc.assert(
      fc.property(schema, schema, schema, value, (one, two, top, drawn) => {
        const lookup = lookupOf({ One: one, Two: two, Top: top });
        const target = lookup[`${BASE}#/components/schemas/Top`] as Schema | boolean;
        const ours = recording(lookup);
        const answer = surelyMeets(drawn, target, ours.proxy);
        const theirs = recording(lookup);
        let valid: boolean | "throws";
        try {
          valid = validate(drawn, target, "7", theirs.proxy, false).valid;
        } catch {
          valid = "throws";
        }
        if (answer) {
          sure++;
          expect(valid).toBe(true);
          expect(ours.read).toEqual(theirs.read);
        } else expect(theirs.read.slice(0, ours.read.length)).toEqual(ours.read);
      }),
      { numRuns: 4000 },
    );
    // Not an answer of "ask the validator" alone.
    expect(sure).toBeGreaterThan(400);
  });

  it("answers for a published example of nested references, formats, patterns and lists", () => {
    const lookup = lookupOf({
      Repo: {
        type: "object",
        required: ["id", "owner", "topics"],
        properties: {
          id: { type: "integer", minimum: 1 },
          name: { type: "string", pattern: "^[a-z-]+$", maxLength: 100, description: "its name" },
          owner: { $ref: "#/components/schemas/User" },
          topics: { type: "array", items: { type: "string" }, maxItems: 20 },
          created_at: { type: "string", format: "date-time" },
        },
        additionalProperties: false,
      },
      User: { allOf: [{ type: "object", properties: { login: { type: "string" } } }, { required: ["login"] }] },
    });
    const repo = lookup[`${BASE}#/components/schemas/Repo`] as Schema;
    const example = {
      id: 7,
      name: "zq-repo",
      owner: { login: "zq" },
      topics: ["a", "b"],
      created_at: "2024-05-01T10:00:00Z",
    };
    expect(surelyMeets(example, repo, lookup)).toBe(true);
    // Each a value the validator refuses: left to it, which words the error.
    for (const broken of [
      { ...example, id: 0 },
      { ...example, name: "Zq" },
      { ...example, owner: {} },
      { ...example, topics: [1] },
      { ...example, created_at: "yesterday" },
      { ...example, extra: true },
    ]) {
      expect(surelyMeets(broken, repo, lookup)).toBe(false);
      expect(validate(broken, repo, "7", lookup, false).valid).toBe(false);
    }
  });

  it("reads the references of an object's fields in the validator's order, the schema's, not the value's", () => {
    const lookup = lookupOf({
      One: { type: "string" },
      Two: { type: "number" },
      Top: {
        type: "object",
        properties: { a: { $ref: "#/components/schemas/One" }, b: { $ref: "#/components/schemas/Two" } },
      },
    });
    const top = lookup[`${BASE}#/components/schemas/Top`] as Schema;
    const ours = recording(lookup);
    const theirs = recording(lookup);
    expect(surelyMeets({ b: 1, a: "x" }, top, ours.proxy)).toBe(true);
    expect(validate({ b: 1, a: "x" }, top, "7", theirs.proxy, false).valid).toBe(true);
    expect(ours.read).toEqual([`${BASE}#/components/schemas/One`, `${BASE}#/components/schemas/Two`]);
    expect(ours.read).toEqual(theirs.read);
  });

  it("leaves to the validator a reference that does not resolve, where the validator throws", () => {
    const lookup = lookupOf({ Top: { type: "object", properties: { a: { $ref: "#/components/schemas/Gone" } } } });
    const top = lookup[`${BASE}#/components/schemas/Top`] as Schema;
    expect(surelyMeets({ a: 1 }, top, lookup)).toBe(false);
    expect(() => validate({ a: 1 }, top, "7", lookup, false)).toThrow(/Unresolved \$ref/);
    // The property absent: the validator reads no reference either.
    expect(surelyMeets({}, top, lookup)).toBe(true);
  });
});
