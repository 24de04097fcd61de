// @blockwright/runtime: what generated provider packages run on. Validation,
// request building, transport policy, output mapping and errors, driven by
// tool definitions (plain data from the generator). No YAML, no file system
// and no schema compiler on the call path, so it bundles for browsers and
// edge runtimes.
export { executeToolDefinition } from "./execute.js";
export type { ExecuteOptions } from "./single-call.js";
export { TokenCache, type TokenSet } from "./oauth/token-cache.js";
export type { IssuedTokens } from "./oauth/flows.js";
export { flowParams, oauthParams } from "./oauth/flows.js";
export { tokenUrlPlaceholders } from "./oauth/token-url.js";
export { createExecutor, type ToolExecutor, type ParamsOf, type OutputOf, type ToolMap, type PagedOperationIds, type PageOptions } from "./executor.js";
export { paginateToolDefinition, collectPages, DEFAULT_MAX_PAGES } from "./paginate.js";
export { PAGE_INPUTS, pageInputsOf, type PageInputs } from "./page-inputs.js";
export { encodeForm, styledPairs } from "./form-body.js";
export { createProviderClient, authMiddleware, type Client, type ProviderClientOptions } from "./client.js";
export { linkNext, type FetchLike } from "./transport.js";
export type { ToolError, ToolErrorType, ToolResult, PagesInfo } from "./errors.js";
export { redact, redactDeep, REDACTED } from "./redact.js";
export { ownValue, setOwn } from "./own.js";
export { itemAt, entryOf, fieldOf, defined } from "./checked.js";
export { cloneJson } from "./clone.js";
export type * from "./tool-types.js";
export type * from "./block-types.js";
export type { Provider } from "./provider.js";

// For tools built on the runtime (the blockwright CLI's validator and generator).
export { validateParams, checkValue, checkRules, isAbsent, checkAddress, show, SECRET_MIN_LENGTH, type Issue } from "./validate-params.js";
export { matchesHost, providerHosts, hostPatternProblem } from "./hosts.js";
export { DEFAULT_REPLY_BYTES } from "./read-body.js";
export { parseExpression, formatExpression, parsePointer, formatPointer, getAtPointer, evaluate } from "./expressions.js";

// For agents: the same tools as LLM tool definitions (OpenAI, Anthropic, MCP).
export {
  toLlmTools,
  toLlmTool,
  toolBehavior,
  llmToolName,
  llmCallParams,
  modelParams,
  connectionParams,
  inputSchema,
  outputSchema,
  toolDescription,
  LLM_TOOL_FORMATS,
  LLM_TOOL_NAME,
  type LlmToolFormat,
  type LlmTool,
  type LlmToolsOptions,
  type OpenAiTool,
  type AnthropicTool,
  type McpTool,
  type McpToolAnnotations,
  type JsonSchema,
  type ObjectSchema,
  type ToolBehavior,
} from "./llm-tools.js";
export { safeToRepeat } from "./behavior.js";
export { VALUE_FORMATS, FORMAT_MAX_LENGTH, isValueFormat, matchesFormat, type StringFormat, type ValueFormat } from "./formats.js";
