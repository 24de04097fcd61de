// @blockwright/runtime: what generated provider packages run on. Validation,
// request building, transport policy, output mapping and errors, driven by
// tool definitions (plain data from the generator). No YAML, no file system
// and no schema compiler on the call path, so it bundles for browsers and
// edge runtimes. This entry is the public API; the blockwright tools read
// more through @blockwright/runtime/internal (internal.ts).
export { executeToolDefinition, paginateToolDefinition } from "./execute/execute.js";
export type { OAuthSupport } from "./call/credential.js";
// The parts of the support (call/support.ts) a provider's tools may need: a generated package imports only its own.
export type { Support } from "./call/support.js";
export { oauthFlows } from "./call/oauth-support.js";
export { checkJson as jsonParams } from "./validate/json-params.js";
export { checkRules as ruleChecks } from "./validate/cross-field-rules.js";
export { formatProblem as valueFormats } from "./spec/formats.js";
export { stringRules } from "./validate/string-rules.js";
export { linearPatterns } from "./validate/linear-patterns.js";
export { numberRules } from "./validate/number-rules.js";
export { paramUnions } from "./validate/param-unions.js";
export { formEncoding } from "./call/form-body.js";
export { credentialKinds } from "./call/credential.js";
export { requestSigning } from "./call/request-signing.js";
export { pageLinks } from "./call/next-address.js";
export { pageCursors } from "./call/page-cursors.js";
export { booleanValue as booleanValues } from "./validate/validate-params.js";
export { fileSupport } from "./call/files/file-support.js";
export { eventFileSupport } from "./call/files/event-file-support.js";
export { requestSizeIssue as requestSizeCheck } from "./http/request-size.js";
export { instanceAddresses } from "./call/instance-address.js";
export { chooseRoute as valueRoutes } from "./call/routes.js";
export { placeConstants as wireConstants } from "./call/build-request.js";
export { replyOutcomes } from "./call/outcomes.js";
export { secretTexts } from "./common/secret-texts.js";
export { nestedSecretTexts as nestedSecrets } from "./validate/nested-secrets.js";
export { csvRecords } from "./common/csv-rows.js";
export { requestBodies } from "./call/request-body.js";
export { xmlBodies, xmlTextCheck } from "./call/xml/xml-body.js";
export { writeSafety } from "./call/write-safety.js";
export { rateLimitWait as rateLimitWaits } from "./http/rate-waits.js";
export { problemMessage as problemDetails } from "./http/problem-details.js";
export type { ExecuteOptions } from "./call/single-call.js";
export type { FileHosts, ResolvedAddress } from "./validate/file-hosts.js";
export { TokenCache, type TokenSet } from "./oauth/token-cache.js";
export type { IssuedTokens } from "./oauth/flows.js";
export { RateLimiter, type RateLimiterOptions } from "./http/rate-limiter.js";
export type { HostRequest, PreparedRequest, PrepareOptions } from "./execute/prepared.js";
export {
  createExecutor,
  createPackageExecutor,
  type ExecutorOptions,
  type ToolExecutor,
  type ParamsOf,
  type OutputOf,
  type ToolMap,
  type PagedOperationIds,
  type PageOptions,
} from "./execute/executor.js";
export { collectPages, DEFAULT_MAX_PAGES } from "./paging/paginate.js";
export { PAGE_INPUTS, type PageInputs } from "./validate/page-inputs.js";
export { createProviderClient, authMiddleware, type Client, type ProviderClientOptions } from "./call/client.js";
export type { FetchLike } from "./http/transport.js";
export type {
  ToolError,
  ToolErrorType,
  ToolErrorFields,
  UpstreamToolError,
  ValidationToolError,
  TransportToolError,
  ToolResult,
  PagesInfo,
  PartialPages,
} from "./http/errors.js";
// A client per provider (the generated package's create<Provider>) and errors as Error subclasses.
export { createClient, createPackageClient, type ClientTable } from "./client/client.js";
export {
  BlockwrightError,
  UpstreamError,
  RateLimitError,
  AuthError,
  ValidationError,
  TimeoutError,
  NetworkError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  InternalServerError,
  toError,
} from "./client/errors.js";
export type {
  ClientOptions,
  CallOptions,
  ItemsOptions,
  ClientInput,
  ClientLogger,
  ClientHooks,
  RequestInfo,
  ReplyInfo,
  Method,
  PagedMethod,
  CallResult,
  Success,
} from "./client/types.js";
export { redact, redactDeep, mentionsSecret, REDACTED } from "./common/redact.js";
export { secretOutputPaths, secretOutputTexts, withheldOutputs } from "./common/secret-outputs.js";
export type * from "./spec/tool-types.js";
// A generated package's tool: its call (what its client holds) and its description, joined.
export { describeTool } from "./spec/tool-description.js";
export type * from "./spec/trigger-types.js";
export type * from "./spec/poll-types.js";
export type * from "./spec/block-types.js";
export type { Provider } from "./spec/provider.js";

// For agents: the same tools as LLM tool definitions (OpenAI, Anthropic, MCP).
export {
  toLlmTools,
  toLlmTool,
  llmCallParams,
  toolBehavior,
  llmToolName,
  LLM_TOOL_FORMATS,
  LLM_TOOL_NAME,
  LLM_TOOL_NAME_MAX,
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
} from "./llm/llm-tools.js";

// Triggers: deliveries checked as a trigger declares, handshakes answered, deliveries signed for rehearsal.
export {
  verifyEvent,
  TRIGGER_ERROR_CODES,
  type Delivery,
  type VerifyOptions,
  type VerifyResult,
  type TriggerEvent,
  type TriggerErrorCode,
  type TriggerOutputs,
} from "./triggers/verify-event.js";
export { answerBodyHandshake, answerHandshake, type HandshakeAnswer } from "./triggers/handshake.js";
export { parseLosslessJson } from "./triggers/verify-event.js";
export { signDelivery, type SignOptions } from "./triggers/sign-delivery.js";
export { createTriggerVerifier, type TriggerVerifier } from "./triggers/verifier.js";
