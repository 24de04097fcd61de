// runScratch() in the packages project, held to the same tests as in the main project (test-support/run/
// run-scratch-checks.ts). It fell back to the temporary folder itself, so a file here whose tests `-t` all skipped
// (their afterAll does not run) left its module-level folder there.
import { describeRunScratch } from "../../test-support/run/run-scratch-checks.js";

describeRunScratch("packages");
