// The shape of a generated block: what a workflow editor needs to render the
// block and what the workflow runner needs to check and run it.
import type { OutputType, ParamType } from "./tool-types.js";

export interface OperationCondition {
  field: "operation";
  /** Tool ids for which the input applies. */
  value: string[];
}

export interface BlockInput {
  id: string;
  title: string;
  /** How an editor renders the input. */
  control: "dropdown" | "short-input" | "long-input" | "number" | "switch" | "code";
  type: ParamType;
  description: string;
  placeholder?: string;
  options?: { id: string; label: string }[];
  default?: unknown;
  secret: boolean;
  /** Rendered as a password field. */
  password: boolean;
  visibility: "user-only" | "user-or-llm";
  /** Shown only for these operations (absent: always shown). */
  condition?: OperationCondition;
  /**
   * `true`: a workflow must give it for every operation; a condition: for those operations only. A parameter with a
   * default is not required: the default is sent when a workflow leaves it out.
   */
  required: boolean | OperationCondition;
}

export interface BlockOutput {
  type: OutputType;
  description: string;
  optional: boolean;
}

export interface BlockDefinition {
  type: string;
  name: string;
  description: string;
  longDescription?: string;
  color: string;
  category: string;
  docsUrl?: string;
  tools: {
    /** Tool ids the block can call. */
    access: string[];
    /** The input whose value is the tool id to call. */
    config: { tool: "operation" };
  };
  inputs: BlockInput[];
  /** Outputs per operation (tool id), keyed by dotted output path. */
  outputs: Record<string, Record<string, BlockOutput>>;
}
