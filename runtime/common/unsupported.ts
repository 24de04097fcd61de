// The problem of a tool that needs a part of the runtime's support
// (call/support.ts) its caller was made without: named with the export to pass.
import type { Issue } from "./issue.js";

/** The names under which @blockwright/runtime exports each part. */
export const SUPPORT_EXPORTS = {
  rules: "ruleChecks",
  json: "jsonParams",
  boolean: "booleanValues",
  formats: "valueFormats",
  form: "formEncoding",
  links: "pageLinks",
  cursors: "pageCursors",
  oauth: "oauthFlows",
  files: "fileSupport",
  requestSize: "requestSizeCheck",
  bodies: "requestBodies",
  strings: "stringRules",
  numbers: "numberRules",
  unions: "paramUnions",
  writes: "writeSafety",
  credentials: "credentialKinds",
  signing: "requestSigning",
  waits: "rateLimitWaits",
  problems: "problemDetails",
  addresses: "instanceAddresses",
  routes: "valueRoutes",
  constants: "wireConstants",
  outcomes: "replyOutcomes",
  patterns: "linearPatterns",
  secretLists: "secretTexts",
  nestedSecrets: "nestedSecrets",
  csv: "csvRecords",
} as const;

/**
 * The problem of a call whose tool needs a part the support it was given lacks, found where the part is used:
 * a caller whose parts are chosen by hand is refused before (support.ts `missingPart`, with what the part does
 * and where it comes from), and a generated package is given its tools' parts, so this is met only by a tool
 * changed after the package was made; it names the part, and carries none of the longer texts into a package.
 */
export function lacks(part: keyof typeof SUPPORT_EXPORTS, param?: string): Issue {
  return {
    ...(param !== undefined ? { param } : {}),
    rule: "support",
    message: `${param !== undefined ? `${param}: ` : ""}needs the runtime's ${part} support, which this call lacks`,
  };
}

/** The problem of a tool that needs a part its caller was made without. */
export function unsupported(part: keyof typeof SUPPORT_EXPORTS, what: string, param?: string): Issue {
  const name = SUPPORT_EXPORTS[part];
  return {
    ...(param !== undefined ? { param } : {}),
    rule: "support",
    message:
      `${param !== undefined ? `${param}: ` : ""}${what} needs the runtime's ${name}, ` +
      `which this caller was made without (pass ${part}: ${name} from @blockwright/runtime to createExecutor)`,
  };
}
