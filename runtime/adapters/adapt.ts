// What every agent-framework adapter shares: a provider client's operations as
// neutral tools (name, description, the schema a model fills, behaviour hints)
// and a call that runs one through the client. The client holds the
// connection (credential, instance address) and the call options, so a
// model's arguments never carry them and the schema never shows them; a model
// that sets one anyway is refused, the value unused (llmCallParams).
import { CLIENT_TABLE, type ClientTable } from "../client/client.js";
import { BlockwrightError } from "../client/errors.js";
import type { ToolError, ToolResult } from "../http/errors.js";
import {
  inputSchema,
  llmCallParams,
  llmResultOutput,
  llmToolName,
  type ObjectSchema,
  toolDescription,
} from "../llm/llm-tools.js";
import { type ToolBehavior, toolBehavior } from "../spec/behavior.js";
import type { ToolCall, ToolSpec } from "../spec/tool-types.js";
import type { FileHosts } from "../validate/file-hosts.js";

/** Which of a client's operations become tools. */
export interface AdapterOptions {
  /** Only the tools that change nothing upstream. */
  readOnly?: boolean;
  /** Only these operations: client method names (`searchVolumes`) or operation ids. */
  only?: readonly string[];
  /**
   * How far a model's file addresses may reach: the public internet only, unless `allow` names more hosts
   * (`fileHosts: { allow: ["files.corp.example"] }`, `["*"]` for any); validate/file-hosts.ts.
   */
  fileHosts?: FileHosts;
}

/** One operation as a framework-neutral tool. */
export interface AdaptedTool {
  /** The LLM tool name (the operation id when it fits: llmToolName). */
  name: string;
  /** The client method that runs it. */
  method: string;
  description: string;
  /**
   * What a model fills: plain JSON Schema, or OpenAI strict mode's (every property required, optional ones nullable).
   */
  schema(strict?: boolean): ObjectSchema;
  behavior: ToolBehavior;
  tool: ToolSpec;
  /** Runs the call; resolves to what the model is shown: the output, or `{error}` (never the credential). */
  call(args: unknown, signal?: AbortSignal): Promise<unknown>;
}

/** What a model is told of a failure: enough to fix its arguments or give up, nothing of the connection. */
export interface ModelError {
  error: Pick<ToolError, "type" | "message"> &
    Partial<Pick<ToolError, "status" | "code" | "param" | "rule" | "expected" | "retryable" | "quotaExceeded">>;
}

type Call = (
  input: Record<string, unknown>,
  options?: { signal?: AbortSignal; fileHosts: FileHosts },
) => Promise<ToolResult>;

/**
 * A client's operations as neutral tools; `client` is what a provider's `create<Provider>(…)` returned.
 * `described`: the provider's tools by id, with their descriptions, which a generated package's client
 * does not hold (tool-description.ts); its adapter subpaths give them.
 */
export function adaptClient(
  client: object,
  options: AdapterOptions = {},
  described?: Readonly<Record<string, ToolSpec>>,
): AdaptedTool[] {
  const table = (client as { [CLIENT_TABLE]?: ClientTable })[CLIENT_TABLE];
  if (!table)
    throw new TypeError("expected a Blockwright client, as a provider package's create<Provider>({...}) returns it");
  const only = options.only ? new Set(options.only) : undefined;
  const fileHosts = options.fileHosts ?? {};
  const tools: AdaptedTool[] = [];
  const names = new Map<string, string>();
  for (const [method, call] of Object.entries(table.methods)) {
    const tool = described && Object.hasOwn(described, call.id) ? described[call.id] : call;
    if (!isDescribed(tool)) {
      throw new TypeError(
        `${call.id} has no description in this client (a generated package's client holds only what calls ` +
          `read): import the adapter from the provider package's subpath (@blockwright/<provider>/ai-sdk, ` +
          `/langchain or /openai-agents), which gives it the tools' descriptions`,
      );
    }
    if (only && !only.has(method) && !only.has(tool.id)) continue;
    const behavior = toolBehavior(tool);
    if (options.readOnly && !behavior.readOnly) continue;
    const name = llmToolName(tool.id);
    const other = names.get(name);
    if (other !== undefined) throw new Error(`tools ${other} and ${tool.id} would share the LLM tool name ${name}`);
    names.set(name, tool.id);
    const run = (client as Record<string, Call>)[method] as Call;
    tools.push({
      name,
      method,
      description: toolDescription(tool),
      schema: (strict = false) => inputSchema(tool, { strict }),
      behavior,
      tool,
      call: async (args, signal) => {
        const built = llmCallParams(tool, args, {}, { fileHosts });
        if ("error" in built) return modelError(built.error);
        // null is how strict mode says "not given".
        const params = Object.fromEntries(Object.entries(built.params).filter(([, v]) => v !== null));
        try {
          // fileHosts: the file addresses are a model's, checked again where they are fetched (resolved on Node).
          const result = await run(params, signal ? { signal, fileHosts } : { fileHosts });
          return result.success ? llmResultOutput(tool, result.output) : modelError(result.error);
        } catch (e) {
          // A client made with throwOnError throws the same structured error.
          if (e instanceof BlockwrightError) return modelError(e.error);
          throw e;
        }
      },
    });
  }
  return tools;
}

/** Whether a client's tool has its description (a hand-made client's table holds whole definitions). */
function isDescribed(tool: ToolCall | ToolSpec | undefined): tool is ToolSpec {
  return (
    tool !== undefined &&
    typeof (tool as Partial<ToolSpec>).description === "string" &&
    typeof (tool as Partial<ToolSpec>).title === "string"
  );
}

function modelError(e: ToolError): ModelError {
  const { type, message, status, code, param, rule, expected, retryable, quotaExceeded } = e;
  const error: ModelError["error"] = { type, message };
  if (status !== undefined) error.status = status;
  if (code !== undefined) error.code = code;
  if (param !== undefined) error.param = param;
  if (rule !== undefined) error.rule = rule;
  if (expected !== undefined) error.expected = expected;
  if (retryable !== undefined) error.retryable = retryable;
  if (quotaExceeded) error.quotaExceeded = quotaExceeded;
  return { error };
}
