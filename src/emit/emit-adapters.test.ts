// A generated package's client holds each tool's call only (what a bundle of
// it carries), and its agent-framework subpaths give the runtime's adapters
// the package's tools with their descriptions. Run on the golden package of
// the fixture provider, as emitted (golden.test.ts keeps it current).
import { describe, expect, it } from "vitest";
import { DESCRIPTION_FIELDS } from "@blockwright/runtime/internal";
import { llmToolName, type ToolSpec } from "@blockwright/runtime";
import * as pkg from "./__fixtures__/golden/shelf/index.js";
import * as aiSdk from "./__fixtures__/golden/shelf/ai-sdk.js";
import * as langchain from "./__fixtures__/golden/shelf/langchain.js";
import * as agents from "./__fixtures__/golden/shelf/openai-agents.js";

const KEY = "zq_widgets_key_7Hf3kQ9pLm2X";
const client = () => pkg.createShelf({ apiKey: KEY, baseUrl: "http://127.0.0.1:9" } as never) as object;
const tools = Object.values(pkg.tools as Record<string, ToolSpec>);
/** The tool with this LLM tool name. */
const toolNamed = (name: string) => tools.find((t) => llmToolName(t.id) === name);

describe("a generated package's client and adapters", () => {
  it("keeps no description field in the client's table: what a bundle of the client carries", () => {
    const table = (
      client() as Record<
        symbol,
        {
          methods: Record<
            string,
            Record<string, unknown> & { params: Record<string, unknown>[]; outputs: Record<string, unknown>[] }
          >;
        }
      >
    )[Symbol.for("blockwright.client.table")]!;
    const calls = Object.values(table.methods);
    expect(calls).toHaveLength(tools.length);
    for (const call of calls) {
      expect(Object.keys(call).filter((k) => (DESCRIPTION_FIELDS.tool as readonly string[]).includes(k))).toEqual([]);
      expect(
        call.params.flatMap((p) =>
          Object.keys(p).filter((k) => (DESCRIPTION_FIELDS.param as readonly string[]).includes(k)),
        ),
      ).toEqual([]);
      expect(
        call.outputs.flatMap((o) =>
          Object.keys(o).filter((k) => (DESCRIPTION_FIELDS.output as readonly string[]).includes(k)),
        ),
      ).toEqual([]);
    }
    // The package's exported tools are whole.
    for (const tool of tools)
      expect(
        typeof tool.title === "string" &&
          typeof tool.description === "string" &&
          tool.params.every((p) => typeof p.description === "string"),
      ).toBe(true);
  });

  it("describes each operation through every adapter subpath as the package's tool says", () => {
    const described = [
      ...Object.entries(aiSdk.toAiSdkTools(client())).map(([name, t]) => ({
        name,
        description: (t as { description?: string }).description,
      })),
      ...langchain.toLangChainTools(client()).map((t) => ({ name: t.name, description: t.description })),
      ...agents.toOpenAiAgentsTools(client()).map((t) => ({ name: t.name, description: t.description })),
    ];
    expect(described).toHaveLength(3 * tools.length);
    for (const { name, description } of described) {
      const tool = toolNamed(name);
      expect(tool, name).toBeDefined();
      expect(description).toContain(tool!.description);
    }
  });

  it(
    "refuses, naming the fix, when the runtime's adapter " + "is given the client without the package's tools",
    async () => {
      const { toAiSdkTools } = await import("@blockwright/runtime/ai-sdk");
      expect(() => toAiSdkTools(client())).toThrow(/has no description in this client.*subpath/);
    },
  );
});
