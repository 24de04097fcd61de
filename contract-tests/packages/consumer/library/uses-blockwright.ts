// The blockwright package's own types as a user's project compiles them
// (`import … from "blockwright"`, resolved through its exports map to
// dist/index.d.ts): .ci/typescript-range checks them, with the library
// checks on, under the oldest and the newest TypeScript supported.
import {
  createRegistry,
  loadRegistry,
  runWorkflow,
  WorkflowErrors,
  type LoadedRegistry,
  type Registry,
  type RunResult,
  type Workflow,
} from "blockwright";

const registry: LoadedRegistry = await loadRegistry("generated");
const same: Registry = createRegistry(registry.providers);
const workflow: Workflow = { name: "nothing", blocks: {} } as unknown as Workflow;
try {
  const result: RunResult = await runWorkflow(workflow, { registry: same, mode: "mock", env: {} });
  console.log(result.status, result.blocks.length);
} catch (e) {
  if (e instanceof WorkflowErrors) console.log(e.message);
}
