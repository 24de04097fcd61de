// What a generated provider package exports as `provider`: everything a
// workflow runner or an agent host needs to know about it, as data.
import type { BlockDefinition } from "./block-types.js";
import type { ToolDefinition } from "./tool-types.js";

export interface Provider<T extends Record<string, ToolDefinition> = Record<string, ToolDefinition>> {
  /** The provider id, also its block type. */
  id: string;
  tools: T;
  block: BlockDefinition;
}
