// `generate --target sim` for every provider of specs/, as Sim takes it: the
// files copied over a Sim tree (Sim's own types, vendored) type-check as
// apps/sim checks its own, and each operation's ToolConfig, run as Sim's
// executor runs one (test-support/platforms/tools.ts simExecuteTool: its request
// builders, the request sent to the provider's Prism mock, transformResponse;
// or its directExecution, for a tool that signs), gives the output executeTool
// gives for the same values.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../src/emit/generate-all.js";
import { type PlatformProject, simRoundTrip, typeCheckSimFiles } from "../test-support/platforms/round-trips.js";
import { writeFiles } from "../test-support/platforms/tools.js";
import { executeTool, GENERATED_DIR, ROOT, SPECS_DIR } from "../test-support/repo.js";
import { sharedMockUrls } from "../test-support/shared-mocks.js";

let work: string;
let project: PlatformProject;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blockwright-sim-"));
  const result = await generate({
    root: ROOT,
    specsDir: SPECS_DIR,
    target: "sim",
    outDir: join(work, "generated-sim"),
    packagesDir: GENERATED_DIR,
  });
  writeFiles(join(work, "generated-sim"), result.files);
  project = { root: ROOT, specsDir: SPECS_DIR, packagesDir: GENERATED_DIR, irs: result.irs };
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("Sim's types and executor", () => {
  it("type-check every provider's tools and block, copied over a Sim tree", async () => {
    const { files, errors } = await typeCheckSimFiles(project, join(work, "generated-sim"), join(work, "sim"));
    // Each operation's tool, each provider's tools index and block.
    expect(files.length).toBe(project.irs.reduce((n, ir) => n + ir.operations.length + 2, 0));
    expect(errors).toEqual([]);
  });

  it(
    "give, for each operation run as Sim's executor runs it against the mock, executeTool's output for the same " +
      "values",
    async () => {
      const results = await simRoundTrip(
        project,
        join(work, "sim"),
        await sharedMockUrls(),
        (_provider, id, params, options) => executeTool(id, params, options),
      );
      expect(results.length).toBe(project.irs.reduce((n, ir) => n + ir.operations.length, 0));
      for (const r of results) {
        expect(r.direct, `${r.op.tool.id}: executeTool`).toMatchObject({ success: true });
        // A tool that signs each request as it is sent (auth.sigv4) runs as Sim's directExecution, the package
        // making the call: the same output (sim-signing.contract.test.ts checks the signature on the wire).
        expect(r.sim, r.op.tool.id).toEqual({ success: true, output: r.direct.success ? r.direct.output : null });
      }
    },
  );
});
