// The surface's shapes table (shape.ts ShapeBuilder.table): each root is written with its inline shapes copied out,
// and an inline shape reached from several roots (an answer's shape and each output inside it, each a root) is written
// once and given to each: the same object, the same text, and the named shapes recorded as before.
import { describe, expect, it } from "vitest";
import { ShapeBuilder } from "./shape.js";
import type { Shape } from "./surface-format.js";

const schemas: Record<string, Record<string, unknown>> = {
  ZqOwner: {
    type: "object",
    properties: { zqLogin: { type: "string" }, zqSelf: { $ref: "#/components/schemas/ZqOwner" } },
  },
};
const builder = () => new ShapeBuilder((ref) => schemas[ref.split("/").pop() ?? ""]);

/** An answer whose list items hold an inline object beside a named one. */
const answer = {
  type: "object",
  properties: {
    zqItems: {
      type: "array",
      items: {
        type: "object",
        properties: { zqId: { type: "integer" }, zqOwner: { $ref: "#/components/schemas/ZqOwner" } },
        required: ["zqId"],
      },
    },
  },
};

describe("the shapes table", () => {
  it("writes an inline shape reached from several roots once, and gives each root the same text", () => {
    const shapes = builder();
    const body = shapes.of(answer);
    const items = body.properties?.zqItems as Shape;
    const item = items.items as Shape;
    const written = shapes.table([body, items, item, item]);
    const [wBody, wItems, wItem, wItemAgain] = written.roots as [Shape, Shape, Shape, Shape];
    expect(wBody.properties?.zqItems).toBe(wItems);
    expect(wItems.items).toBe(wItem);
    expect(wItemAgain).toBe(wItem);
    expect(wItem.properties?.zqOwner).toEqual({ ref: "ZqOwner" });
    expect(Object.keys(written.shapes)).toEqual(["ZqOwner"]);
    expect(written.shapes.ZqOwner?.properties?.zqSelf).toEqual({ ref: "ZqOwner" });
    // Each root's text is the one written apart: a table of that root alone.
    const alone = builder();
    const aloneBody = alone.of(answer);
    expect(JSON.stringify(alone.table([aloneBody]).roots[0])).toBe(JSON.stringify(wBody));
  });

  it("leaves the roots' own shapes as they were built", () => {
    const shapes = builder();
    const body = shapes.of(answer);
    const before = JSON.stringify(body);
    shapes.table([body, body.properties?.zqItems as Shape]);
    expect(JSON.stringify(body)).toBe(before);
  });
});
