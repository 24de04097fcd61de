// Value checks with every part of the runtime's support (booleans, JSON parameters,
// formats, enums, patterns and lists, cross-field rules, files, a basic
// credential's user id, a link's value in a path, a text sent by reserved
// expansion): what the blockwright tools (generator, contract suite, workflow
// validation) check inputs with, through @blockwright/runtime/internal. A call
// checks with the parts its caller was given (validate-params.ts `validateInput`).
import { basicUserProblem } from "../http/credentials.js";
import { linkProblem } from "../http/path-link.js";
import { formatProblem } from "../spec/formats.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { checkRules } from "./cross-field-rules.js";
import { checkJson } from "./json-params.js";
import { fileValues } from "./file-values.js";
import { stringRules } from "./string-rules.js";
import { numberRules } from "./number-rules.js";
import { paramUnions } from "./param-unions.js";
import { linearPatterns } from "./linear-patterns.js";
import { reservedTriplesProblem } from "./reserved-triples.js";
import {
  booleanValue,
  type Checked,
  checkValueWith,
  type Validated,
  type ValueSupport,
  validateInput,
} from "./validate-params.js";

export const VALUE_SUPPORT: Required<ValueSupport> = {
  boolean: booleanValue,
  json: checkJson,
  formats: formatProblem,
  rules: checkRules,
  files: { fileValues },
  strings: stringRules,
  numbers: numberRules,
  unions: paramUnions,
  credentials: { userProblem: basicUserProblem },
  form: { linkProblem, reservedTriplesProblem },
  patterns: linearPatterns,
};

/** validateInput with every check. */
export function validateParams(tool: ToolCall, input: Record<string, unknown>): Validated {
  return validateInput(tool, input, VALUE_SUPPORT);
}

/**
 * Check and normalise one given (non-empty) value, every check included; `tool` tells where else (routes) the value may
 * be placed.
 */
export function checkValue(spec: ParamCall, raw: unknown, tool?: Pick<ToolCall, "routes" | "auth">): Checked {
  return checkValueWith(spec, raw, VALUE_SUPPORT, tool);
}
