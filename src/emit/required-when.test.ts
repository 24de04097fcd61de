// requiredWhen reaches what a package says of its tools: the README's rule line, the tool's description that
// MCP and the agent frameworks read, and the surface that diff compares (a rule added refuses calls accepted before);
// without values (the parameter required whenever the other is given) too. After a description with no full stop
// (a document's summary), the sentence starts a sentence of its own: it ran on ("Set a run's status Give verdict…").
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toLlmTool } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { rulesSurface } from "../link/rules/rules.js";
import { emitEntry } from "./emit.js";
import { emitReadme } from "./emit-readme.js";
import { loadProvider } from "./link-provider.js";
import { n8nNames, n8nNodeView } from "./platforms/n8n-node.js";
import { simFiles } from "./platforms/sim-files.js";

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

  it("ends the tool's doc comment and those of the parameters it names, in the package's declarations", () => {
    const { dts, js } = emitEntry(ir, "export interface paths {}\nexport interface operations {}", "1.0.0");
    const lines = dts.split("\n");
    expect(lines.find((l) => l.includes("Tool: ToolDefinition<"))).toBeDefined();
    const toolDoc = lines[lines.findIndex((l) => l.includes("Tool: ToolDefinition<")) - 1];
    expect(toolDoc).toContain(SENTENCE);
    for (const name of ["verdict", "status"]) {
      const at = lines.findIndex((l) => new RegExp(`^  ${name}\\??: `).test(l));
      expect(lines[at - 1], name).toContain(SENTENCE);
    }
    expect(js).toContain(SENTENCE);
  });

  it("without values: a README line saying the other given, and a surface of no values", () => {
    const given = { rule: "requiredWhen" as const, param: "verdict", dependsOn: "note" };
    const op = ir.operations[0]!;
    const noted = { ...ir, operations: [{ ...op, tool: { ...op.tool, rules: [given] } }] };
    expect(emitReadme(noted, { name: "@zq/checks" }).split("\n")).toContain(
      "- Give `verdict` whenever `note` is given (required with it).",
    );
    expect(rulesSurface.record(noted.operations[0]!.tool, undefined as never)).toStrictEqual({ rules: [given] });
    const reported: string[] = [];
    rulesSurface.diff(tool.rules, [given], (change) => reported.push(change));
    expect(reported).toEqual(["ruleAdded", "ruleRemoved"]);
  });

  it("ends the n8n operation's description and the Sim tool's, which Sim's agents read", () => {
    const options = (n8nNodeView(ir, n8nNames(ir)).description.properties as { name: string; options?: object[] }[])
      .filter((p) => p.name === "operation")
      .flatMap((p) => p.options ?? []) as { value: string; description?: string }[];
    expect(options.find((o) => o.value === tool.id)?.description).toContain(SENTENCE);
    const sim = simFiles(ir, { provider: { name: "@zq/checks", range: "^1.0.0" }, runtime: { name: "@zq/runtime" } });
    const toolFile = [...sim].find(([path]) => path.startsWith("tools/"))?.[1];
    expect(toolFile).toContain(SENTENCE);
  });

  it("follows a description with no full stop as a sentence of its own, in every place that says it", () => {
    const op = ir.operations[0]!;
    const summary = { ...op.tool, description: "Set a run's status" };
    const bare = { ...ir, operations: [{ ...op, tool: summary }] };
    const joined = `Set a run's status. ${SENTENCE}`;
    expect(toLlmTool(summary, "mcp").description).toBe(joined);
    expect(toLlmTool(summary, "openai").function.description).toBe(joined);
    const { dts, js } = emitEntry(bare, "export interface paths {}\nexport interface operations {}", "1.0.0");
    expect(dts).toContain(joined);
    expect(js).toContain(joined);
    const options = (n8nNodeView(bare, n8nNames(bare)).description.properties as { options?: object[] }[]).flatMap(
      (p) => p.options ?? [],
    ) as { value: string; description?: string }[];
    expect(options.find((o) => o.value === tool.id)?.description).toContain("Set a run's status. Give verdict");
    const sim = simFiles(bare, { provider: { name: "@zq/checks", range: "^1.0.0" }, runtime: { name: "@zq/runtime" } });
    expect([...sim].find(([path]) => path.startsWith("tools/"))?.[1]).toContain(joined);
  });
});
