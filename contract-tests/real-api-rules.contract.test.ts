// The rules the real APIs need, through `blockwright test` on a project of
// the test's own (the wild tracker fixture with a date-time `since`, a list
// of enum labels in one string, and assignees of bounded length): the suite
// derives a value that meets each rule and one that breaks it, sends valid
// date-times (the mock checks the format), and every case passes.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMocks } from "../src/mocks/mocks.js";
import { cli } from "../test-support/cli-harness.js";
import { ROOT } from "../test-support/repo.js";
import { runScratch } from "../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-rules-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function edit(file: string, find: string, replace: string): void {
  const text = readFileSync(file, "utf8");
  if (!text.includes(find)) throw new Error(`${file} has no ${JSON.stringify(find)}`);
  writeFileSync(file, text.replace(find, replace));
}

describe("format, lists of enum values and limits inside JSON values in the derived suite", () => {
  it("derives a valid and a refused value of each, and every case passes on the mock", async () => {
    const dir = join(tmp, "tracker");
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
    cpSync(join(ROOT, "test-support/fixtures/specs-wild/tracker"), join(dir, "specs/tracker"), { recursive: true });
    const spec = join(dir, "specs/tracker/openapi.yaml");
    const manifest = join(dir, "specs/tracker/manifest.yaml");
    edit(
      spec,
      "        - name: per_page\n",
      "        - name: since\n          in: query\n          schema: { type: string, format: date-time }\n     " +
        "   - name: per_page\n",
    );
    edit(
      spec,
      "assignees: { type: array, maxItems: 10, items: { type: string } }",
      "assignees: { type: array, maxItems: 10, items: { type: string, maxLength: 39 } }",
    );
    edit(
      manifest,
      "      perPage:\n",
      "      since:\n        type: string\n        description: Only issues updated after this time.\n        " +
        "wire: { in: query }\n      perPage:\n",
    );
    edit(
      manifest,
      "        maxLength: 1000\n        placeholder: bug,ui\n",
      '        enum: [bug, ui, docs]\n        separator: ","\n',
    );
    edit(
      manifest,
      "      labels:\n        type: string\n        placeholder: bug,ui\n        description: Labels to add",
      "      assignees:\n        type: json\n        jsonType: array\n        description: Accounts to " +
        "assign.\n        wire: { in: body }\n      labels:\n        type: string\n        placeholder: bug,ui\n " +
        "       description: Labels to add",
    );
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    const r = await cli(["test", "--reporter", "json", "--seed", "7", "--runs", "10"], { cwd: dir, startMocks });
    const report = JSON.parse(r.stdout) as { cases: { id: string; status: string; message?: string }[] };
    const failed = report.cases.filter((c) => c.status !== "passed");
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    const ids = report.cases.map((c) => c.id);
    for (const id of [
      "tracker_list_issues › limit › since format date-time at the boundary",
      "tracker_list_issues › limit › since format date-time one step past it",
      "tracker_list_issues › limit › since maxLength 35 at the boundary",
      "tracker_list_issues › limit › labels items of its enum at the boundary",
      "tracker_list_issues › limit › labels items of its enum one step past it",
      "tracker_create_issue › limit › assignees values maxLength 39 at the boundary",
      "tracker_create_issue › limit › assignees values maxLength 39 one step past it",
    ]) {
      expect(ids).toContain(id);
    }
    expect(r.code).toBe(0);
  });
});
