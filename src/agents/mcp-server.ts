// The project's tools as an MCP server, on the official SDK. One MCP tool per
// operation, its definition from toLlmTools (input and output schema,
// annotations); a call runs the tool on the runtime with the connection's
// values added, and answers structuredContent, or a tool error (isError) the
// model can act on: the parameter, the rule and the value, never a secret.
//
// The SDK's low-level Server is used rather than McpServer: our schemas are
// JSON Schema generated from the IR, while McpServer wants zod schemas and
// would validate the arguments again, with other messages.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  executeToolDefinition,
  itemAt,
  llmCallParams,
  llmResultOutput,
  llmToolName,
  toLlmTools,
  toolBehavior,
  type ExecuteOptions,
  type FileHosts,
  type ToolError,
  type ToolResult,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { type ResolvedConnection, unsetWays } from "./connection.js";
import { jsonLine, lineText } from "../common/github-actions.js";
import { shownText } from "../common/request-guard.js";
import { TOOLS_PAGE_SIZE } from "./page-size.js";

export { TOOLS_PAGE_SIZE };

export interface ToolServerOptions {
  tools: readonly ToolSpec[];
  /** Tools per tools/list answer (default TOOLS_PAGE_SIZE); the answer's nextCursor asks for the next ones. */
  pageSize?: number;
  /** Only the read-only tools are listed and callable. */
  readOnly?: boolean;
  /** The connection values of a tool's provider. */
  connection(tool: ToolSpec): ResolvedConnection;
  /** Request options per call: mock addresses, the secrets to keep out of answers. */
  executeOptions?(tool: ToolSpec): ExecuteOptions;
  /**
   * How far a model's file addresses may reach: the public internet only, unless `allow` names more hosts
   * (`blockwright mcp` reads them from BLOCKWRIGHT_FILE_HOSTS).
   */
  fileHosts?: FileHosts;
  /** Runs a tool; defaults to the runtime's executeToolDefinition. */
  execute?(tool: ToolSpec, params: Record<string, unknown>, options: ExecuteOptions): Promise<ToolResult>;
  version: string;
}

export function createToolServer(options: ToolServerOptions): Server {
  const tools = options.readOnly ? options.tools.filter((t) => toolBehavior(t).readOnly) : [...options.tools];
  const definitions = toLlmTools(tools, "mcp");
  const byName = new Map(tools.map((t) => [llmToolName(t.id), t]));
  const execute = options.execute ?? executeToolDefinition;
  const providers = [...new Set(tools.map((t) => t.provider))];

  const server = new Server(
    { name: "blockwright", title: "Blockwright tool blocks", version: options.version },
    {
      capabilities: { tools: {} },
      instructions:
        `Tools of ${providers.join(", ") || "no provider"}${options.readOnly ? " (read-only tools only)" : ""}. ` +
        "Credentials and other connection settings are configured on the server: never pass them as arguments. " +
        "A failed call answers isError with the parameter, the rule and the value at fault; " +
        "fix the arguments and call again.",
    },
  );

  const pageSize = options.pageSize ?? TOOLS_PAGE_SIZE;
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = pageStart(request.params?.cursor, definitions.length);
    const end = start + pageSize;
    return { tools: definitions.slice(start, end), ...(end < definitions.length ? { nextCursor: String(end) } : {}) };
  });

  // tools/call is answered by the fallback handler, not setRequestHandler: the SDK parses a request with its schema
  // before any handler, and a malformed one (`arguments: null`, a name that is no text, no params) became an internal
  // error (-32603) carrying the parser's dump. Here a name that names no tool is invalid params (-32602), saying so;
  // arguments that are no object a tool error naming the rule, as any other bad argument.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "tools/call") throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof params.name !== "string")
      throw new McpError(
        ErrorCode.InvalidParams,
        "tools/call: params.name must be the name of a tool (a string), " +
          `got ${shownText(jsonLine(params.name ?? null))}`,
      );
    return callTool(params.name, params.arguments, extra.signal);
  };

  async function callTool(name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
    const tool = byName.get(name);
    if (!tool) {
      const hidden = options.readOnly && options.tools.some((t) => llmToolName(t.id) === name);
      throw new McpError(
        ErrorCode.InvalidParams,
        hidden ? `tool ${name} changes data and this server is read-only` : `unknown tool ${shownText(jsonLine(name))}`,
      );
    }
    const connection = options.connection(tool);
    // A required parameter unset, or a tool whose credential comes in one of several ways none of which is set.
    const ways = connection.missing.length ? [] : unsetWays(tool, connection);
    const missing = connection.missing.length ? connection.missing : ways;
    if (missing.length) {
      const list = missing
        .map((m) => `${m.param} (environment variable ${m.variable})`)
        .join(connection.missing.length ? ", " : " or ");
      return toolError({
        type: "validation",
        provider: tool.provider,
        operation: tool.id,
        rule: "connection",
        param: itemAt(missing, 0).param,
        message:
          `${tool.id} cannot run: the server has no ${list}. This is the server's configuration, ` +
          `not an argument: ask the user to set it and restart the server.`,
      });
    }
    const fileHosts = options.fileHosts ?? {};
    const connectionNames = Object.fromEntries(
      Object.entries(connection.variables ?? {}).map(([name, variable]) => [name, `environment variable ${variable}`]),
    );
    const built = llmCallParams(tool, args, connection.values, { fileHosts, connectionNames });
    if ("error" in built) return toolError(built.error);
    // fileHosts: the call's file addresses are the model's, checked again where they are fetched (resolved on Node).
    const callOptions = { ...options.executeOptions?.(tool), signal, fileHosts };
    const result = await execute(tool, built.params, callOptions);
    if (result.success) {
      // The secrets the reply hands out withheld: the model never sees a created key (outputSchema says so).
      const shown = llmResultOutput(tool, result.output) as Record<string, unknown>;
      return { content: [{ type: "text", text: jsonLine(shown) }], structuredContent: shown };
    }
    // The runtime keeps the secrets of callOptions out of errors and outputs.
    return toolError(result.error);
  }

  return server;
}

/** The server's `fileHosts` from BLOCKWRIGHT_FILE_HOSTS: hosts, `*.<domain>`, IP addresses or `*`, comma-separated. */
export function fileHostsOfEnv(value: string | undefined): FileHosts {
  return { allow: (value ?? "").split(",").flatMap((host) => host.trim() || []) };
}

/** Where the page a tools/list cursor asks for starts: a cursor this server gave (the index of its first tool). */
function pageStart(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  if (!/^[1-9]\d{0,8}$/.test(cursor) || Number(cursor) >= total)
    throw new McpError(
      ErrorCode.InvalidParams,
      `invalid cursor ${JSON.stringify(cursor.slice(0, 64))}: pass the nextCursor of a tools/list answer`,
    );
  return Number(cursor);
}

/**
 * A failed call as MCP's tool error: the message first, then every field of the error. The text is the upstream's in
 * part (an answer's error message), and a client may print it to a terminal: its control characters are escaped, in
 * the message and in the JSON (which escapes C0 but not C1 nor the bidi overrides), each line on its own.
 */
function toolError(error: ToolError): CallToolResult {
  const fields = JSON.stringify({ error }, null, 2).split("\n").map(lineText).join("\n");
  return { isError: true, content: [{ type: "text", text: `${lineText(error.message)}\n\n${fields}` }] };
}
