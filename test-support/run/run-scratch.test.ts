// runScratch() in the main project: the run's folder its global set-up makes and its teardown removes
// (run-folder.ts), the same way as the packages project's (contract-tests/packages/run-scratch.test.ts).
import { statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { runScratch } from "./run-scratch.js";

describe("runScratch in the main project", () => {
  it("is this run's own folder in the project's temporary folder, not the temporary folder itself", () => {
    const folder = runScratch();
    expect(folder).not.toBe(tmpdir());
    expect(basename(folder)).toMatch(/^blockwright-test-run-/);
    expect(dirname(folder)).toBe(tmpdir());
    expect(statSync(folder).isDirectory()).toBe(true);
  });
});
