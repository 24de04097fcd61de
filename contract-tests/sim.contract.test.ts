// `generate --target sim` for every provider of specs/, as Sim takes it: the
// files copied over a Sim tree (Sim's own types, vendored) type-check as
// apps/sim checks its own, and each operation's ToolConfig, run as Sim's
// executor runs one (test-support/sim-executor.ts: its request builders, the
// request sent to the provider's Prism mock, transformResponse), gives the
// output executeTool gives for the same values.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { valuesOf } from "../src/contract/values.js";
import { generate, linkProvider } from "../src/emit/generate-all.js";
import type { ProviderIR } from "../src/model/ir.js";
import { camelCase } from "../src/model/naming.js";
import { baseUrlField } from "../src/model/platform-inputs.js";
import { type SimToolConfig, simExecuteTool, simTree, typeCheckSim, writeFiles } from "../test-support/platform-tools.js";
import { executeTool, GENERATED_DIR, PROVIDER_IDS, ROOT, SPECS_DIR } from "../test-support/repo.js";
import { sharedMockUrls } from "../test-support/shared-mocks.js";

let work: string;
let irs: ProviderIR[];
let copied: string[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blockwright-sim-"));
  const result = await generate({ root: ROOT, specsDir: SPECS_DIR, target: "sim", outDir: join(work, "generated-sim"), packagesDir: GENERATED_DIR });
  writeFiles(join(work, "generated-sim"), result.files);
  irs = result.irs;
  const name = (id: string) => (JSON.parse(readFileSync(join(GENERATED_DIR, id, "package.json"), "utf8")) as { name: string }).name;
  copied = simTree(
    join(work, "sim"),
    join(work, "generated-sim"),
    irs.map((ir) => ({ id: ir.provider, name: name(ir.provider), dir: join(GENERATED_DIR, ir.provider) })),
  );
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("Sim's types", () => {
  it("type-check every provider's tools and block, copied over a Sim tree", async () => {
    expect(copied.filter((f) => f.endsWith(".ts")).length).toBe(PROVIDER_IDS.reduce((n, id) => n + (irs.find((ir) => ir.provider === id)?.operations.length ?? 0) + 2, 0));
    expect(await typeCheckSim(join(work, "sim"), copied)).toEqual([]);
  }, 120_000);
});

describe("a tool run as Sim's executor runs it, against the providers' mocks", () => {
  it("gives, for each operation, executeTool's output for the same values", async () => {
    const mocks = await sharedMockUrls();
    for (const ir of irs) {
      const { document } = await linkProvider(ROOT, join(SPECS_DIR, ir.provider));
      const address = mocks[ir.provider] ?? "";
      const baseUrl = baseUrlField(ir.operations.map((o) => o.tool));
      for (const { tool } of ir.operations) {
        const input = valuesOf(tool, document).minimal();
        const file = tool.id.startsWith(`${ir.provider}_`) ? tool.id.slice(ir.provider.length + 1) : tool.id;
        const module = (await import(/* @vite-ignore */ join(work, "sim/apps/sim/tools", ir.provider, `${file}.ts`))) as Record<string, SimToolConfig>;
        const config = module[`${camelCase(tool.id)}Tool`];
        expect(config?.id, tool.id).toBe(tool.id);
        // The address: the tool's own baseUrl parameter, or the provider's instance address parameter.
        const where = baseUrl ?? tool.server.param ?? "baseUrl";
        const sim = await simExecuteTool(config!, { ...input, [where]: address });
        const direct = await executeTool(tool.id, tool.server.param ? { ...input, [where]: address } : input, tool.server.param ? {} : { baseUrl: address });
        expect(direct, `${tool.id}: executeTool`).toMatchObject({ success: true });
        expect(sim, tool.id).toEqual({ success: true, output: direct.success ? direct.output : null });
      }
    }
  }, 120_000);
});
