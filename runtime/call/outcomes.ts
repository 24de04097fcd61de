// What a reply means beyond its status: a status the manifest maps to outputs
// (`outcomes`, such as a 404 read as "not found"), and a 2xx whose body says
// the call failed (`errors.failureWhen`). A part of the support (support.ts):
// a provider that declares neither bundles none of it.
import { evaluate, type ExpressionContext } from "../http/expressions.js";
import type { OutputSource, ToolCall } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["outcomes", "errors"] as const satisfies readonly (keyof ToolCall)[];

/**
 * The outputs of the outcome `status` is mapped to, each optional as the tool's output of its path is; undefined when
 * none is.
 */
function outcomeOutputs(
  tool: ToolCall,
  status: number,
): { path: string; source: OutputSource; optional?: boolean }[] | undefined {
  // Loops, not `find` and `some` with a closure: both run on every answer of a provider that declares outcomes.
  for (const outcome of tool.outcomes) {
    if (outcome.status === status)
      return outcome.outputs.map((o) => ({
        ...o,
        optional: tool.outputs.find((main) => main.path === o.path)?.optional,
      }));
  }
  return undefined;
}

/** Whether a 2xx reply's body says the call failed (`errors.failureWhen`). */
function failedReply(tool: ToolCall, ctx: ExpressionContext): boolean {
  // None declared (most): no empty list made to loop over on every answer.
  const tests = tool.errors.failureWhen;
  if (tests) for (const test of tests) if (evaluate(test.ref, ctx) === test.equals) return true;
  return false;
}

export const replyOutcomes = { outputs: outcomeOutputs, failed: failedReply };
