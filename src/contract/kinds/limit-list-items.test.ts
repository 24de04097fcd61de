// A JSON list whose items have a limit (`format: date-time`) and that must hold several items (`minItems: 2`): the
// item's cases sent a list of one, so the case at the boundary was refused for minItems ("must hold at least 2
// items"), and the one past it for minItems rather than the item's format. Each case's list holds as many items as
// minItems asks, so that only the item's limit is at stake.
import { type ParamSpec, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { jsonBoundaries } from "./limit.js";

const window: ParamSpec = {
  name: "zqWindow",
  type: "json",
  jsonType: "array",
  title: "Window",
  description: "From and to.",
  required: false,
  minItems: 2,
  maxItems: 2,
  items: { type: "string", format: "date-time" },
  wire: { in: "query", name: "zqWindow" },
} as ParamSpec;
const tool = { id: "zq_tool", params: [window], rules: [] } as unknown as ToolSpec;

describe("the limits of a list's items, where the list has a minItems", () => {
  it("are each held at a list of as many items as minItems asks: only the item's limit at stake", () => {
    const boundaries = jsonBoundaries(window);
    expect(boundaries.length).toBeGreaterThan(0);
    for (const b of boundaries) {
      if (b.ok !== undefined) expect(validateParams(tool, { zqWindow: b.ok })).toMatchObject({ ok: true });
      const refused = validateParams(tool, { zqWindow: b.bad });
      expect(refused.ok ? [] : refused.issues.map((i) => i.rule)).toEqual([b.rule]);
    }
  });
});
