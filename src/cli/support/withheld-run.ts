// What `run` says of the secrets the replies hand out (manifest output `secret`): the runner already withholds them
// from every result and progress event it gives (runtime/workflow/kept-result.ts: masked at their place, their text
// redacted from a later block's failure that echoes it); run names each block's once on stderr, as `call` does.
import { REDACTED, secretOutputPaths, type ToolSpec } from "@blockwright/runtime/internal";
import type { BlockResult, RunEvent, RunResult } from "@blockwright/runtime/workflow";
import type { Output } from "./io.js";

export class WithheldRun {
  /** A line per block whose secret outputs were withheld, said once. */
  private readonly said = new Set<string>();

  constructor(
    private readonly tools: Readonly<Record<string, ToolSpec>>,
    private readonly notes: Output,
  ) {}

  /** A progress event as shown: a finished block's withheld outputs named. */
  event(event: RunEvent): RunEvent {
    if (event.type === "finish") this.name(event.result);
    return event;
  }

  /** The run's result as shown: every block's withheld outputs named. */
  run(result: RunResult): RunResult {
    for (const b of result.blocks) this.name(b);
    return result;
  }

  private name(b: BlockResult): void {
    const tool = this.tools[b.operation];
    if (!tool || !b.outputs) return;
    const shown = heldSecretPaths(tool, b.outputs);
    if (shown.length && !this.said.has(b.id)) {
      this.said.add(b.id);
      this.notes.write(`${b.id}: ${shown.join(", ")}: a secret (manifest output secret), shown as ${REDACTED}\n`);
    }
  }
}

/** The paths of a tool's secret outputs that `outputs` holds a value at (a reply may leave one out). */
export function heldSecretPaths(tool: ToolSpec, outputs: Record<string, unknown> | undefined): string[] {
  return secretOutputPaths(tool).filter((p) => readAt(outputs, p) !== undefined);
}

/** The value at an output's dotted path, if there is one. */
function readAt(outputs: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = outputs;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
