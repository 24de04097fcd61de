// An `allOf` of a record's fields (ids of format uuid) and a union of its kinds, each kind with an example of the
// whole record whose ids are no uuids (valid for the kind alone, which declares no id): the sampler took the untyped
// node's own value (a text made of nothing it says) as a member's, so the objects were read as scalars and one member's
// object given alone; merged, the kind's example came last and its ids replaced the made ones. Either way the whole
// was refused, no answer was made, Prism made its own with the same ids and its check refused it: every case of the
// operation failed (Alpaca's Broker API, `POST /v1/journals`). The members' objects are merged, and where they
// disagree on a field and the merge breaks the whole, the earlier members' values are kept.
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const uuid = { type: "string", format: "uuid" };
const document = {
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqTransfer: {
        allOf: [
          {
            type: "object",
            required: ["zqId", "zqFrom"],
            properties: { zqId: uuid, zqFrom: uuid, zqKind: { type: "string", enum: ["cash", "shares"] } },
          },
          { oneOf: [{ $ref: "#/components/schemas/ZqShares" }, { $ref: "#/components/schemas/ZqCash" }] },
        ],
      },
      ZqShares: {
        type: "object",
        required: ["zqSymbol"],
        properties: { zqSymbol: { type: "string" }, zqQty: { type: "string" } },
        example: { zqId: "h7h5g33f-zq", zqFrom: "8fjkjn-zq", zqKind: "shares", zqSymbol: "ZQ", zqQty: "2" },
      },
      ZqCash: {
        type: "object",
        required: ["zqAmount"],
        properties: { zqAmount: { type: "string" } },
        example: { zqId: "f45g67h8-zq", zqFrom: "8fjkjn-zq", zqKind: "cash", zqAmount: "1" },
      },
    },
  },
};

describe("an allOf whose later member's example holds other values of an earlier member's fields", () => {
  const sampler = new DocumentSampler(document);

  it("is made valid, the earlier member's values kept", () => {
    for (const bounds of [{}, { answer: true }, { everyField: true, seed: 3 }]) {
      const made = sampler.sample("/components/schemas/ZqTransfer", bounds);
      expect(made).toBeDefined();
      expect(sampler.valid(made?.value, "/components/schemas/ZqTransfer")).toBe(true);
      expect((made?.value as { zqId?: string } | undefined)?.zqId).not.toMatch(/zq$/);
    }
  });
});
