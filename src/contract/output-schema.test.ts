// The schema a tool's output is held to: an object that holds only optional
// outputs (metadata with its one optional field) is not required, as the
// runtime leaves it out when none of them is there; one that holds a
// required output is.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { outputSchema } from "./outputs.js";

const output = (path: string, type: string, optional = false) => ({
  path,
  type,
  description: path,
  ...(optional ? { optional: true } : {}),
  source: { expression: `$response.body#/${path}` },
});
const tool = (outputs: object[]) => ({ id: "zqrun_post", outputs, outcomes: [], params: [] }) as unknown as ToolSpec;

describe("output schema", () => {
  it("an object of optional outputs only is not required; with a required one it is", () => {
    const optionalOnly = outputSchema(
      tool([output("data", "json"), output("metadata.success", "boolean", true)]),
      200,
    ) as { required: string[]; properties: Record<string, { required: string[] }> };
    expect(optionalOnly.required).toEqual(["data"]);
    expect(optionalOnly.properties.metadata?.required).toEqual([]);
    const withRequired = outputSchema(
      tool([output("metadata.success", "boolean", true), output("metadata.id", "string")]),
      200,
    ) as { required: string[]; properties: Record<string, { required: string[] }> };
    expect(withRequired.required).toEqual(["metadata"]);
    expect(withRequired.properties.metadata?.required).toEqual(["id"]);
  });

  it(
    "a json output is any JSON value (bound to a schema that says nothing of its type, `{}`, a text meets it); a " +
      "typed one is held to its type",
    async () => {
      const { outputProblems } = await import("./outputs.js");
      const t = tool([output("data", "json"), output("count", "number")]);
      expect(outputProblems(t, { data: "zq text", count: 1 }, 200)).toEqual([]);
      expect(outputProblems(t, { data: { zq: 1 }, count: 1 }, 200)).toEqual([]);
      expect(outputProblems(t, { data: "zq", count: "one" }, 200).map((e) => e.instancePath)).toEqual(["/count"]);
    },
  );
});
