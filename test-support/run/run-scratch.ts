// The folder of one test run (made by the main project's global set-up, removed by its teardown), for what a
// fixture module writes once per worker: Vitest ends its workers without letting them clean up ('exit' does not
// fire), and a folder each worker made in the temporary folder stayed there (38 on the development machine's
// /dev/shm, which is memory). A module run outside that project gets the temporary folder.
import { tmpdir } from "node:os";
import { inject } from "vitest";

export function runScratch(): string {
  return inject("testScratch") ?? tmpdir();
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this test run, removed when it ends (test-support/global-setup.ts). */
    testScratch?: string;
  }
}
