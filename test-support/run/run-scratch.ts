// The folder of one test run (made by each project's global set-up, removed by its teardown: run-folder.ts), for
// what a fixture module writes once per worker: Vitest ends its workers without letting them clean up ('exit' does
// not fire), and a folder each worker made in the temporary folder stayed there (38 on the development machine's
// /dev/shm, which is memory). A project whose set-up gives none is refused, not sent to the temporary folder, where
// a file whose tests `-t` all skipped left its folder.
import { inject } from "vitest";

export function runScratch(): string {
  const folder = inject("testScratch");
  if (!folder)
    throw new Error(
      "runScratch: this Vitest project's global set-up gives no run folder (testScratch): call openRunFolder " +
        "(test-support/run/run-folder.ts) in its setup and closeRunFolder in its teardown",
    );
  return folder;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this test run, removed when it ends (test-support/run/run-folder.ts). */
    testScratch?: string;
  }
}
