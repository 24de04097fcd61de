// The configuration of the nested Vitest run of more-providers.test.ts (in
// the copy of the project): the project's own, on one worker. The files share
// that worker's modules (the project is isolate: false: the generator,
// TypeScript, Prism and the MCP SDK load once, not once per worker), and under
// npm test the run is beside the outer run's own workers. The provider-
// dependent files alone, in alternating rounds on a copy (load 6-7): 32.9 and
// 33.7 s of CPU on one worker, 36.3 and 37.5 s on two; about 20 s more wall
// time. A project's maxWorkers is its configuration's: --maxWorkers on the
// command line does not reach it.
import { mergeConfig } from "vitest/config";
import config from "../../vitest.config.js";

export default mergeConfig(config, { test: { maxWorkers: 1 } });
