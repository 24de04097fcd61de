// Workflows as written (YAML or JSON) and as run.
import type { BlockDefinition } from "../spec/block-types.js";
import type { PagesInfo, ToolError } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";
import type { PollTriggerSpec } from "../spec/poll-types.js";
import type { TriggerSpec } from "../spec/trigger-types.js";

/** Tools by operation id, blocks by block type and triggers by id: what a workflow can use. */
export interface Registry {
  tools: Record<string, ToolSpec>;
  blocks: Record<string, BlockDefinition>;
  triggers?: Record<string, TriggerSpec>;
  /** Poll triggers by id: a trigger block names one as it names a delivered trigger. */
  pollTriggers?: Record<string, PollTriggerSpec>;
}

/** A workflow that passed every check (see the CLI's validator), ready to run. */
export interface ValidatedWorkflow {
  file: string;
  workflow: Workflow;
  /** Environment names that get placeholder values (mock runs only). */
  placeholders: string[];
}

interface BlockCommon {
  type: string;
  name: string;
  connections?: { outgoing?: { target: string }[] };
  polling?: { intervalMs?: number; timeoutMs?: number };
  timeoutMs?: number;
  /** `code: default` (or an example only the spec's `default` response has) asks for that response (mock-answer.ts). */
  mock?: { code?: number | "default"; example?: string };
}

/** A block that calls one operation of its provider. */
export interface CallBlock extends BlockCommon {
  inputs: { operation: string } & Record<string, unknown>;
}

/**
 * A block that starts the workflow when its trigger's event arrives (`blockwright serve`); its outputs are the event's.
 */
export interface TriggerBlock extends BlockCommon {
  inputs: { trigger: string } & Record<string, unknown>;
}

export type WorkflowBlock = CallBlock | TriggerBlock;

export function isTriggerBlock(block: WorkflowBlock): block is TriggerBlock {
  return typeof (block.inputs as Record<string, unknown>).trigger === "string";
}

/** What a block does: the operation it calls, or the trigger that starts it. */
export function blockAction(block: WorkflowBlock): string {
  return isTriggerBlock(block) ? block.inputs.trigger : block.inputs.operation;
}

export interface Workflow {
  name?: string;
  description?: string;
  blocks: Record<string, WorkflowBlock>;
}

/** `cancelled`: interrupted while running, or never started because the run was interrupted. */
export type BlockStatus = "succeeded" | "failed" | "skipped" | "cancelled";

export interface BlockResult {
  id: string;
  name: string;
  type: string;
  /** The operation the block called, or (a trigger block) its trigger. */
  operation: string;
  status: BlockStatus;
  startedAt?: string;
  durationMs: number;
  /** Its outputs; a failed list block's, what its pages gave before the failure. */
  outputs?: Record<string, unknown>;
  error?: ToolError;
  /** Calls made by a job-status block while its job was pending. */
  polls?: number;
  /** For a list block run with allPages: what was fetched. */
  pages?: PagesInfo;
  /** For skipped blocks: the upstream blocks that did not succeed. */
  skippedBecause?: string[];
}

export interface RunResult {
  name?: string;
  status: "succeeded" | "failed" | "cancelled";
  durationMs: number;
  /** In the order the blocks finished. */
  blocks: BlockResult[];
  /** Environment references given placeholder values (mock runs). */
  placeholders: string[];
}

export type RunEvent =
  | { type: "start"; id: string; block: WorkflowBlock }
  | { type: "poll"; id: string; state: string; polls: number }
  | { type: "finish"; id: string; result: BlockResult };
