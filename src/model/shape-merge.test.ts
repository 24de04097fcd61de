// How ShapeBuilder (shape.ts) reads schemas that combine others, as real
// published documents write them: an object with its own fields and a
// oneOf refining it, and a field declared by two allOf members.
import { describe, expect, it } from "vitest";
import type { Schema } from "../load/openapi-document.js";
import { ShapeBuilder } from "./shape.js";

const schemas: Record<string, Schema> = {
  zqlogEntry: {
    type: "object",
    properties: { type: { type: "string", enum: ["zqtrigger", "zqresolve", "zqnote"] }, id: { type: "string" } },
  },
  zqtriggerEntry: {
    allOf: [
      { $ref: "#/components/schemas/zqlogEntry" },
      { type: "object", properties: { type: { type: "string", enum: ["zqtrigger"] } } },
    ],
  },
};
const builder = () => new ShapeBuilder((ref) => schemas[ref.replace("#/components/schemas/", "")]);

describe("shapes of combined schemas", () => {
  it("keep an object's own fields beside a oneOf that refines it (one shape, its own required list, no forms)", () => {
    const channel: Schema = {
      type: "object",
      required: ["type"],
      properties: { type: { type: "string" }, zqnotification: { type: "object" } },
      oneOf: [
        {
          title: "zqemail",
          type: "object",
          properties: { type: { type: "string" }, zqto: { type: "string" } },
          required: ["zqto"],
        },
        { title: "zqapi", type: "object", properties: { type: { type: "string" }, zqkey: { type: "string" } } },
      ],
    };
    const shape = builder().of(channel);
    expect(Object.keys(shape.properties ?? {})).toEqual(["type", "zqkey", "zqnotification", "zqto"]);
    expect(shape.required).toEqual(["type"]);
    expect(shape.variants).toBeUndefined();
  });

  it("read a field two allOf members declare inline as either declaration: the values of both", () => {
    const b = builder();
    const shape = b.resolved(b.of({ $ref: "#/components/schemas/zqtriggerEntry" }));
    expect(shape.properties?.type?.enum).toEqual(["zqtrigger", "zqresolve", "zqnote"]);
    expect(shape.properties?.id).toEqual({ type: "string" });
  });
});

describe("a field two forms declare as different named shapes", () => {
  const named: Record<string, Schema> = {
    zqtextStyle: {
      type: "object",
      required: ["zqfont"],
      properties: { zqfont: { type: "string" }, zqsize: { type: "number" } },
    },
    zqpathStyle: {
      type: "object",
      required: ["zqfont", "zqcurve"],
      properties: { zqfont: { type: "string" }, zqcurve: { type: "string" } },
    },
    zqtextNode: {
      type: "object",
      properties: { zqkind: { type: "string", enum: ["text"] }, zqstyle: { $ref: "#/components/schemas/zqtextStyle" } },
    },
    zqpathNode: {
      type: "object",
      properties: { zqkind: { type: "string", enum: ["path"] }, zqstyle: { $ref: "#/components/schemas/zqpathStyle" } },
    },
  };
  const b = () => new ShapeBuilder((ref) => named[ref.replace("#/components/schemas/", "")]);
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it(
    "reads it, under oneOf, as either shape: the fields of both, each required where every form that has it " +
      "requires it (as the forms' own fields)",
    () => {
      const forms = b().of({ oneOf: [ref("zqtextNode"), ref("zqpathNode")] });
      const style = forms.properties?.zqstyle;
      expect(Object.keys(style?.properties ?? {}).sort()).toEqual(["zqcurve", "zqfont", "zqsize"]);
      expect(style?.required).toEqual(["zqcurve", "zqfont"]);
      const loose = new ShapeBuilder(
        (r) =>
          ({ ...named, zqpathStyle: { ...named.zqpathStyle, required: ["zqcurve"] } })[
            r.replace("#/components/schemas/", "")
          ],
      );
      expect(loose.of({ anyOf: [ref("zqtextNode"), ref("zqpathNode")] }).properties?.zqstyle?.required).toEqual([
        "zqcurve",
      ]);
    },
  );

  it("reads it, under allOf, as both shapes: their fields and their required fields added up", () => {
    const both = b().of({ allOf: [ref("zqtextNode"), ref("zqpathNode")] });
    const style = both.properties?.zqstyle;
    expect(Object.keys(style?.properties ?? {}).sort()).toEqual(["zqcurve", "zqfont", "zqsize"]);
    expect(style?.required).toEqual(["zqcurve", "zqfont"]);
  });
});

describe("a reference that may be null", () => {
  const zqformats: Record<string, Schema> = {
    zqformat: {
      oneOf: [
        { type: "string", enum: ["auto"] },
        { type: "object", properties: { type: { type: "string" } } },
      ],
    },
  };
  const b = () => new ShapeBuilder((ref) => zqformats[ref.replace("#/components/schemas/", "")]);

  it(
    "reads 3.0's `$ref` beside `nullable: true` as 3.1's " + "`anyOf [$ref, {type: null}]`: the same shape, nullable",
    () => {
      const ref = { $ref: "#/components/schemas/zqformat" };
      const written30 = b().of({ ...ref, nullable: true });
      const written31 = b().of({ anyOf: [ref, { type: "null" }] });
      expect(written30.nullable).toBe(true);
      expect(written30).toEqual(written31);
      expect(b().of(ref)).toEqual({ ref: "zqformat" });
    },
  );
});

describe("limits", () => {
  it("records a schema's limits by keyword, an allOf member's too", () => {
    const b = new ShapeBuilder(() => undefined);
    expect(b.of({ type: "array", items: { type: "string", maxLength: 64, pattern: "^f" }, maxItems: 10000 })).toEqual({
      type: "array",
      limits: { maxItems: 10000 },
      items: { type: "string", limits: { maxLength: 64, pattern: "^f" } },
    });
    expect(b.of({ allOf: [{ type: "integer", minimum: 1 }, { maximum: 9 }] }).limits).toEqual({
      minimum: 1,
      maximum: 9,
    });
  });
});

describe("a boolean schema where a schema is due (a property named additionalProperties whose schema is false)", () => {
  it("describes no structure of its own, and the object's other fields are read (it threw: exit 70)", () => {
    const b = new ShapeBuilder(() => undefined);
    const shape = b.of({
      type: "object",
      properties: { additionalProperties: false, zqlabel: { type: "string" }, zqany: true },
    } as unknown as Schema);
    expect(shape.properties).toEqual({ additionalProperties: {}, zqany: {}, zqlabel: { type: "string" } });
  });
});
