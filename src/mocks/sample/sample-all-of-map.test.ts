// A map reached through an `allOf` (a `$ref` and a description beside it, as AWS's documents write every field:
// DynamoDB's `RequestItems`, a map of table names to the keys to read, at least one): the sampler merged the members
// without the map's values' schema, so the entry it made for `minProperties` held any value, the value made was
// refused, and no request body could be made: every case of BatchGetItem and BatchWriteItem failed. The merged
// object keeps a member's additionalProperties schema, and the entry is made from it.
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const document = {
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqReadInput: {
        type: "object",
        required: ["ZqRequestItems"],
        properties: { ZqRequestItems: { allOf: [{ $ref: "#/components/schemas/ZqTableMap" }, { description: "d" }] } },
      },
      ZqTableMap: {
        type: "object",
        minProperties: 1,
        maxProperties: 100,
        additionalProperties: { $ref: "#/components/schemas/ZqKeys" },
      },
      ZqKeys: {
        type: "object",
        required: ["ZqKeyList"],
        properties: { ZqKeyList: { type: "array", minItems: 1, items: { type: "string", minLength: 3 } } },
      },
    },
  },
};

describe("a map reached through an allOf", () => {
  it("is made with an entry of its values' schema", () => {
    const made = new DocumentSampler(document).sample("/components/schemas/ZqReadInput", { everyField: true, seed: 0 });
    const entries = Object.values((made?.value as { ZqRequestItems?: object } | undefined)?.ZqRequestItems ?? {});
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (const entry of entries) {
      const list = (entry as { ZqKeyList?: unknown }).ZqKeyList;
      expect(Array.isArray(list) && list.length >= 1, JSON.stringify(entry)).toBe(true);
    }
  });
});
