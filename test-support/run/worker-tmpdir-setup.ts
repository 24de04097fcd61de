// Set up before every test file of every project (vitest.config.ts): the worker's own temporary folder
// (worker-tmpdir.ts), made on the worker's first file, pointed at again on each.
import { useWorkerTmpdir } from "./worker-tmpdir.js";

useWorkerTmpdir();
