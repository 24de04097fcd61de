// Outputs held to their declared kinds at run time, on every call unless
// `validateOutputs: false`: a reply whose mapped outputs are not what the
// block promises (an `array` output given `{}`) fails with the output, the
// place it was read from, the kind expected and the kind found named (the
// value excerpted, the call's secrets redacted), rather than reaching code
// that trusts the types. Absent and null outputs are the output mapping's to
// judge (MISSING_OUTPUT, `optional`), not this check's.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import type { OutputCall, OutputSource, OutputType } from "../spec/tool-types.js";
import { expressionOf, readOutputPath } from "./map-outputs.js";
import { redactThenCut } from "../common/outgoing-text.js";

/** Longest excerpt of a wrong value shown in the message. */
const SHOWN_CHARS = 80;

/**
 * The failure of the first output that is not of its declared type, if any (`status`: the reply's; `secrets`: redacted
 * from the excerpt before it is cut; `read`: the sources the outputs were mapped by, an outcome's own where the status
 * is one).
 */
export function outputTypeFailure(
  outputs: readonly OutputCall[],
  output: Record<string, unknown>,
  status: number,
  provider: string,
  secrets: readonly string[] = [],
  read: readonly { path: string; source: OutputSource }[] = outputs,
): Failure | undefined {
  for (const spec of outputs) {
    if (spec.type === "json") continue;
    const value = readOutputPath(output, spec.path);
    // Its type as an output's is named: json holds anything, a number is finite, bytes are a Uint8Array.
    const type: OutputType | string = Array.isArray(value)
      ? "array"
      : value instanceof Uint8Array
        ? "bytes"
        : typeof value;
    if (value === undefined || value === null || (type === spec.type && Number.isFinite(type === "number" ? value : 0)))
      continue;
    const shown = redactThenCut(JSON.stringify(value) ?? String(value), secrets, SHOWN_CHARS, false);
    const source = read.find((o) => o.path === spec.path)?.source ?? spec.source;
    const place = "value" in source ? "its constant" : expressionOf(source);
    return {
      type: "upstream",
      status,
      code: "INVALID_OUTPUT" satisfies RuntimeErrorCode,
      rule: "type",
      message:
        `${provider} answered ${status} with output ${spec.path} (read from ${place}) that must be ${spec.type}, got ` +
        `${type} ${shown}`,
      details: { output: spec.path, place, rule: "type", expected: spec.type, found: type, value },
      retryable: false,
    };
  }
  return undefined;
}
