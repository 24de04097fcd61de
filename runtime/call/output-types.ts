// Outputs held to their declared types at run time, on request (option
// `validateOutputs`): a reply whose mapped outputs are not what the block
// promises fails with the output, the rule and the value named, rather than
// reaching code that trusts the types. Absent and null outputs are the output
// mapping's to judge (MISSING_OUTPUT, `optional`), not this check's.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import type { OutputCall, OutputType } from "../spec/tool-types.js";
import { readOutputPath } from "./map-outputs.js";
import { redactThenCut } from "../common/outgoing-text.js";

/** Longest excerpt of a wrong value shown in the message. */
const SHOWN_CHARS = 80;

/**
 * The failure of the first output that is not of its declared type, if any (`status`: the reply's; `secrets`: redacted
 * from the excerpt before it is cut).
 */
export function outputTypeFailure(
  outputs: readonly OutputCall[],
  output: Record<string, unknown>,
  status: number,
  provider: string,
  secrets: readonly string[] = [],
): Failure | undefined {
  for (const spec of outputs) {
    const value = readOutputPath(output, spec.path);
    // Its type as an output's is named: json holds anything, a number is finite, bytes are a Uint8Array.
    const type: OutputType | string = Array.isArray(value)
      ? "array"
      : value instanceof Uint8Array
        ? "bytes"
        : typeof value;
    if (
      value === undefined ||
      value === null ||
      spec.type === "json" ||
      (type === spec.type && Number.isFinite(type === "number" ? value : 0))
    )
      continue;
    const shown = redactThenCut(JSON.stringify(value) ?? String(value), secrets, SHOWN_CHARS, false);
    return {
      type: "upstream",
      status,
      code: "INVALID_OUTPUT" satisfies RuntimeErrorCode,
      rule: "type",
      message:
        `${provider} answered ${status} with output ${spec.path} that must be ` +
        `${spec.type === "array" ? "an array" : `a ${spec.type}`}, got ` +
        `${type === "array" ? "an array" : typeof value} ${shown}`,
      details: { output: spec.path, rule: "type", expected: spec.type, value },
      retryable: false,
    };
  }
  return undefined;
}
