// Where a tool's parameters live on n8n and Sim (platform-inputs.ts): a
// parameter named as n8n's conventions name a property of their own (the
// resource selector, Return All, Limit, the Additional Fields) is held by a
// property named otherwise, so that the node never has two properties of one
// name for an operation; a default the upstream applies itself stays off
// n8n's wire as it stays off executeTool's.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { n8nOperationInputs, simParams } from "./platform-inputs.js";

const base = irFixture("zqpayments").operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const param = (name: string, extra: Partial<ParamSpec> = {}): ParamSpec => ({
  ...base.params.find((p) => p.name === "email")!,
  name,
  title: name,
  ...extra,
});

describe("n8n properties", () => {
  it(
    "a parameter named as n8n's conventions name a property (resource, limit, returnAll, additionalFields) " +
      "is held by another, never by two of one name",
    () => {
      const tool: ToolSpec = {
        ...base,
        params: [
          ...base.params.filter((p) => p.name !== "limit"),
          param("resource"),
          param("limit", { type: "number" }),
          param("returnAll", { type: "boolean" }),
          param("additionalFields"),
          param("limitValue"),
        ],
      };
      const layout = n8nOperationInputs(tool);
      const properties = [
        ...layout.inputs.map((i) => i.property),
        layout.paging?.returnAll,
        layout.paging?.limit,
        "resource",
        "operation",
        "additionalFields",
      ];
      expect(new Set(properties).size).toBe(properties.length);
      expect(
        Object.fromEntries(
          layout.inputs.filter((i) => i.param.name !== i.property).map((i) => [i.param.name, i.property]),
        ),
      ).toEqual({
        resource: "resourceValue",
        limit: "limitValue2",
        returnAll: "returnAllValue",
        additionalFields: "additionalFieldsValue",
      });
    },
  );

  it(
    "an optional parameter without a default is an Additional Field; one with a default or required, " +
      "a property of the node; the page size is the runtime's",
    () => {
      const layout = n8nOperationInputs({
        ...base,
        pagination: { ...base.pagination!, pageSize: "limit" },
        params: [...base.params, param("country", { required: true }), param("locale", { default: "en" })],
      });
      expect(Object.fromEntries(layout.inputs.map((i) => [i.param.name, i.place]))).toEqual({
        email: "collection",
        startingAfter: "collection",
        country: "node",
        locale: "node",
      });
      expect(layout.paging).toEqual({ returnAll: "returnAll", limit: "limit" });
    },
  );

  it(
    "an optional parameter whose default is the upstream's own (sendDefault: false) is an Additional Field, " +
      "so that n8n sends it only when the user adds it, as executeTool does",
    () => {
      const layout = n8nOperationInputs({
        ...base,
        params: [
          ...base.params,
          param("zqregion", { default: "zqeu", sendDefault: false }),
          param("zqzone", { default: "zqa", sendDefault: false, required: true }),
          param("zqtier", { default: "zqfree", sendDefault: true }),
        ],
      });
      const place = Object.fromEntries(layout.inputs.map((i) => [i.param.name, i.place]));
      expect([place.zqregion, place.zqzone, place.zqtier]).toEqual(["collection", "node", "node"]);
      expect(layout.inputs.find((i) => i.param.name === "zqregion")?.default).toBe("zqeu");
    },
  );
});

describe("n8n properties of a required JSON or number parameter without a default", () => {
  it("start at nothing, which n8n and executeTool refuse as not given; an Additional Field at a value to edit", () => {
    const layout = n8nOperationInputs({
      ...base,
      params: [
        param("zqevents", { type: "json", jsonType: "array", required: true }),
        param("zqmeta", { type: "json", jsonType: "object", required: true }),
        param("zqpriority", { type: "number", minimum: 1, required: true }),
        param("zqtags", { type: "json", jsonType: "array" }),
        param("zqweight", { type: "number", minimum: 1 }),
      ],
    });
    expect(layout.inputs.map((i) => [i.param.name, i.place, i.default])).toEqual([
      ["zqevents", "node", ""],
      ["zqmeta", "node", ""],
      ["zqpriority", "node", ""],
      ["zqtags", "collection", "[]"],
      ["zqweight", "collection", 1],
    ]);
  });
});

describe("n8n properties of a boolean", () => {
  it("start at false, or at the one value an enum allows (`[true]`), which the runtime takes", () => {
    const layout = n8nOperationInputs({
      ...base,
      params: [
        param("zqarchived", { type: "boolean", required: true }),
        param("zqconfirmed", { type: "boolean", required: true, enum: [true] }),
      ],
    });
    expect(layout.inputs.map((i) => [i.param.name, i.type, i.default])).toEqual([
      ["zqarchived", "boolean", false],
      ["zqconfirmed", "boolean", true],
    ]);
  });
});

describe("n8n properties of a parameter of several forms (anyOf)", () => {
  it(
    "is a text property where every form is a scalar (an id or a name), parsed by no one; " +
      "a JSON one where a form is structured",
    () => {
      const scalars = param("recipient", {
        type: "json",
        anyOf: [
          { type: "string", pattern: "^zq_[a-z]+$" },
          { type: "number", integer: true },
        ],
      });
      const structured = param("target", {
        type: "json",
        anyOf: [{ type: "string" }, { type: "json", jsonType: "object" }],
      });
      const colour = param("zqTintColour", { type: "json", anyOf: [{ type: "string" }, { type: "number" }] });
      const layout = n8nOperationInputs({ ...base, params: [scalars, structured, colour] });
      expect(layout.inputs.map((i) => [i.param.name, i.type, i.as])).toEqual([
        ["recipient", "string", undefined],
        ["target", "json", "json"],
        ["zqTintColour", "color", undefined],
      ]);
    },
  );
});

describe("Sim parameters", () => {
  it("are the tool's own with their visibility, and the address to send to instead, user-only", () => {
    expect(simParams(base, "baseUrl").map((p) => [p.name, p.visibility, p.required])).toEqual([
      ...base.params.map((p) => [p.name, p.visibility, p.required]),
      ["baseUrl", "user-only", false],
    ]);
  });
});
