// runScratch() in the packages project: the run's folder its global set-up makes and its teardown removes
// (test-support/run/run-folder.ts), as in the main project. It fell back to the temporary folder itself, so a file here
// whose tests `-t` all skipped (their afterAll does not run) left its module-level folder there.
import { statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { runScratch } from "../../test-support/run/run-scratch.js";

describe("runScratch in the packages project", () => {
  it("is this run's own folder in the project's temporary folder, not the temporary folder itself", () => {
    const folder = runScratch();
    expect(folder).not.toBe(tmpdir());
    expect(basename(folder)).toMatch(/^blockwright-test-run-/);
    expect(dirname(folder)).toBe(tmpdir());
    expect(statSync(folder).isDirectory()).toBe(true);
  });
});
