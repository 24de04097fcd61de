// `blockwright test` as a process (the built bin/, as a user runs it): while
// a case is under way — a property asked for a million runs, so it cannot
// end before the signal — Ctrl-C or SIGTERM stops it at once, with the report
// of what ran (marked interrupted) and exit 130 or 143. Markers, not sleeps:
// the signal goes when the progress line says a case is under way.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-test-process-"));
let dir = "";

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, []);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright test, interrupted", () => {
  for (const [signal, status] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`stops on ${signal} while a case is under way: exit ${status}, the report so far, marked interrupted`, async () => {
      const report = join(tmp, `${signal}.json`);
      const run = spawnCli(["test", "--seed", "7", "--runs", "1000000", "--reporter", "json", "--output", report], {}, dir);
      // Plain progress lines (stderr is a pipe): the first comes at the first second, naming the cases under way.
      await run.waitFor(/blockwright test: \d+\/\d+ cases, [^\n]*[1-9]\d* under way/);
      run.child.kill(signal);
      expect(await run.exited).toBe(status);
      const json = JSON.parse(readFileSync(report, "utf8")) as { planned: number; stopped?: string; cases: { id: string; kind: string; status: string }[] };
      expect(json.stopped).toBe("interrupted");
      // A property of a million runs ends early only on a failure: none passed, they were stopped under way.
      expect(json.cases.filter((c) => c.kind === "property" && c.status === "passed")).toEqual([]);
      expect(json.cases.length).toBeLessThan(json.planned);
      expect(run.stderr()).toMatch(new RegExp(`blockwright test: interrupted after ${json.cases.length} of ${json.planned} cases\\n$`));
      // No stack trace (the text report's "at <file>:<line>" lines are not one).
      expect(run.stderr()).not.toMatch(/internal error|\n\s+at .*\((node:|file:|\/)/);
    });
  }
});
