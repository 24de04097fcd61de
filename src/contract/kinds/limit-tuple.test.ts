// issue 59: a JSON list that is a 3.1 tuple (the link's `tuple`: its positions' limits and its count) had no refused
// case: the suite derived none for its items, which the link leaves to the tuple. Now a first item of another kind and
// one item past its maxItems are each refused by that rule alone, before any request.
import { type ParamSpec, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { jsonBoundaries } from "./limit.js";

const pair: ParamSpec = {
  name: "zqPair",
  type: "json",
  jsonType: "array",
  title: "Pair",
  description: "A name and a count.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  tuple: { type: "array", prefix: [{ type: "string" }, { type: "number" }], minItems: 2, maxItems: 2 },
  wire: { in: "body", pointer: "/zqPair" },
};
const tool = { id: "zq_tool", params: [pair], rules: [] } as unknown as ToolSpec;

describe("the limits of a tuple", () => {
  it("derive a refused case for a first item of another kind and one for a list past its maxItems", () => {
    const boundaries = jsonBoundaries(pair);
    expect(boundaries.map((b) => b.rule)).toEqual(["type", "maxItems"]);
    for (const b of boundaries) {
      const refused = validateParams(tool, { zqPair: b.bad });
      expect(refused.ok ? [] : refused.issues.map((i) => i.rule)).toEqual([b.rule]);
    }
    expect(validateParams(tool, { zqPair: ["zq", 1] })).toMatchObject({ ok: true });
  });
});
