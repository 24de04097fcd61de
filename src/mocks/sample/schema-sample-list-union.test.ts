// A value of a `oneOf` of two lists ("add" items or "remove" items), each list's items one of closed object shapes:
// the walk made each list with the fewest items, none, and the empty list meets both, so no value met exactly one and
// the contract suite found "no value of parameter body passes its own rules". A list branch another takes too is now
// made again with one item, and, where its items are one of several shapes, with one item of each shape in turn (an
// item of the first may be one another list's items take too), which tells the lists apart. Each value is held to
// exactly one list shape and one item shape by a validator of its own (Ajv), not the sampler's.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const Ajv = AjvModule.default ?? AjvModule;

type Json = Record<string, unknown>;

const closed = (required: string[], properties: Json): Json => ({
  type: "object",
  additionalProperties: false,
  required,
  properties,
});
const text = { type: "string", minLength: 1, maxLength: 50 };
const schemas = {
  ZqTags: {
    oneOf: [
      { type: "array", items: text },
      { type: "array", items: { type: "integer" } },
    ],
  },
  ZqUpload: {
    oneOf: [
      {
        type: "array",
        title: "zqAdd",
        items: {
          oneOf: [
            closed(["zqName"], { zqName: text, zqKind: text }),
            closed(["zqTrackingId"], { zqTrackingId: text, zqName: text }),
          ],
        },
      },
      {
        type: "array",
        title: "zqRemove",
        items: {
          oneOf: [
            closed(["zqTrackingId"], { zqTrackingId: text, zqUnclaimOnly: { type: "boolean", default: false } }),
            closed(["zqDeviceId"], { zqDeviceId: text }),
          ],
        },
      },
    ],
  },
};
const document = { openapi: "3.0.3", info: { title: "zqlists", version: "1" }, paths: {}, components: { schemas } };

/** The shapes at `pointer` (a `oneOf`'s, under the union) that `value` meets, by Ajv over the same schemas. */
function met(pointer: string, count: number, value: unknown, union = "ZqUpload"): number[] {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "zq://doc", components: { schemas } });
  return Array.from({ length: count }, (_, i) => i).filter((i) =>
    ajv.validate({ $ref: `zq://doc#/components/schemas/${union}${pointer}/oneOf/${i}` }, value),
  );
}

describe("a value of a oneOf of lists whose items are closed shapes", () => {
  it("is a list of one item, meeting exactly one list shape and one of its item shapes, whatever the seed", () => {
    const sampler = new DocumentSampler(document);
    for (const seed of [0, 1, 2, 3]) {
      for (const bounds of [{ seed }, { seed, everyField: true }]) {
        const value = sampler.sample("/components/schemas/ZqUpload", bounds)?.value;
        expect(Array.isArray(value) && value.length).toBe(1);
        const [list] = met("", 2, value);
        expect(met("", 2, value)).toHaveLength(1);
        expect(met(`/oneOf/${list}/items`, 2, (value as unknown[])[0])).toHaveLength(1);
      }
    }
  });
});

describe("a value of a oneOf of lists of plain items", () => {
  it("is a list of one item, which one list's items take and the other's refuse", () => {
    const sampler = new DocumentSampler(document);
    for (const seed of [0, 1, 2, 3]) {
      const value = sampler.sample("/components/schemas/ZqTags", { seed, everyField: true })?.value;
      expect(Array.isArray(value) && value.length).toBe(1);
      expect(met("", 2, value, "ZqTags")).toHaveLength(1);
    }
  });
});
