// How deep a JSON or YAML value may nest: the runtime's one rule
// (runtime/common/nesting.ts), which the tools' arguments keep too. js-yaml
// holds every YAML and JSON file read to it (its maxDepth); tooDeep checks
// what arrives already parsed (--params, a report read back).
export { MAX_NESTING, NESTING_RULE, shownPath, tooDeep } from "@blockwright/runtime/internal/generate";
