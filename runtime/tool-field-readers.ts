// Who reads each field of a tool definition (ToolSpec) at run time. A module
// that gives a field its effect says so in its own TOOL_FIELDS_READ, beside the
// code that reads it; they are gathered here, and a ToolSpec field that no
// module reads (nor READ_BY_NO_MODULE excuses) does not compile, the error
// naming the field: a field added to the tool definition cannot go unread.
// tool-field-readers.test.ts checks that each module reads what it lists, and
// that each module with a TOOL_FIELDS_READ is gathered here;
// tool-field-effects.test.ts, that setting an optional field changes what the
// runtime does. Nothing imports this module but its test: it costs a package
// nothing.
import type { TOOL_FIELDS_READ as callBaseAddress } from "./call/base-address.js";
import type { TOOL_FIELDS_READ as callBuildRequest } from "./call/build-request.js";
import type { TOOL_FIELDS_READ as callCredential } from "./call/credential.js";
import type { TOOL_FIELDS_READ as callDownload } from "./call/files/download.js";
import type { TOOL_FIELDS_READ as callStreamItems } from "./call/stream-items.js";
import type { TOOL_FIELDS_READ as callOutcomes } from "./call/outcomes.js";
import type { TOOL_FIELDS_READ as callRequestBody } from "./call/request-body.js";
import type { TOOL_FIELDS_READ as callRoutes } from "./call/routes.js";
import type { TOOL_FIELDS_READ as callSendAttempts } from "./call/send/attempts.js";
import type { TOOL_FIELDS_READ as callSingleCall } from "./call/single-call.js";
import type { TOOL_FIELDS_READ as callWriteSafety } from "./call/write-safety.js";
import type { TOOL_FIELDS_READ as executeExecutor } from "./execute/executor.js";
import type { TOOL_FIELDS_READ as httpCredentials } from "./http/credentials.js";
import type { TOOL_FIELDS_READ as httpHosts } from "./http/hosts.js";
import type { TOOL_FIELDS_READ as httpRateLimiter } from "./http/rate-limiter.js";
import type { TOOL_FIELDS_READ as httpReadBody } from "./http/read-body.js";
import type { TOOL_FIELDS_READ as httpRequestSize } from "./http/request-size.js";
import type { TOOL_FIELDS_READ as httpTransport } from "./http/transport.js";
import type { TOOL_FIELDS_READ as httpUpstreamError } from "./http/upstream-error.js";
import type { TOOL_FIELDS_READ as llmLlmOutputs } from "./llm/llm-outputs.js";
import type { TOOL_FIELDS_READ as llmLlmTools } from "./llm/llm-tools.js";
import type { TOOL_FIELDS_READ as llmWording } from "./llm/wording.js";
import type { TOOL_FIELDS_READ as oauthFlows } from "./oauth/flows.js";
import type { TOOL_FIELDS_READ as pagingPaginate } from "./paging/paginate.js";
import type { TOOL_FIELDS_READ as specBehavior } from "./spec/behavior.js";
import type { TOOL_FIELDS_READ as validateCrossFieldRules } from "./validate/cross-field-rules.js";
import type { TOOL_FIELDS_READ as validateValidateParams } from "./validate/validate-params.js";
import type { TOOL_FIELDS_READ as workflowMockAnswer } from "./workflow/mock-answer.js";
import type { TOOL_FIELDS_READ as workflowRun } from "./workflow/run.js";
import type { ToolSpec } from "./spec/tool-types.js";

/** The fields no runtime module reads, each with the reason. */
export const READ_BY_NO_MODULE = {
  operationId:
    "the upstream operation a tool calls: the generator, the mocks and the contract suite read it; " +
    "a call goes by method and path",
} as const satisfies { readonly [K in keyof ToolSpec]?: string };

/** Every field some runtime module reads (its TOOL_FIELDS_READ), or READ_BY_NO_MODULE excuses. */
export type ReadToolField =
  | (typeof callBaseAddress)[number]
  | (typeof callBuildRequest)[number]
  | (typeof callCredential)[number]
  | (typeof callDownload)[number]
  | (typeof callStreamItems)[number]
  | (typeof callOutcomes)[number]
  | (typeof callRequestBody)[number]
  | (typeof callRoutes)[number]
  | (typeof callSendAttempts)[number]
  | (typeof callSingleCall)[number]
  | (typeof callWriteSafety)[number]
  | (typeof executeExecutor)[number]
  | (typeof httpCredentials)[number]
  | (typeof httpHosts)[number]
  | (typeof httpRateLimiter)[number]
  | (typeof httpReadBody)[number]
  | (typeof httpRequestSize)[number]
  | (typeof httpTransport)[number]
  | (typeof httpUpstreamError)[number]
  | (typeof llmLlmOutputs)[number]
  | (typeof llmLlmTools)[number]
  | (typeof llmWording)[number]
  | (typeof oauthFlows)[number]
  | (typeof pagingPaginate)[number]
  | (typeof specBehavior)[number]
  | (typeof validateCrossFieldRules)[number]
  | (typeof validateValidateParams)[number]
  | (typeof workflowMockAnswer)[number]
  | (typeof workflowRun)[number]
  | keyof typeof READ_BY_NO_MODULE;

/**
 * Each ToolSpec field no module reads, by name: the object below must hold them all, so a field added unread does not
 * compile.
 */
export type UnreadToolFields<Fields extends PropertyKey> = {
  readonly [K in Exclude<Fields, ReadToolField>]: UnreadToolField;
};
/** What the compiler says of a field no module reads (one literal type, its remedy named for the width). */
type UnreadToolField = `read by no runtime module: ${UnreadRemedy} (runtime/tool-field-readers.ts)`;
type UnreadRemedy = "list it in the TOOL_FIELDS_READ of the module that gives its effect";
export const UNREAD_TOOL_FIELDS: UnreadToolFields<keyof ToolSpec> = {};
