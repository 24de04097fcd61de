// LangChain.js adapter (@blockwright/runtime/langchain): a provider client's
// operations as StructuredTools (DynamicStructuredTool) for bindTools, agents
// and ToolNode. The schema is the plain JSON Schema a model fills (never the
// credential: the client holds it); LangChain has no behaviour hints, so the
// MCP-style ones ride in each tool's `metadata` for code that filters on them.
import { DynamicStructuredTool } from "@langchain/core/tools";
import { type AdapterOptions, adaptClient } from "./adapt.js";
import type { ToolSpec } from "../spec/tool-types.js";

export type { AdapterOptions, ModelError } from "./adapt.js";

/**
 * `client`'s operations as LangChain tools; each returns JSON text (the output, or `{error}`). `described`: the tools
 * by id with their descriptions, which a generated package's client does not hold (its adapter subpath gives them).
 */
export function toLangChainTools(
  client: object,
  options: AdapterOptions = {},
  described?: Readonly<Record<string, ToolSpec>>,
): DynamicStructuredTool[] {
  return adaptClient(client, options, described).map(
    (t) =>
      new DynamicStructuredTool({
        name: t.name,
        description: t.description,
        schema: t.schema() as unknown as Record<string, unknown>,
        metadata: {
          readOnlyHint: t.behavior.readOnly,
          destructiveHint: t.behavior.destructive,
          idempotentHint: t.behavior.idempotent,
          openWorldHint: t.behavior.openWorld,
          operation: t.tool.id,
        },
        func: async (input: unknown, _run?: unknown, config?: { signal?: AbortSignal }) =>
          JSON.stringify(await t.call(input, config?.signal)),
      }) as DynamicStructuredTool,
  );
}
