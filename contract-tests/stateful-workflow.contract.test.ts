// The workflows guide's create → get → rename → list workflow (the YAML under
// its `stateful-workflow` marker), drafted from a published document of the
// corpus with `add`, run on the stateful mock with no hand edit: the get
// answers what the create sent, the rename changes it, the list holds it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startMocks } from "../src/mocks/mocks.js";
import { cli } from "../test-support/cli-harness.js";
import { ROOT } from "../test-support/repo.js";
import { runScratch } from "../test-support/run/run-scratch.js";

const GUIDE = join(ROOT, "docs/guides/workflows.md");
const tmp = mkdtempSync(join(runScratch(), "blockwright-stateful-guide-"));
const project = join(tmp, "project");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The guide's workflow, and the `add` line before it. */
function fromGuide(): { workflow: string; add: string[] } {
  const text = readFileSync(GUIDE, "utf8");
  const at = text.indexOf("<!-- stateful-workflow:");
  const workflow = /```yaml\n([\s\S]*?)```/.exec(text.slice(at))?.[1];
  const add = /npx blockwright (add .*)/.exec(text.slice(0, at).split("**Records on a mock.**")[1] ?? "")?.[1];
  if (at < 0 || !workflow || !add) throw new Error("the workflows guide has no stateful workflow under its marker");
  return { workflow, add: add.split(" ") };
}

beforeAll(async () => {
  const { add } = fromGuide();
  const vendor = add[1] as string;
  const entry = parse(readFileSync(join(ROOT, "contract-tests/corpus", vendor, "source.yaml"), "utf8")) as {
    root: string;
  };
  expect((await cli(["init", project])).code).toBe(0);
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
  writeFileSync(
    join(tmp, entry.root),
    gunzipSync(readFileSync(join(ROOT, "contract-tests/corpus", vendor, `${entry.root}.gz`))),
  );
  const added = await cli(
    add.map((a) => (a === entry.root ? join(tmp, entry.root) : a)),
    { cwd: project },
  );
  expect(added.code, added.stderr).toBe(0);
  expect((await cli(["generate"], { cwd: project })).code).toBe(0);
  writeFileSync(join(project, "crud.yaml"), fromGuide().workflow);
});

describe("the workflows guide's create → get → update → list workflow, on a published document", () => {
  it(
    "runs on the stateful mock: the get answers what the create sent, the update changes it, the " + "list holds it",
    async () => {
      const out = join(tmp, "result.json");
      const r = await cli(["run", "crud.yaml", "--json", out], {
        cwd: project,
        startMocks: (providers, options) => startMocks(providers, options),
      });
      expect(r.stderr).not.toContain("failed:");
      expect(r.code).toBe(0);
      const blocks = Object.fromEntries(
        (JSON.parse(readFileSync(out, "utf8")) as { blocks: { id: string; outputs: { data: unknown } }[] }).blocks.map(
          (b) => [b.id, b.outputs.data],
        ),
      );
      const inputs = (parse(fromGuide().workflow) as { blocks: Record<string, { inputs: Record<string, unknown> }> })
        .blocks;
      const made = blocks.create as Record<string, unknown>;
      expect(made).toMatchObject({ name: inputs.create?.inputs.name, external_id: inputs.create?.inputs.external_id });
      expect(blocks.get).toEqual(made);
      expect(blocks.rename).toEqual({ ...made, name: inputs.rename?.inputs.name });
      expect(blocks.list).toEqual([{ ...made, name: inputs.rename?.inputs.name }]);
    },
  );
});
