// `blockwright tools`: the same definitions as the library's toLlmTools, as
// JSON on stdout, for every provider or the ones named.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { llmToolName, toLlmTools } from "@blockwright/runtime/internal";
import { cli } from "../../test-support/cli-harness.js";
import {
  GENERATED_DIR,
  OPERATION_IDS,
  PROVIDER_IDS,
  registry,
  SPECS,
  tools,
  triggerIds,
} from "../../test-support/repo.js";

describe("blockwright tools", () => {
  it.each(["openai", "anthropic", "mcp"] as const)(
    "--format %s prints every tool as the library defines it",
    async (format) => {
      const run = await cli(["tools", "--format", format]);
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(JSON.parse(run.stdout)).toEqual(toLlmTools(tools, format));
      expect(JSON.parse(run.stdout)).toHaveLength(OPERATION_IDS.length);
    },
  );

  it("prints only the providers named, and what each package's own toLlmTools gives", async () => {
    // The first and the last provider of specs/.
    const [first, last] = [SPECS[0]!, SPECS.at(-1)!];
    const run = await cli(["tools", "--format", "anthropic", first.id, last.id]);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((t) => t.name);
    // An id longer than a tool name may be (a drafted provider's) is shortened as the library names it.
    expect(names).toEqual([...first.operations, ...last.operations].map(llmToolName));
    const pkg = (await import(join(GENERATED_DIR, first.id, "index.js"))) as { toLlmTools(format: string): unknown[] };
    expect(JSON.parse(run.stdout).slice(0, first.operations.length)).toEqual(pkg.toLlmTools("anthropic"));
  });

  it("--read-only keeps the tools that change nothing", async () => {
    const run = await cli(["tools", "--format", "mcp", "--read-only"]);
    const listed = JSON.parse(run.stdout) as { name: string; annotations: { readOnlyHint: boolean } }[];
    expect(listed).toEqual(toLlmTools(tools, "mcp", { readOnly: true }));
    expect(listed.length).toBeGreaterThan(0);
    for (const t of listed) expect(t.annotations.readOnlyHint).toBe(true);
    // Every tool left out changes something.
    const left = toLlmTools(tools, "mcp").filter((t) => !listed.some((l) => l.name === t.name));
    for (const t of left) expect(t.annotations.readOnlyHint, t.name).toBe(false);
  });

  it("leaves out every trigger: a trigger starts a workflow, it is never called", async () => {
    // The triggers as the specs link them; the packages carry them (for serve and verifyEvent), the tool lists do not.
    const triggers = await triggerIds();
    expect(Object.keys(registry.triggers ?? {}).sort()).toEqual(triggers);
    for (const format of ["openai", "anthropic", "mcp"]) {
      const listed = JSON.parse((await cli(["tools", "--format", format])).stdout) as {
        name?: string;
        function?: { name: string };
      }[];
      const names = listed.map((t) => t.name ?? t.function?.name);
      expect(names, format).toHaveLength(OPERATION_IDS.length);
      expect(
        names.filter((n) => triggers.includes(n as string)),
        format,
      ).toEqual([]);
    }
  });

  it("refuses a missing or unknown format and an unknown provider", async () => {
    expect(await cli(["tools"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("missing --format (openai, anthropic, mcp)"),
    });
    expect(await cli(["tools", "--format", "gemini"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--format must be one of openai, anthropic, mcp, got "gemini"'),
    });
    expect(await cli(["tools", "--format", "mcp", "nope"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`unknown provider "nope" (providers: ${PROVIDER_IDS.join(", ")})`),
    });
    expect(await cli(["tools", "--format", "mcp", "--out", "nowhere"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("no generated provider packages in nowhere"),
    });
  });
});
