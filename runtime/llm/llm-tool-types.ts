// The shapes of the LLM tool definitions each format wants (OpenAI, Anthropic, MCP) and the subset of JSON Schema
// they use; llm-tools.ts makes them from tool definitions, and exports these too.

export type LlmToolFormat = "openai" | "anthropic" | "mcp";
export const LLM_TOOL_FORMATS: readonly LlmToolFormat[] = ["openai", "anthropic", "mcp"];

export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** The subset of JSON Schema (2020-12, and equally draft-07) these definitions use. */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** false: no other field; a schema: each other field's (an object's values of several scalar kinds). */
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  /** A bound the value must be above (below), itself refused: a number, as 2020-12 writes it (draft-07 alike). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  minItems?: number;
  maxItems?: number;
  /** An array's items: a list of files' addresses, or items of several shapes (their anyOf); a tuple's past them. */
  items?: JsonSchema;
  /** A 3.1 tuple's first items, each its own schema by its position (2020-12's keyword). */
  prefixItems?: JsonSchema[];
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** The forms a value may take (a parameter's `anyOf`), each a schema of its own. */
  anyOf?: JsonSchema[];
}

/** An object schema: what every format requires at the root. */
export interface ObjectSchema extends JsonSchema {
  type: "object";
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** Chat Completions function tool (for the Responses API, spread `function` into the tool). */
export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: ObjectSchema; strict: true };
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

export interface McpToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  annotations: McpToolAnnotations;
}

export type LlmTool<F extends LlmToolFormat = LlmToolFormat> = F extends "openai"
  ? OpenAiTool
  : F extends "anthropic"
    ? AnthropicTool
    : McpTool;

export interface LlmToolsOptions {
  /** Only the tools that change nothing upstream. */
  readOnly?: boolean;
}
