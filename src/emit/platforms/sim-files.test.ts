// The Sim block's typed inputs: a JSON parameter whose forms include text (a
// name or an object) has its code input's text read as the object or list it
// spells, where Sim gives text; one of objects alone is left to the call. A
// name that is a number in one operation and text in another: typed per
// operation (the first kind it had was every operation's: another operation's
// text "42" became 42, which its parameter refused).
import { simBlockParams } from "@blockwright/runtime/sim";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../../model/ir.js";
import { simFiles } from "./sim-files.js";

describe("the Sim block's typed inputs", () => {
  it("name a json input whose forms include text as json; a json input of objects alone, not", () => {
    const ir = irFixture("zqpayments") as unknown as ProviderIR;
    const list = ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
    const email = list.params.find((p) => p.name === "email")!;
    const input = ir.block.inputs.find((i) => i.id === "email")!;
    const param = (name: string, anyOf: object[] | undefined) =>
      ({ ...email, name, title: name, type: "json", jsonType: "object", anyOf }) as typeof email;
    list.params.push(
      param("zqVoice", [{ type: "string" }, { type: "json", jsonType: "object" }]),
      param("zqShape", undefined),
    );
    for (const id of ["zqVoice", "zqShape"])
      ir.block.inputs.push({ ...input, id, title: id, control: "code", type: "json" } as typeof input);
    const files = simFiles(ir, { provider: { name: "@zq/payments", range: "^1.0.0" }, runtime: { name: "@zq/rt" } });
    const block = [...files].find(([path]) => path.startsWith("blocks/"))![1];
    const typed = block.match(/const TYPED_INPUTS = (\{[^}]*\})/)?.[1] ?? "";
    expect(typed).toMatch(/zqVoice: "json"/);
    expect(typed).not.toMatch(/zqShape/);
  });

  it("type a name per operation where its parameters differ: another operation's text stays text", () => {
    const ir = irFixture("zqpayments") as unknown as ProviderIR;
    const [first, second] = ir.operations.map((o) => o.tool.id);
    const input = ir.block.inputs.find((i) => i.id === "email")!;
    const shown = (id: string) => ({ field: "operation" as const, value: [id] });
    ir.block.inputs.push(
      { ...input, id: "zqLevel", title: "Level", control: "short-input", type: "number", condition: shown(first!) },
      { ...input, id: "zqLevel", title: "Level", control: "short-input", type: "string", condition: shown(second!) },
    );
    const files = simFiles(ir, { provider: { name: "@zq/payments", range: "^1.0.0" }, runtime: { name: "@zq/rt" } });
    const block = [...files].find(([path]) => path.startsWith("blocks/"))![1];
    const literal = block.match(/const TYPED_INPUTS = (\{[\s\S]*?\n\}) as const/)?.[1] ?? "{}";
    const typed = new Function(`return ${literal}`)() as Parameters<typeof simBlockParams>[1];
    expect(typed.zqLevel).toEqual({ [first!]: "number" });
    expect(simBlockParams({ operation: first, zqLevel: "42" }, typed).zqLevel).toBe(42);
    expect(simBlockParams({ operation: second, zqLevel: "42" }, typed).zqLevel).toBe("42");
  });
});
