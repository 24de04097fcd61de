// requiredWhen reaches what a package says of its tools: the README's rule line, the tool's description that
// MCP and the agent frameworks read, and the surface that diff compares (a rule added refuses calls accepted before).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toLlmTool } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { rulesSurface } from "../link/rules/rules.js";
import { emitReadme } from "./emit-readme.js";
import { loadProvider } from "./link-provider.js";

const root = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const ir = await loadProvider(root, join(root, "specs-more/zqchecks"));
const tool = ir.operations[0]!.tool;
const SENTENCE = "Give verdict when status is done (required then).";

describe("the requiredWhen rule in what is emitted", () => {
  it("is a line of the package README, with names and values as code spans", () => {
    expect(emitReadme(ir, { name: "@zq/checks" }).split("\n")).toContain(
      "- Give `verdict` when `status` is `done` (required then).",
    );
  });

  it("ends the tool's description that MCP and the agent frameworks read", () => {
    const description = `Set a run's status, and its verdict once it is done. ${SENTENCE}`;
    expect(toLlmTool(tool, "mcp").description).toBe(description);
    expect(toLlmTool(tool, "anthropic").description).toBe(description);
    expect(toLlmTool(tool, "openai").function.description).toBe(description);
  });

  it("is recorded in the surface, and adding it is a breaking change", () => {
    expect(rulesSurface.record(tool, undefined as never)).toEqual({
      rules: [{ rule: "requiredWhen", param: "verdict", dependsOn: "status", values: ["done"] }],
    });
    const reported: string[] = [];
    rulesSurface.diff([], tool.rules, (change) => reported.push(change));
    expect(reported).toEqual(["ruleAdded"]);
    expect(rulesSurface.changes.ruleAdded.level).toBe("breaking");
  });
});
