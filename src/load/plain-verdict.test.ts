// The example check's shortcut (examples/plain-verdict.ts) never answers where @cfworker/json-schema's validator would
// find an error: every value and schema below, asked of both.
import { validate, type Schema } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { plainlyMeets } from "./examples/plain-verdict.js";

const VALUES: unknown[] = [
  "",
  "text",
  "7",
  0,
  -0,
  7,
  7.5,
  -3,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  [],
  ["text"],
  {},
  { id: 1 },
];

const SCHEMAS: unknown[] = [
  {},
  { type: "string" },
  { type: "integer" },
  { type: "number" },
  { type: "boolean" },
  { type: "null" },
  { type: "object" },
  { type: "array" },
  { type: ["string", "null"] },
  { type: ["integer", "null"] },
  { type: ["number", "boolean"] },
  { type: [] },
  { type: 7 },
  { type: ["zq", 7] },
  { type: "string", enum: ["text", "other"] },
  { type: "integer", enum: [0, 7] },
  { enum: ["7", 7, null] },
  { enum: [true] },
  { enum: "text" },
  { type: ["string", "null"], enum: ["text", null] },
  { type: "string", description: "d", title: "t", default: "x", readOnly: true, writeOnly: false, deprecated: true },
  { type: "string", minLength: 5 },
  { type: "string", pattern: "^z" },
  { type: "string", format: "email" },
  { type: "integer", minimum: 10 },
  { type: "string", const: "x" },
  { type: "string", not: { type: "string" } },
  { $ref: "#/zq" },
  { anyOf: [{ type: "string" }] },
  true,
  false,
  null,
];

describe("a plain schema's answer", () => {
  it("is given only where the validator finds no error, in either draft", () => {
    let answered = 0;
    for (const schema of SCHEMAS)
      for (const value of VALUES) {
        if (!plainlyMeets(value, schema)) continue;
        answered++;
        for (const draft of ["7", "2020-12"] as const)
          expect(
            validate(value, schema as Schema, draft, { "zq:#": schema as Schema }, false).errors,
            `${JSON.stringify(value)} against ${JSON.stringify(schema)}`,
          ).toEqual([]);
      }
    // The shortcut answers for the plain cases it is for.
    expect(answered).toBeGreaterThan(40);
  });

  it("answers a value of the type and the listed values, and leaves every other schema to the validator", () => {
    expect(plainlyMeets("text", { type: "string", description: "d" })).toBe(true);
    expect(plainlyMeets(7, { type: "integer" })).toBe(true);
    expect(plainlyMeets(null, { type: ["string", "null"] })).toBe(true);
    expect(plainlyMeets("text", { type: "string", enum: ["text"] })).toBe(true);
    expect(plainlyMeets(7.5, { type: "integer" })).toBe(false);
    expect(plainlyMeets("zq", { type: "string", enum: ["text"] })).toBe(false);
    expect(plainlyMeets("text", { type: "string", minLength: 1 })).toBe(false);
    expect(plainlyMeets({}, { type: "object" })).toBe(false);
    expect(plainlyMeets(Number.NaN, { type: "number" })).toBe(false);
  });
});
