// A boolean parameter's enum (`[true]`: a confirmation the service takes only as true) in the schema a model reads:
// the one value, as JSON Schema's enum (and null beside it in strict mode for an optional one), so a model is told
// before it calls, and a value the schema takes is one the runtime's check takes.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "../validate/full-check.js";
import { inputSchema, toLlmTools, type McpTool } from "./llm-tools.js";

const confirmed: ParamSpec = {
  name: "zqconfirmed",
  type: "boolean",
  title: "Confirmed",
  description: "Confirms the removal.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  enum: [true],
  wire: { in: "body", pointer: "/confirmed" },
};
// A fixture's tool (its outputs, outcomes, description), taking the one parameter.
const confirm: ToolSpec = { ...irFixture("shelf").operations[0]!.tool, params: [confirmed], rules: [], routes: [] };

describe("a boolean parameter's enum in a model's tool schema", () => {
  it("is the enum of its one value, in MCP's schema and strict mode's", () => {
    const [mcp] = toLlmTools([confirm], "mcp") as McpTool[];
    expect(mcp?.inputSchema.properties.zqconfirmed).toMatchObject({ type: "boolean", enum: [true] });
    const optional = { ...confirm, params: [{ ...confirmed, required: false }] };
    expect(inputSchema(optional, { strict: true }).properties.zqconfirmed).toMatchObject({
      type: ["boolean", "null"],
      enum: [true, null],
    });
  });

  it("admits what the runtime's check admits", () => {
    expect(validateParams(confirm, { zqconfirmed: true })).toMatchObject({ ok: true });
    expect(validateParams(confirm, { zqconfirmed: false })).toMatchObject({ ok: false, issues: [{ rule: "enum" }] });
  });
});
