// A block's result as the run keeps and shows it (its result, its events, a durable run's journal): the secrets its
// reply hands out (outputs marked `secret`) withheld, at their place and wherever else its outputs hold them. The
// blocks that reference them read the result as the call gave it (run.ts keeps both).
import { handedSecrets, secretOutputPaths, withheldOutputs } from "../common/secret-outputs.js";
import { redactDeep } from "../common/redact.js";
import { readPath } from "./references.js";
import { ownValue } from "../common/own.js";
import type { ToolSpec } from "../spec/tool-types.js";
import type { BlockResult, Registry } from "./types.js";

/** The texts of the secret outputs a run's replies handed out so far (common/secret-outputs.ts handedSecrets). */
export interface Handed {
  texts: string[];
  numbers: string[];
}

export function keptResult(
  registry: Registry,
  result: BlockResult,
  handed: Handed = { texts: [], numbers: [] },
): BlockResult {
  const tool = ownValue(registry.tools, result.operation) as ToolSpec | undefined;
  // The run's secret outputs so far, each block's added as it finishes: a later block given one that failed echoing
  // it (its refusal quoting the value) is kept with it redacted too. A secret number is withheld by its place, looked
  // for in texts only: a later block's count equal to it is that count.
  if (tool && result.outputs !== undefined) {
    const found = handedSecrets(tool, result.outputs);
    handed.texts.push(...found.texts);
    handed.numbers.push(...found.numbers);
  }
  const outputs =
    tool && result.outputs !== undefined
      ? withheldOutputs(tool, { success: true, output: result.outputs }, handed.texts, handed.numbers).output
      : result.outputs;
  if (!handed.texts.length && !handed.numbers.length && outputs === result.outputs) return result;
  const whole = outputs === undefined ? result : { ...result, outputs };
  return redactDeep(redactDeep(whole, handed.texts), handed.numbers, false);
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
  const read = { ...journaled, outputs };
  withheld.set(read, paths);
  return read;
}

/** The secret outputs a resumed run's result lacks (resumedResult), by the result its references read. */
const withheld = new WeakMap<BlockResult, readonly string[]>();

/**
 * Why a reference to `path` of `result` finds nothing when it is a secret output the journal never held (its path,
 * or one inside it): the reason and what to do; undefined for any other reference.
 */
export function withheldReason(result: BlockResult | undefined, block: string, path: string): string | undefined {
  const paths = result ? withheld.get(result) : undefined;
  const secret = paths?.find((p) => path === p || path.startsWith(`${p}.`));
  if (secret === undefined) return undefined;
  return (
    `${block}.${secret} is a secret ${block}'s reply handed out, which the run's record never keeps, so a resumed ` +
    `run cannot send it (${block} is not called again); start the workflow anew for ${block} to hand out another, ` +
    "or give the value from an environment variable ({{NAME}})"
  );
}
