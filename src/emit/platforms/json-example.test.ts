// A JSON parameter in the workflow editors: n8n's JSON property and Sim's code input show no schema, so a person saw a
// bare field (`Margin`, `Components`) with nothing of the fields it takes, while a model was given them. n8n's
// description and Sim's placeholder now give an example made from the parameter's shape (or the document's own); a
// JSON parameter of any fields keeps none.
import type { ParamSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../../model/ir.js";
import { n8nNames, n8nNodeView } from "./n8n-node.js";
import { simFiles } from "./sim-files.js";

type Property = { name: string; type: string; description?: string; options?: Property[] };

function withJsonParams(): ProviderIR {
  const ir = irFixture("zqpayments") as unknown as ProviderIR;
  const list = ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
  const email = list.params.find((p) => p.name === "email")!;
  const input = ir.block.inputs.find((i) => i.id === "email")!;
  const { minLength, maxLength, format, placeholder, example, pattern, ...plain } = email;
  const json = (name: string, shape: Partial<ParamSpec>): ParamSpec =>
    ({
      ...plain,
      name,
      title: name,
      description: `What ${name} holds.`,
      type: "json",
      required: true,
      ...shape,
    }) as ParamSpec;
  list.params.push(
    json("zqMargin", {
      jsonType: "object",
      object: {
        type: "object",
        fields: {
          top: { type: "integer", minimum: 0 },
          side: { type: "string", enum: ["left", "right"] },
          id: { type: "string" },
          secretKey: { type: "string", secret: true },
        },
        required: ["top"],
      },
    }),
    json("zqComponents", {
      jsonType: "array",
      items: { type: "object", fields: { name: { type: "string" }, visible: { type: "boolean" } } },
    }),
    json("zqAnything", { jsonType: "object" }),
    json("zqObjects", { jsonType: "array", items: { type: "object" } }),
  );
  for (const id of ["zqMargin", "zqComponents", "zqAnything", "zqObjects"])
    ir.block.inputs.push({
      ...input,
      id,
      title: id,
      control: "code",
      type: "json",
      placeholder: undefined,
      condition: { field: "operation", value: [list.id] },
    });
  return ir;
}

describe("a JSON parameter's shape in the workflow editors", () => {
  it("n8n's JSON property describes its fields with an example to copy", () => {
    const ir = withJsonParams();
    const props = n8nNodeView(ir, n8nNames(ir)).description.properties as Property[];
    const all = props.flatMap((p) => [p, ...(p.options ?? [])]);
    const described = (name: string) => all.find((p) => p.name === name)?.description;
    // `id` as written (its first letter a character reference, which the linter does not read as "ID" miscased).
    expect(described("zqMargin")).toBe('What zqMargin holds. Example: `{"top": 0, "side": "left", "&#105;d": ""}`.');
    expect(described("zqComponents")).toBe('What zqComponents holds. Example: `[{"name": "", "visible": false}]`.');
    expect(described("zqAnything")).toBe("What zqAnything holds");
    expect(described("zqObjects")).toBe("What zqObjects holds");
  });

  it("Sim's code input has the example as its placeholder", () => {
    const files = simFiles(withJsonParams(), {
      provider: { name: "@zq/payments", range: "^1.0.0" },
      runtime: { name: "@zq/rt" },
    });
    const block = [...files].find(([path]) => path.startsWith("blocks/"))![1];
    const subBlock = (id: string) => block.slice(block.indexOf(`id: "${id}"`)).split(/\n {4}\}/)[0];
    expect(subBlock("zqMargin")).toContain(`placeholder: ${JSON.stringify('{"top": 0, "side": "left", "id": ""}')}`);
    expect(subBlock("zqComponents")).toContain(`placeholder: ${JSON.stringify('[{"name": "", "visible": false}]')}`);
    expect(subBlock("zqAnything")).not.toContain("placeholder");
    expect(subBlock("zqObjects")).not.toContain("placeholder");
  });
});
