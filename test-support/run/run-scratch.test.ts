// runScratch() in the main project, held to the same tests as in the packages project
// (contract-tests/packages/run-scratch.test.ts): run-scratch-checks.ts.
import { describeRunScratch } from "./run-scratch-checks.js";

describeRunScratch("main");
