// A block's result as the run keeps and shows it (its result, its events, a durable run's journal): the secrets its
// reply hands out (outputs marked `secret`) withheld, at their place and wherever else its outputs hold them. The
// blocks that reference them read the result as the call gave it (run.ts keeps both).
import { secretOutputPaths, secretOutputTexts, withheldOutputs } from "../common/secret-outputs.js";
import { redactDeep } from "../common/redact.js";
import { readPath } from "./references.js";
import { ownValue } from "../common/own.js";
import type { ToolSpec } from "../spec/tool-types.js";
import type { BlockResult, Registry } from "./types.js";

export function keptResult(registry: Registry, result: BlockResult, handed: string[] = []): BlockResult {
  const tool = ownValue(registry.tools, result.operation) as ToolSpec | undefined;
  // The run's secret outputs so far, each block's added as it finishes: a later block given one that failed echoing
  // it (its refusal quoting the value) is kept with it redacted too.
  if (tool && result.outputs !== undefined) handed.push(...secretOutputTexts(tool, result.outputs));
  const outputs =
    tool && result.outputs !== undefined
      ? withheldOutputs(tool, { success: true, output: result.outputs }, handed).output
      : result.outputs;
  if (!handed.length && outputs === result.outputs) return result;
  return redactDeep(outputs === undefined ? result : { ...result, outputs }, handed);
}

/**
 * A journaled block's result as a resumed run's references read it: its secret outputs absent, not `[redacted]`. The
 * journal never held them and the block is not called again, so a block referencing one fails before any request
 * (unresolved) rather than send the mask upstream as if it were the secret.
 */
export function resumedResult(registry: Registry, journaled: BlockResult): BlockResult {
  const tool = ownValue(registry.tools, journaled.operation) as ToolSpec | undefined;
  const paths = tool ? secretOutputPaths(tool) : [];
  if (!paths.length || journaled.outputs === undefined) return journaled;
  const outputs = structuredClone(journaled.outputs);
  for (const path of paths) {
    const keys = path.split(".");
    const parent = readPath(outputs, keys.slice(0, -1));
    if (parent !== null && typeof parent === "object")
      delete (parent as Record<string, unknown>)[keys.at(-1) as string];
  }
  return { ...journaled, outputs };
}
