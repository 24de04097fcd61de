// What a generated provider package exports as `provider`: everything a
// workflow runner or an agent host needs to know about it, as data.
import type { BlockDefinition } from "./block-types.js";
import type { ToolDefinition } from "./tool-types.js";
import type { PollTriggerSpec } from "./poll-types.js";
import type { TriggerSpec } from "./trigger-types.js";

export interface Provider<T extends Record<string, ToolDefinition> = Record<string, ToolDefinition>> {
  /** The provider id, also its block type. */
  id: string;
  tools: T;
  /** Events that start a workflow, by trigger id (absent when the provider declares none). */
  triggers?: Record<string, TriggerSpec>;
  /** Events found by polling a list operation, by trigger id (absent when the provider declares none). */
  pollTriggers?: Record<string, PollTriggerSpec>;
  block: BlockDefinition;
}
