// The number the suite makes for a parameter no example covers: the simplest its range holds, 1 where it may be. add
// drafts an int32's range from its format (-2147483648 to 2147483647), and the suite took its least: `verify` then
// asked the live service for record -2147483648 of every id in a path, which no service has (seen on a published
// document's `/Bills/{billId}/Stages/{billStageId}`). A range that leaves 1 out keeps the end nearest it; the limit
// cases still probe both ends.
import { describe, expect, it } from "vitest";
import { drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { synthesized } from "./rule-values.js";
import { ToolValues } from "./values.js";

const int32 = { type: "integer", format: "int32" };
const document = openapi({
  "/zqledgers/{zqLedgerId}/entries": {
    get: {
      operationId: "zqListLedgerEntries",
      parameters: [
        { name: "zqLedgerId", in: "path", required: true, schema: int32 },
        { name: "zqFloor", in: "query", required: true, schema: { type: "integer", minimum: 5 } },
        { name: "zqCeiling", in: "query", required: true, schema: { type: "integer", maximum: -3 } },
        {
          name: "zqShare",
          in: "query",
          required: true,
          schema: { type: "number", exclusiveMinimum: true, minimum: 0 },
        },
        { name: "zqStep", in: "query", required: true, schema: { ...int32, multipleOf: 5 } },
      ],
      responses: { "200": reply({ type: "object", properties: { total: { type: "integer" } } }, { total: 1 }) },
    },
  },
});

describe("the number made for a parameter of a range", () => {
  it("is 1 where the range holds it, else the end nearest 1", async () => {
    const d = drafted(document, ["zqListLedgerEntries"]);
    const [tool] = await linkedTools(d);
    if (!tool) throw new Error("no tool linked");
    const values = new ToolValues(tool, new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")));
    const made = (name: string) => values.example(name)?.value;
    // The drafted int32 range is the format's, and the id made within it is 1.
    expect(tool.params.find((p) => p.name === "zqLedgerId")).toMatchObject({ minimum: -2147483648 });
    expect(made("zqLedgerId")).toBe(1);
    expect(made("zqFloor")).toBe(5);
    expect(made("zqCeiling")).toBe(-3);
    expect(made("zqShare")).toBe(1);
    expect(made("zqStep")).toBe(5);
  });

  it("keeps a range's own end where 1 is outside it, an item's too", () => {
    const wire = { in: "query" } as const;
    const number = (bounds: object) => ({ name: "zq", type: "number", integer: true, wire, ...bounds }) as never;
    expect(synthesized(number({ minimum: 10, maximum: 20 }))).toEqual([10]);
    expect(synthesized(number({ minimum: -20, maximum: -10 }))).toEqual([-10]);
    expect(synthesized(number({ minimum: 0, maximum: 0 }))).toEqual([0]);
    expect(synthesized(number({}))).toEqual([1]);
    const list = { name: "zq", type: "json", jsonType: "array", required: true, wire } as const;
    expect(synthesized({ ...list, items: { type: "integer", minimum: -100, maximum: 100 } } as never)).toEqual([[1]]);
  });
});
