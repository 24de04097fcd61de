// What runScratch() must be in each Vitest project that runs it (test-support/run/run-scratch.test.ts, the main one;
// contract-tests/packages/run-scratch.test.ts): the run's folder its global set-up makes and its teardown removes
// (run-folder.ts). One body, so that the two projects cannot drift apart in what they hold it to.
import { statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { runScratch } from "./run-scratch.js";
import { workerTmpdir } from "./worker-tmpdir.js";

/** runScratch's tests, titled for `project` (the Vitest project the calling test file belongs to). */
export function describeRunScratch(project: string): void {
  describe(`runScratch in the ${project} project`, () => {
    it("is this run's own folder in the project's temporary folder, not the temporary folder itself", () => {
      const folder = runScratch();
      expect(folder).not.toBe(tmpdir());
      expect(basename(folder)).toMatch(/^blockwright-test-run-/);
      // The project's temporary folder, which a worker's tmpdir() is a folder of its own in (worker-tmpdir.ts).
      expect(dirname(folder)).toBe(workerTmpdir()?.parent);
      expect(statSync(folder).isDirectory()).toBe(true);
    });
  });
}
