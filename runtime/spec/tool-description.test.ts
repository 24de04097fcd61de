// A tool's call and its description, apart and joined again: the generator
// writes each tool of a package as the two (src/emit/emit.ts), the package's
// client holds the calls only, and describeTool gives back the definition.
import { describe, expect, it, vi } from "vitest";
import { IR_FIXTURES, irFixture, type IrFixture } from "../../test-support/runtime/ir-fixtures.js";
import { callOf, DESCRIPTION_FIELDS, describeTool, descriptionOf } from "./tool-description.js";
import type { ToolSpec } from "./tool-types.js";

const tools: ToolSpec[] = (Object.keys(IR_FIXTURES) as IrFixture[]).flatMap((name) =>
  irFixture(name).operations.map((op) => op.tool),
);

describe("a tool's call and its description", () => {
  it("join again into the tool, for every tool of the fixtures", () => {
    expect(tools.length).toBeGreaterThan(5);
    for (const tool of tools) expect(describeTool(callOf(tool), descriptionOf(tool)), tool.id).toEqual(tool);
  });

  it("leave every description field out of the call, at every level, and nothing else", () => {
    for (const tool of tools) {
      const call = callOf(tool) as unknown as Record<string, unknown> & {
        params: Record<string, unknown>[];
        outputs: Record<string, unknown>[];
      };
      expect(
        Object.keys(call).filter((k) => (DESCRIPTION_FIELDS.tool as readonly string[]).includes(k)),
        tool.id,
      ).toEqual([]);
      expect(
        call.params.flatMap((p) =>
          Object.keys(p).filter((k) => (DESCRIPTION_FIELDS.param as readonly string[]).includes(k)),
        ),
        tool.id,
      ).toEqual([]);
      expect(
        call.outputs.flatMap((o) =>
          Object.keys(o).filter((k) => (DESCRIPTION_FIELDS.output as readonly string[]).includes(k)),
        ),
        tool.id,
      ).toEqual([]);
      // What a call reads stays: the wire of each parameter, the source of each output.
      expect(call.params.map((p) => p.wire)).toEqual(tool.params.map((p) => p.wire));
      expect(call.outputs.map((o) => o.source)).toEqual(tool.outputs.map((o) => o.source));
    }
  });

  it("keep a description's text exactly, a __proto__ name among the parameters included", () => {
    const [tool] = tools;
    const odd: ToolSpec = {
      ...tool!,
      title: "Zq \u2028title",
      params: [...tool!.params, { ...tool!.params[0]!, name: "__proto__", description: "zq described" }],
    };
    const joined = describeTool(callOf(odd), descriptionOf(odd));
    expect(joined.title).toBe("Zq \u2028title");
    expect(joined.params.at(-1)).toMatchObject({ name: "__proto__", description: "zq described" });
    expect(Object.getPrototypeOf(joined.params.at(-1))).toBe(Object.prototype);
  });

  it("split a tool by its keys, making no [key, value] pair of each field (generate splits every tool)", () => {
    const entries = vi.spyOn(Object, "entries");
    try {
      for (const tool of tools) {
        callOf(tool);
        descriptionOf(tool);
      }
      expect(entries).not.toHaveBeenCalled();
    } finally {
      entries.mockRestore();
    }
  });
});
