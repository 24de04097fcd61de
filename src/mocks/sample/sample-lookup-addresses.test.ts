// Schemas that carry a JSON Schema file's `$id` address (a document bundled from such files keeps them: a transparency
// log's entry kinds, `$id: http://…/helm_v0_0_1_schema.json`). The sampler's validator read each address as a second
// name for its schema: where the mock's copy holds a schema twice it refused the document ("Duplicate schema URI",
// the mock's answers crashed and every case of the operation could not run), and a `#/…` reference inside such a
// schema resolved against the address, finding nothing. Each schema is registered where the document places it now.
import { describe, expect, it } from "vitest";
import { SchemaLookup } from "./sample-lookup.js";

const KIND_ID = "http://zqlog.example.com/types/zqkind/zqkind_v1_schema.json";

const zqkind = () => ({
  $id: KIND_ID,
  type: "object",
  required: ["zqhash"],
  properties: { zqhash: { $ref: "#/components/schemas/ZqHash" } },
});

const document = {
  openapi: "3.0.3",
  info: { title: "zqlog", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqHash: { type: "string", pattern: "^[0-9a-f]+$" },
      ZqKind: zqkind(),
      // The same file's schema a second time, as a copy: the mock's copy of a document holds such twins.
      ZqKindAgain: zqkind(),
      // A property named `$id` is a field, kept.
      ZqRecord: { type: "object", required: ["$id"], properties: { $id: { type: "string" } } },
    },
  },
};

describe("a document whose schemas carry `$id` addresses", () => {
  it("is registered, each schema where the document places it", () => {
    expect(() => new SchemaLookup(structuredClone(document))).not.toThrow();
  });

  it("reads a `#/…` reference inside such a schema in the document", () => {
    const lookup = new SchemaLookup(structuredClone(document));
    expect(lookup.valid({ zqhash: "ab12" }, "/components/schemas/ZqKind")).toBe(true);
    expect(lookup.valid({ zqhash: "not hex" }, "/components/schemas/ZqKindAgain")).toBe(false);
    expect(lookup.valid({ $id: "zq" }, "/components/schemas/ZqRecord")).toBe(true);
    expect(lookup.valid({}, "/components/schemas/ZqRecord")).toBe(false);
  });
});
