// OpenAI Agents SDK adapter (@blockwright/runtime/openai-agents): a provider
// client's operations as function tools (`tool()`) for an Agent. Strict mode
// by default, as the SDK prefers: every property required, null for "not
// given" (the adapter drops nulls before the call). The credential is never in
// the schema: the client holds it. A destructive operation can be made to wait
// for approval (`needsApproval`), the SDK's behaviour hint.
import { type FunctionTool, tool } from "@openai/agents";
import { type AdapterOptions, adaptClient } from "./adapt.js";
import type { ToolSpec } from "../spec/tool-types.js";

export type { AdapterOptions, ModelError } from "./adapt.js";

export interface OpenAiAgentsToolsOptions extends AdapterOptions {
  /** Ask for approval before running: "destructive" operations, every "write" (not read-only), or none (default). */
  needsApproval?: "destructive" | "write" | false;
  /** OpenAI strict mode (default true); false sends the plain schema, limits and defaults as keywords. */
  strict?: boolean;
}

/**
 * `client`'s operations as Agents SDK function tools: `new Agent({ tools: toOpenAiAgentsTools(books), … })`.
 * `described`: the tools by id with their descriptions, which a generated package's client does not hold (its adapter
 * subpath gives them).
 */
export function toOpenAiAgentsTools(
  client: object,
  options: OpenAiAgentsToolsOptions = {},
  described?: Readonly<Record<string, ToolSpec>>,
): FunctionTool[] {
  const strict = options.strict ?? true;
  return adaptClient(client, options, described).map((t) => {
    const approval =
      options.needsApproval === "write"
        ? !t.behavior.readOnly
        : options.needsApproval === "destructive"
          ? t.behavior.destructive
          : false;
    const common = {
      name: t.name,
      description: t.description,
      needsApproval: approval,
      execute: (input: unknown, _context?: unknown, details?: { signal?: AbortSignal }) =>
        t.call(input, details?.signal),
    };
    // The SDK types a JSON Schema by its strictness; the schema is the runtime's own (llm-tools.ts).
    const made = strict
      ? tool({ ...common, parameters: t.schema(true) as never, strict: true })
      : tool({ ...common, parameters: t.schema(false) as never, strict: false });
    return made as unknown as FunctionTool;
  });
}
