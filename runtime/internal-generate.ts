// @blockwright/runtime/internal/generate: the part of ./internal and ./workflow
// that the generator (src/load, model, link, emit) reads: the manifest's rules
// and wording, value checks, pointers and expressions, the support's parts.
// Not the call path (the client, the transport, OAuth's requests), which
// generate never runs: importing ./internal and ./workflow evaluated 100 of
// the runtime's modules in each `generate` process (about 45 ms of CPU), this
// about half of them. Not part of the public API: it may change in any release.
export { CALL_PARTS, needsPart, SUPPORT_EXPORTS } from "./call/support.js";
export { DEFAULT_MAX_PAGES } from "./paging/page-limit.js";
export { DEFAULT_REPLY_BYTES } from "./http/read-body.js";
export { FORMAT_MAX_LENGTH, isValueFormat, matchesFormat } from "./spec/formats.js";
export { PAGE_INPUTS } from "./validate/page-inputs.js";
export { SECRET_MIN_LENGTH, isAbsent } from "./validate/validate-params.js";
export { SHORT_SECRET_MIN_LENGTH } from "./common/redact.js";
export { authParams, authSlots, authWays, wayCredentials, wayParams } from "./http/credentials.js";
export { callOf, descriptionOf } from "./spec/tool-description.js";
export { checkValue } from "./validate/full-check.js";
export { patternTest } from "./validate/linear-patterns.js";
export { backtracks, collapsedRepeats } from "./validate/backtracking.js";
export { cloneJson } from "./common/clone.js";
export { holdsNestedSecret } from "./validate/nested-secrets.js";
export { MAX_NESTING, NESTING_RULE, shownPath, tooDeep } from "./common/nesting.js";
export { defined, entryOf, fieldOf, itemAt } from "./common/checked.js";
export {
  deprecationSentence,
  pollingSentence,
  ruleParams,
  ruleSentence,
  withRuleSentences,
  withSentences,
} from "./llm/wording.js";
export { paramTuple, tupleWords } from "./llm/nested-schema.js";
export { envVariableName } from "./client/env-name.js";
export { connectionParams } from "./spec/connection-params.js";
export { flowParams, oauthParams } from "./oauth/flow-params.js";
export { formatExpression, formatPointer, parseExpression, parsePointer } from "./http/expressions.js";
export { hostPatternProblem, isLoopback, matchesHost, providerHosts } from "./http/hosts.js";
export { isMultipleOf, multipleNear } from "./validate/number-rules.js";
export { boundedPattern, listedValues } from "./validate/rule-words.js";
export { joinsSlash, linkValueProblem } from "./http/path-link.js";
export { ownValue, setOwn } from "./common/own.js";
export { textAfter, textBefore } from "./common/text-after.js";
export { tokenUrlPlaceholders } from "./oauth/token-url.js";
export { toolBehavior } from "./spec/behavior.js";
export { collectReferences, parseTemplate } from "./workflow/references.js";
