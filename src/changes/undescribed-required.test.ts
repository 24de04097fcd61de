// upstream on a request body whose schema requires a field it never describes (`required: [zqkind, zqowner]`, its
// `properties` holding neither), as a published document wrote a git repository's request for a year: the version
// that describes `zqkind` (an enum) was read as a new field every call must now send. Every call sent it already, of
// any value; what is new is what the value may be: a type and an enum.
import { describe, expect, it } from "vitest";
import type { DocumentSet } from "./schema-flat.js";
import { SchemaComparer } from "./schema-compare.js";

const repository = (described: Record<string, unknown>) => ({
  type: "object",
  required: ["zqurl", "zqowner", "zqkind"],
  properties: { zqurl: { type: "string" }, ...described },
});
const one = (schema: unknown): DocumentSet => ({ root: "zq.json", files: new Map([["zq.json", { schema }]]) });
const at = { schema: { $ref: "#/schema" }, file: "zq.json" };

function changes(older: unknown, newer: unknown) {
  return new SchemaComparer(one(older), one(newer))
    .compare(at, at, "request")
    .map((c) => [c.kind, c.pointer, c.old, c.new]);
}

describe("a required field described at last", () => {
  it("reads its new schema as a narrower value, not as a field every call must now send", () => {
    const kind = { zqkind: { type: "string", enum: ["ZQHUB", "ZQLAB"] } };
    expect(changes(repository({}), repository(kind))).toEqual([
      ["request-property-type-changed", "/zqkind", "any", "string"],
      ["request-property-enum-set", "/zqkind", undefined, ["ZQHUB", "ZQLAB"]],
    ]);
  });

  it("still reads a field neither required nor described before as new and required", () => {
    const older = { type: "object", required: ["zqurl"], properties: { zqurl: { type: "string" } } };
    const newer = { ...older, required: ["zqurl", "zqkind"], properties: { ...older.properties, zqkind: {} } };
    expect(changes(older, newer)).toEqual([["new-required-request-property", "/zqkind", undefined, undefined]]);
  });
});
