// A JSON field whose schema is a union with a discriminator and no mapping (`zqArea: {oneOf: [ZqDot, ZqLine],
// discriminator: {propertyName: zqType}}`), each shape extending one base by allOf whose property is one enum listing
// every shape's name (GeoJSON's geometries as a converter writes them: `type` one enum of all kinds). By OpenAPI the
// property's value names the shape by its schema's name. The shapes were told apart by nothing (each took every value
// of the enum), so the union was read as its shapes alone: `{zqType: "ZqLine", zqAt: [1, 2]}`, a line of a dot's
// coordinates, met the dot alone and was sent (the request judge refused it already, by its reading of the union's
// kinds). Each shape is now named by its own name where its enum lists it, as a discriminated base's kinds are
// (unmapped-base-field.test.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { bodySender, draftWorkFolder } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const pair = { type: "array", items: { type: "number" }, minItems: 2, maxItems: 2 };
const schemas = {
  ZqSearch: {
    type: "object",
    required: ["zqName"],
    properties: { zqName: text, zqArea: ref("ZqShape") },
  },
  ZqShape: { type: "object", discriminator: { propertyName: "zqType" }, oneOf: [ref("ZqDot"), ref("ZqLine")] },
  ZqShapeBase: { type: "object", required: ["zqType"], properties: { zqType: { allOf: [ref("ZqShapeType")] } } },
  // One enum the shapes share, listing every shape's name and one shape the union does not hold.
  ZqShapeType: { type: "string", enum: ["ZqDot", "ZqLine", "ZqRing"] },
  ZqDot: { allOf: [ref("ZqShapeBase"), { type: "object", required: ["zqAt"], properties: { zqAt: pair } }] },
  ZqLine: {
    allOf: [
      ref("ZqShapeBase"),
      { type: "object", required: ["zqAt"], properties: { zqAt: { type: "array", items: pair, minItems: 2 } } },
    ],
  },
};
const sender = () => bodySender(schemas, "ZqSearch", "zqunmapped", { zqName: "zq" });

const dot = { zqType: "ZqDot", zqAt: [1, 2] };
const line = {
  zqType: "ZqLine",
  zqAt: [
    [1, 2],
    [3, 4],
  ],
};
// Each the other's coordinates under its name, and a name of no shape the union holds.
const wrong = [
  { zqType: "ZqLine", zqAt: [1, 2] },
  { zqType: "ZqDot", zqAt: line.zqAt },
  { zqType: "ZqRing", zqAt: [1, 2] },
];

describe("a JSON field of a discriminated union with no mapping, its property one enum of every name", () => {
  it("sends a value of each shape, named by its schema's name", async () => {
    const { send } = await sender();
    expect(await send({ zqArea: dot })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqArea: line })).toEqual({ message: "sent", sent: 1 });
  });

  it("refuses a value its name's shape does not take, before any request", async () => {
    const { send } = await sender();
    for (const value of wrong) {
      const field = await send({ zqArea: value });
      expect(field.sent, JSON.stringify(value)).toBe(0);
      expect(field.message).toContain("zqArea");
    }
  });

  it("is held to the shape its name names by the request judge", async () => {
    const { refused } = await sender();
    expect(refused({ zqName: "zq", zqArea: dot })).toEqual([]);
    expect(refused({ zqName: "zq", zqArea: line })).toEqual([]);
    for (const value of wrong) expect(refused({ zqName: "zq", zqArea: value }), JSON.stringify(value)).not.toEqual([]);
  });
});
