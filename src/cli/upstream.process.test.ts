// `blockwright upstream` as a process (the built bin/, as a user runs it):
// SIGTERM or Ctrl-C while it compares two documents (a loop that never
// waits for anything) stops it at once, exit 130, saying how far it got,
// with no report and nothing pinned.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../scripts/bench/synthetic.js";
import { cli, spawnCliHeldAt } from "../../test-support/cli-harness.js";
import { sha256 } from "../common/hash.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-process-"));
/**
 * Resources of the documents (5 operations each): the command is held at its progress line until the signal is sent
 * (spawnCliHeldAt), so they need not be large enough to outlast a busy machine's test reading the line (they were
 * 2,500, seconds of comparing, until a faster comparison made that window a few tenths of a second; then 300, whose
 * reading and checking in each process cost the file 0.5 s more CPU than 30).
 */
const RESOURCES = 30;
let project = "";
let pinnedBefore = "";

beforeAll(async () => {
  project = join(tmp, "project");
  mkdirSync(join(project, "specs"), { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "zq-upstream-process", private: true, type: "module" })}\n`,
  );
  writeFileSync(join(tmp, "small.json"), JSON.stringify(openapi("zqpace", 2)));
  const added = await cli(["add", "zqpace", "--from", join(tmp, "small.json"), "--operations", "list0,get0"], {
    cwd: project,
  });
  expect(added.code, added.stderr).toBe(0);
  // The pinned version made large (its hash pinned with it), and a newer one where every resource changed.
  const older = JSON.stringify(openapi("zqpace", RESOURCES));
  const pin = join(project, "specs/zqpace/upstream");
  writeFileSync(join(pin, "published.json"), older);
  const source = readFileSync(join(pin, "source.yaml"), "utf8");
  writeFileSync(join(pin, "source.yaml"), source.replace(/sha256: \w+/, `sha256: ${sha256(older)}`));
  pinnedBefore = readFileSync(join(pin, "source.yaml"), "utf8");
  writeFileSync(
    join(tmp, "newer.json"),
    older.replaceAll('"required":["id","name","status"]', '"required":["id","name"]'),
  );
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright upstream, interrupted", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops on ${signal} while comparing: exit 130, how far it got, no report, nothing pinned`, async () => {
      for (const held of [".held-at-step.pid", ".held-at-step.release"]) rmSync(join(project, held), { force: true });
      const run = spawnCliHeldAt(
        ["upstream", "zqpace", join(tmp, "newer.json"), "--accept"],
        "upstream: comparing the 2 operations we call…",
        project,
      );
      await run.signalInStep(signal);
      expect(await run.closed).toBe(130);
      expect(run.stderr()).toMatch(
        /\nupstream: interrupted: [^\n]*compared[^\n]*; no report, nothing pinned or written\n$/,
      );
      expect(run.stderr()).not.toMatch(/internal error|\n\s+at /);
      expect(run.stdout()).toBe("");
      expect(readFileSync(join(project, "specs/zqpace/upstream/source.yaml"), "utf8")).toBe(pinnedBefore);
    });
  }
});
