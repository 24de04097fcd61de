// diff on the shapes of outputs and `json` body parameters (link/outputs/outputs.ts,
// link/wire/request-shape.ts, link/shape-pairs.ts): shapes seen in published
// version histories, on a made-up provider (zqpayments).
import { describe, expect, it } from "vitest";
import { diffSurfaces } from "./classify.js";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import type { Schema } from "../load/openapi-document.js";
import { ShapeBuilder } from "../model/shape.js";
import type { ParamSurface, Shape, Surface } from "./surface.js";

const text: Shape = { type: "string" };

function withOutput(shape: Shape, shapes?: Record<string, Shape>): Surface {
  const outputs = { data: { type: "json" as const, optional: false, description: "The zqpayment.", shape } };
  return {
    ...acmeSurface(shapes ? { shapes } : {}, { zqpayments_get: acmeTool({ outputs }) }),
    provider: "zqpayments",
  };
}

function withBodyParam(shape: Shape, own: Partial<ParamSurface> = {}, shapes?: Record<string, Shape>): Surface {
  const params = {
    zqorder: {
      type: "json",
      jsonType: "object",
      title: "Order",
      description: "The order.",
      required: false,
      wire: "body:/zqorder",
      shape,
      ...own,
    } as ParamSurface,
  };
  return {
    ...acmeSurface(shapes ? { shapes } : {}, { zqpayments_update: acmeTool({ method: "PATCH", params }) }),
    provider: "zqpayments",
  };
}

const changes = (base: Surface, head: Surface) =>
  diffSurfaces(base, head).map((c) => `${c.severity} ${c.kind} ${c.subject}`);

describe("diff on output shapes", () => {
  it(
    "calls a field whose schema is gone (a description and a deprecation left) a type change: " +
      "nothing about it is promised any more",
    () => {
      const plan = (zqplan: Shape) => withOutput({ type: "object", properties: { zqplan } });
      const before = plan({ type: "object", properties: { id: text, zqkind: text } });
      const after = plan({ deprecated: true });
      expect(changes(before, after)).toEqual([
        "breaking response-property-type-changed output data .zqplan",
        "breaking response-property-removed output data .zqplan.id",
        "breaking response-property-removed output data .zqplan.zqkind",
      ]);
    },
  );

  it("reports a change inside a named shape at every place that uses it (a workflow reads it at each)", () => {
    const zquser = (fields: Record<string, Shape>): Shape => ({
      type: "object",
      properties: { login: text, ...fields },
    });
    const issue: Shape = {
      type: "object",
      properties: {
        zqassignee: { ref: "zquser" },
        zqclosedBy: { ref: "zquser" },
        zqmilestone: { type: "object", properties: { zqcreator: { ref: "zquser" } } },
      },
    };
    const before = withOutput(issue, { zquser: zquser({}) });
    const after = withOutput(issue, { zquser: zquser({ zqviewType: text }) });
    expect(changes(before, after)).toEqual([
      "non-breaking response-property-added output data .zqassignee.zqviewType",
      "non-breaking response-property-added output data .zqclosedBy.zqviewType",
      "non-breaking response-property-added output data .zqmilestone.zqcreator.zqviewType",
    ]);
  });

  it(
    "reports a node type added to a union of named node types by its name, though its fields are mostly " +
      "another's (types sharing traits)",
    () => {
      const node = (forms: string[]): Shape => ({
        type: "object",
        required: ["id", "type"],
        properties: { id: text, type: text, zqfills: { type: "array" } },
        variants: ["id,type,zqfills", "id,type"],
        forms,
      });
      expect(
        changes(withOutput(node(["ZqFrame", "ZqText"])), withOutput(node(["ZqFrame", "ZqGroup", "ZqText"]))),
      ).toEqual(["breaking response-property-one-of-added output data"]);
      expect(
        diffSurfaces(withOutput(node(["ZqFrame", "ZqText"])), withOutput(node(["ZqFrame", "ZqGroup", "ZqText"])))[0]
          ?.to,
      ).toEqual(["ZqGroup"]);
      // A form renamed only in the fields' order or written again is no change.
      expect(changes(withOutput(node(["ZqFrame", "ZqText"])), withOutput(node(["ZqText", "ZqFrame"].sort())))).toEqual(
        [],
      );
    },
  );

  it(
    "reports a field that was one named shape and may now come as another named one (a node form added whose " +
      "style is another schema), by name, in a map's values too",
    () => {
      const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      const node = (kind: string, style: string): Schema => ({
        type: "object",
        properties: {
          zqkind: { type: "string", enum: [kind] },
          zqstyle: ref(style),
          zqstyleTable: { type: "object", additionalProperties: ref(style) },
        },
      });
      const schemas: Record<string, Schema> = {
        zqtextStyle: {
          type: "object",
          properties: { zqfont: text, zqsize: { type: "number" }, zqweight: { type: "number" } },
        },
        zqpathStyle: { type: "object", properties: { zqfont: text, zqsize: { type: "number" } } },
        zqtextNode: node("text", "zqtextStyle"),
        zqpathNode: node("path", "zqpathStyle"),
        zqboxNode: {
          type: "object",
          properties: { zqkind: { type: "string", enum: ["box"] }, zqwidth: { type: "number" } },
        },
      };
      /** The surface of an output whose value is one of `forms`, as generate builds and writes it. */
      const surfaceOf = (forms: string[]) => {
        const builder = new ShapeBuilder((r) => schemas[r.replace("#/components/schemas/", "")]);
        const written = builder.table([builder.of({ oneOf: forms.map(ref) })]);
        return withOutput(written.roots[0] as Shape, written.shapes);
      };
      const added = diffSurfaces(
        surfaceOf(["zqboxNode", "zqtextNode"]),
        surfaceOf(["zqboxNode", "zqpathNode", "zqtextNode"]),
      ).filter((c) => c.kind === "response-property-one-of-added");
      expect(added.map((c) => [c.severity, c.subject, c.to])).toEqual([
        ["non-breaking", "output data", ["zqpathNode"]],
        ["non-breaking", "output data .zqstyle", ["zqpathStyle"]],
        ["non-breaking", "output data .zqstyleTable.*", ["zqpathStyle"]],
      ]);
      // The same named shape in every form is one form: nothing added.
      expect(diffSurfaces(surfaceOf(["zqboxNode", "zqtextNode"]), surfaceOf(["zqboxNode", "zqtextNode"]))).toEqual([]);
    },
  );

  it(
    "reports a format changed, with the formats before and after: in an output informational, in a value sent " +
      "breaking where the block checks the newer one",
    () => {
      const due = (format: string): Shape => ({ type: "object", properties: { zqdue: { type: "string", format } } });
      expect(
        diffSurfaces(withOutput(due("date")), withOutput(due("date-time"))).map((c) => [
          c.severity,
          c.kind,
          c.subject,
          c.from,
          c.to,
        ]),
      ).toEqual([["informational", "response-property-format-changed", "output data .zqdue", "date", "date-time"]]);
      expect(
        diffSurfaces(withBodyParam(due("date")), withBodyParam(due("date-time"))).map((c) => [
          c.severity,
          c.kind,
          c.subject,
          c.from,
          c.to,
        ]),
      ).toEqual([["breaking", "request-property-format-changed", "param zqorder .zqdue", "date", "date-time"]]);
    },
  );

  it("stops at a shape that holds itself", () => {
    const node = (extra: Record<string, Shape>): Shape => ({
      type: "object",
      properties: { zqnext: { ref: "zqnode" }, ...extra },
    });
    const before = withOutput({ ref: "zqnode" }, { zqnode: node({}) });
    const after = withOutput({ ref: "zqnode" }, { zqnode: node({ zqtag: text }) });
    expect(changes(before, after)).toEqual(["non-breaking response-property-added output data .zqtag"]);
  });

  it(
    "reports an object with fields of its own that now declares its other keys' values as new data there (maps " +
      "of maps of it too)",
    () => {
      const instance = (extra: Partial<Shape>): Shape => ({
        type: "object",
        properties: { $zqscope: text, $zqversion: { type: "integer" } },
        ...extra,
      });
      const maps = (leaf: Shape) =>
        withOutput({
          type: "object",
          properties: {
            zqmetadata: { type: "object", additionalProperties: { type: "object", additionalProperties: leaf } },
          },
        });
      expect(changes(maps(instance({})), maps(instance({ additionalProperties: {} })))).toEqual([
        "non-breaking response-property-added output data .zqmetadata.*.*.*",
      ]);
    },
  );

  it("lists no place deeper than six field names", () => {
    const nested = (depth: number, leaf: Shape): Shape =>
      depth === 0 ? leaf : { type: "object", properties: { [`zq${depth}`]: nested(depth - 1, leaf) } };
    const leaf = (fields: Record<string, Shape>): Shape => ({ type: "object", properties: { id: text, ...fields } });
    const output = (fields: Record<string, Shape>) =>
      withOutput({ type: "object", properties: { zqa: nested(4, leaf(fields)), zqb: nested(5, leaf(fields)) } });
    expect(changes(output({}), output({ zqtag: text }))).toEqual([
      "non-breaking response-property-added output data .zqa.zq4.zq3.zq2.zq1.zqtag",
    ]);
  });
});

describe("diff on a json body parameter's fields", () => {
  it("compares how many keys a map sent may hold (maxProperties raised: more accepted; lowered: fewer)", () => {
    const inputs = (maxProperties: number) =>
      withBodyParam(
        new ShapeBuilder(() => undefined).of({ type: "object", additionalProperties: true, maxProperties }),
      );
    expect(diffSurfaces(inputs(10), inputs(25)).map((c) => [c.severity, c.kind, c.subject, c.from, c.to])).toEqual([
      ["non-breaking", "request-property-limit-loosened", "param zqorder (value)", 10, 25],
    ]);
    expect(changes(inputs(25), inputs(10))).toEqual([
      "breaking request-property-limit-tightened param zqorder (value)",
    ]);
  });

  it("reports a read-only field made writable (non-breaking), and one made read-only (breaking)", () => {
    const order = (a: Partial<Shape>, b: Partial<Shape>): Shape => ({
      type: "object",
      properties: { zqpriority: { type: "string", ...a }, zqstatus: { type: "string", ...b } },
    });
    expect(changes(withBodyParam(order({ readOnly: true }, {})), withBodyParam(order({}, { readOnly: true })))).toEqual(
      [
        "non-breaking request-property-became-writable param zqorder .zqpriority",
        "breaking request-property-became-read-only param zqorder .zqstatus",
      ],
    );
  });

  it(
    "reports a map of any values that now declares them as restricted, once: " + "not again as the nested values' type",
    () => {
      const before = withBodyParam({ type: "object", properties: { zqtags: { type: "object" } } }, { values: {} });
      const after = withBodyParam(
        { type: "object", properties: { zqtags: { type: "object", additionalProperties: text } } },
        { values: { type: "string" } },
      );
      expect(changes(before, after)).toEqual([
        "breaking request-property-additional-properties-restricted param zqorder .zqtags",
      ]);
    },
  );

  it("compares the limits on a value sent inside it, under the kinds upstream gives", () => {
    const store = (files: Partial<Shape>, name: Partial<Shape>, size: Partial<Shape>): Shape => ({
      type: "object",
      properties: {
        zqstores: {
          type: "array",
          items: {
            type: "object",
            properties: {
              zqfileIds: { type: "array", items: text, ...files },
              zqname: { type: "string", ...name },
              zqsize: { type: "integer", ...size },
            },
          },
        },
      },
    });
    const before = withBodyParam(store({ limits: { maxItems: 10000 } }, { limits: { pattern: "^[a-z]+$" } }, {}));
    const after = withBodyParam(
      store({ limits: { maxItems: 100000000 } }, { limits: { minLength: 1 } }, { limits: { maximum: 64 } }),
    );
    expect(changes(before, after)).toEqual([
      "non-breaking request-property-max-items-increased param zqorder .zqstores[].zqfileIds",
      "breaking request-property-min-length-set param zqorder .zqstores[].zqname",
      "non-breaking request-property-limit-loosened param zqorder .zqstores[].zqname",
      "breaking request-property-limit-tightened param zqorder .zqstores[].zqsize",
    ]);
    expect(changes(before, before)).toEqual([]);
  });

  it("reads a map still of any values (its values `{}`) as no change", () => {
    const before = withBodyParam({ type: "object", properties: { zqtags: { type: "object" } } });
    const after = withBodyParam({
      type: "object",
      properties: { zqtags: { type: "object", additionalProperties: {} } },
    });
    expect(changes(before, after)).toEqual([]);
  });
});
