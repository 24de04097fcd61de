// Vercel AI SDK adapter (@blockwright/runtime/ai-sdk): a provider client's
// operations as the `tools` map of generateText/streamText. The schema is the
// plain JSON Schema a model fills (never the credential: the client holds it);
// a destructive operation can be made to wait for the user's approval, the
// SDK's only behaviour hint.
import { jsonSchema, type Tool, tool } from "ai";
import { type AdapterOptions, adaptClient } from "./adapt.js";
import type { ToolSpec } from "../spec/tool-types.js";

export type { AdapterOptions, ModelError } from "./adapt.js";

export interface AiSdkToolsOptions extends AdapterOptions {
  /** Ask the user before running: "destructive" operations, every "write" (not read-only), or none (default). */
  needsApproval?: "destructive" | "write" | false;
}

/**
 * `client`'s operations as AI SDK tools, keyed by LLM tool name: `generateText({ model, tools: toAiSdkTools(books), …
 * })`. `described`: the tools by id with their descriptions, which a generated package's client does not hold (its
 * adapter subpath gives them).
 */
export function toAiSdkTools(
  client: object,
  options: AiSdkToolsOptions = {},
  described?: Readonly<Record<string, ToolSpec>>,
): Record<string, Tool<Record<string, unknown>, unknown>> {
  const tools: Record<string, Tool<Record<string, unknown>, unknown>> = {};
  for (const t of adaptClient(client, options, described)) {
    const approval =
      options.needsApproval === "write"
        ? !t.behavior.readOnly
        : options.needsApproval === "destructive"
          ? t.behavior.destructive
          : false;
    tools[t.name] = tool<Record<string, unknown>, unknown, never>({
      description: t.description,
      inputSchema: jsonSchema<Record<string, unknown>>(t.schema() as Parameters<typeof jsonSchema>[0]),
      ...(approval ? { needsApproval: true } : {}),
      execute: (input, { abortSignal }) => t.call(input, abortSignal),
    }) as Tool<Record<string, unknown>, unknown>;
  }
  return tools;
}
