// upstream on a pattern written between slashes in one version (`/^[^!$%*=<>]*$/`, matching no text as JSON Schema
// reads it, so the load reads what is between them) and bare in the next, as an identity-check API's names and address
// lines went: five "pattern added or tightened" changes, breaking, where the load reads one pattern both times.
import { describe, expect, it } from "vitest";
import { SchemaComparer } from "./schema-compare.js";
import type { DocumentSet } from "./schema-flat.js";

const named = (pattern: string) => ({
  type: "object",
  properties: { zqname: { type: "string", pattern } },
});
const one = (schema: unknown): DocumentSet => ({ root: "zq.json", files: new Map([["zq.json", { schema }]]) });
const at = { schema: { $ref: "#/schema" }, file: "zq.json" };

function changes(older: string, newer: string) {
  return new SchemaComparer(one(named(older)), one(named(newer)))
    .compare(at, at, "request")
    .map((c) => [c.kind, c.pointer, c.old, c.new]);
}

describe("a pattern between slashes, then bare", () => {
  it("is no change: the load reads the same pattern in both", () => {
    expect(changes("/^[^!$%*=<>]*$/", "^[^!$%*=<>]*$")).toEqual([]);
  });

  it("still reports a pattern that changes what it matches, widened or narrowed", () => {
    expect(changes("/^[a-z]*$/", "^[a-z0-9]*$")).toEqual([
      ["request-property-limit-loosened", "/zqname", "^[a-z]*$", "^[a-z0-9]*$"],
    ]);
    expect(changes("/^[a-z0-9]*$/", "^[a-z]*$")).toEqual([
      ["request-property-limit-tightened", "/zqname", "^[a-z0-9]*$", "^[a-z]*$"],
    ]);
  });
});
