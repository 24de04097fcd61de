// @blockwright/runtime/internal: the public API and what only the blockwright
// tools (generator, validator, contract suite, CLI) build on: the parameter
// validator, host rules, runtime expressions, wire encodings and value
// helpers. Not part of the public API: it may change in any release.
export * from "./index.js";
// The tools run in Node: their one-off calls say who calls, as the node entry's do (User-Agent: blockwright/<version>).
export {
  agentFetch,
  CALL_AGENT,
  createExecutor,
  executeToolDefinition,
  paginateToolDefinition,
} from "./client/node-agent.js";
export { flowParams, oauthParams } from "./oauth/flows.js";
export { tokenUrlPlaceholders } from "./oauth/token-url.js";
export { pageInputsOf } from "./validate/page-inputs.js";
export { encodeForm, styledPairs } from "./call/form-body.js";
export { ownOf, ownValue, setOwn } from "./common/own.js";
export { itemAt, entryOf, fieldOf, defined } from "./common/checked.js";
export { cloneJson } from "./common/clone.js";
export { MAX_NESTING, NESTING_RULE, shownPath, tooDeep } from "./common/nesting.js";
export {
  validateInput,
  checkValueWith,
  isAbsent,
  checkAddress,
  show,
  hasStringRules,
  hasNumberRules,
  SECRET_MIN_LENGTH,
  splitList,
  decimal,
  type Issue,
  type ValueSupport,
} from "./validate/validate-params.js";
export { isMultipleOf, multipleNear } from "./validate/number-rules.js";
export { allowedRange, brokenBound, type NumberBounds } from "./validate/rule-words.js";
export { validateParams, checkValue, VALUE_SUPPORT } from "./validate/full-check.js";
export { checkRules, requiredWhenHolds } from "./validate/cross-field-rules.js";
export {
  holdsNestedSecret,
  jsonInput,
  nestedSecretTexts,
  secretPlaces,
  type ValuePath,
} from "./validate/nested-secrets.js";
export { writesNoPair } from "./validate/query-nothing.js";
export { typedText } from "./validate/text-values.js";
export { fullSupport } from "./execute/full-support.js";
export { unsupported, SUPPORT_EXPORTS, formNeeded, needsPart, CALL_PARTS, type CallPart } from "./call/support.js";
export {
  matchesHost,
  providerHosts,
  hostPatternProblem,
  allowedHostProblem,
  isLoopback,
  isIpLiteral,
} from "./http/hosts.js";
export { DEFAULT_REPLY_BYTES, readBody, readBytes } from "./http/read-body.js";
export { formDecoded } from "./http/query-pairs.js";
export { cookieOctets, cookieValueOctets, percentDecoded } from "./http/percent-encoding.js";
export { scalarText } from "./common/scalar-text.js";
export { startDeadline, type Deadline } from "./http/deadline.js";
export { linkNext, send, isRedirect } from "./http/transport.js";
export {
  authWays,
  wayCredentials,
  wayParams,
  authParams,
  chooseWay,
  slotOf,
  authSlots,
  credentialOfParam,
  encodedCredential,
  basicToken,
  basicPair,
  base64Text,
  placeWay,
  type CredentialSlot,
} from "./http/credentials.js";
export { signRequest, signingRegion } from "./call/request-signing.js";
export { isSecretLength, isWithheldLength } from "./common/redact.js";
export { secretTexts } from "./common/secret-texts.js";
export { envVariableName, LOG_LEVELS } from "./client/environment.js";
export { RUNTIME_VERSION } from "./client/version.js";
export {
  parseExpression,
  formatExpression,
  parsePointer,
  formatPointer,
  getAtPointer,
  evaluate,
} from "./http/expressions.js";
export {
  llmCallParams,
  llmOutput,
  llmResultOutput,
  modelParams,
  connectionParams,
  inputSchema,
  outputSchema,
  toolDescription,
} from "./llm/llm-tools.js";
export { connectionPlaces, type ConnectionPlace } from "./llm/nested-connection.js";
export {
  ruleParams,
  ruleSentence,
  pollingSentence,
  deprecationSentence,
  withSentences,
  type Words,
} from "./llm/wording.js";
export { pathGroup, toolGroups, underPathPrefix, type ToolGroup } from "./llm/tool-groups.js";
export { safeToRepeat } from "./spec/behavior.js";
export { callOf, descriptionOf, DESCRIPTION_FIELDS } from "./spec/tool-description.js";
export {
  VALUE_FORMATS,
  FORMAT_MAX_LENGTH,
  FORMAT_MIN_LENGTH,
  isValueFormat,
  matchesFormat,
  type StringFormat,
  type ValueFormat,
} from "./spec/formats.js";
export {
  ERROR_TYPES,
  RUNTIME_ERROR_CODES,
  NOT_SENT_CODES,
  type RuntimeErrorCode,
  type RuntimeCodeInfo,
} from "./http/error-codes.js";
export { dispositionName, type DownloadedFile } from "./call/files/download.js";
export { streamItems } from "./call/stream-items.js";
export { otherForm, parseBody } from "./call/reply-failures.js";
export { csvRecords } from "./common/csv-rows.js";
export { fileValue, isFileBytes } from "./validate/file-values.js";
export { partType, rawBody } from "./call/files/file-inputs.js";
