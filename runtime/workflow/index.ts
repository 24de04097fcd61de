// @blockwright/runtime/workflow: running checked workflows of blocks, and
// the `{{…}}` reference language. Loading and checking workflow files (YAML,
// positions, JSON Schema) is the blockwright CLI's job.
export { runWorkflowWith, resolveInputs, UnresolvedReference, type RunOptions } from "./run.js";
export { placeholderFor } from "./placeholder.js";
export * from "./references.js";
export {
  mockPrefer,
  mockWords,
  readMockWords,
  defaultStandIn,
  asksForDefault,
  withMockSteering,
  MOCK_STEERING_KEYS,
  MOCK_OPERATION_KEY,
  type MockAnswer,
} from "./mock-answer.js";
export { buildGraph, upstreamOf, findCycle, type Graph } from "./graph.js";
export type * from "./types.js";
export { isTriggerBlock, blockAction } from "./types.js";
