// One provider's change regenerates that provider's files only (issue 64):
// the other packages' files, and the project's own, are neither rewritten
// nor touched, so a project of many providers pays for the one that changed
// on disk, and its version control shows that one alone.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFiles } from "../common/files.js";
import { cli } from "../../test-support/cli-harness.js";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-one-provider-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every generated file (the stamp aside) with its text and its last change. */
function snapshot(out: string): Map<string, { text: string; changed: number }> {
  const files = listFiles(out).filter((f) => f !== ".blockwright-stamp.json");
  return new Map(
    files.map((f) => [f, { text: readFileSync(join(out, f), "utf8"), changed: statSync(join(out, f)).mtimeMs }]),
  );
}

describe("generate after one provider's document changed", () => {
  it("writes only that provider's files: every other file keeps its bytes and its modification time", async () => {
    const ids = writeSyntheticProject(tmp, 3);
    const changed = ids[1] as string;
    expect((await cli(["generate"], { cwd: tmp })).code).toBe(0);
    const out = join(tmp, "generated");
    const before = snapshot(out);
    // An operation's description, which the package's declarations carry.
    const spec = join(tmp, "specs", changed, "openapi.yaml");
    const document = JSON.parse(readFileSync(spec, "utf8")) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const [operation] = Object.values(Object.values(document.paths)[0] ?? {});
    if (!operation) throw new Error("the synthetic document has no operation");
    operation.description = "Changed by the test, in one provider only.";
    writeFileSync(spec, JSON.stringify(document, null, 1));
    // A file rewritten, even with the same bytes, gets a new modification time (written whole: a new file renamed over
    // it).
    const run = await cli(["generate", "--json"], { cwd: tmp });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { stale: string[]; missing: string[]; extra: string[] };
    expect(result.stale.length).toBeGreaterThan(0);
    expect(result.stale.filter((f) => !f.startsWith(`${changed}/`))).toEqual([]);
    expect(result.missing).toEqual([]);
    expect(result.extra).toEqual([]);
    const after = snapshot(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, was] of before) {
      const now = after.get(file);
      if (file.startsWith(`${changed}/`) && result.stale.includes(file)) {
        expect(now?.text, file).not.toBe(was.text);
        continue;
      }
      expect(now, file).toEqual(was);
    }
  });
});
