// A list parameter's example written as the text its style sends (`"zq1,zq2,zq3"` for a query list of `style: form,
// explode: false`): JSON Schema reads a text, and generate left it out with a warning for each operation (twenty on
// one published document). It is read as the style writes it now, where the list read meets the schema; a text that
// does not read so (items of another type, an exploded list, which one text cannot write) is a mismatch as before.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../yaml-source.js";
import { validateExamples } from "./openapi-examples.js";

const FILE = "/specs/zqlists/openapi.yaml";
const document = (param: string) => `openapi: 3.0.3
info: { title: zqlists, version: "1" }
paths:
  /zqitems:
    get:
      operationId: listZqItems
      parameters:
        - ${param}
      responses:
        "204": { description: none }
`;

const checked = (param: string) => {
  const source = parseYamlSource(document(param), "openapi.yaml");
  const problems = validateExamples(new Map([[FILE, source]]), FILE).map((e) => e.message.replace(/^\S+ /, ""));
  const [p] = (source.data as { paths: Record<string, { get: { parameters: Record<string, unknown>[] } }> }).paths[
    "/zqitems"
  ]?.get.parameters ?? [{}];
  return { problems, example: p?.example ?? (p?.schema as { example?: unknown } | undefined)?.example };
};

describe("a list parameter's example written as its style's text", () => {
  it("is read as the list, split by the style's separator, where the list meets the schema", () => {
    expect(
      checked(`{ in: query, name: id, style: form, explode: false,
          schema: { type: array, items: { type: string }, example: "zq1,zq2,zq3" } }`),
    ).toEqual({ problems: [], example: ["zq1", "zq2", "zq3"] });
    expect(
      checked(`{ in: query, name: ports, style: pipeDelimited, example: "1|2",
          schema: { type: array, items: { type: integer } } }`),
    ).toEqual({ problems: [], example: [1, 2] });
    expect(
      checked(`{ in: header, name: X-Zq-Ids, example: "a,b", schema: { type: array, items: { type: string } } }`),
    ).toEqual({ problems: [], example: ["a", "b"] });
  });

  it("is a mismatch as before where the text does not read as a list the schema takes", () => {
    const integers = checked(`{ in: query, name: id, style: form, explode: false,
          schema: { type: array, items: { type: integer }, example: "zq1,zq2" } }`);
    expect(integers.example).toBe("zq1,zq2");
    expect(integers.problems).toEqual([
      "the example of the schema at paths./zqitems.get.parameters.0.schema does not match its schema: (the whole " +
        'example) must be array, got "zq1,zq2"',
    ]);
    // An exploded query list is sent as a pair per item (id=zq1&id=zq2): no one text writes it.
    const exploded = checked(
      `{ in: query, name: id, schema: { type: array, items: { type: string } }, example: "a,b" }`,
    );
    expect(exploded.example).toBe("a,b");
    expect(exploded.problems).toHaveLength(1);
  });
});
