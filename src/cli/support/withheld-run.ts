// What `run` prints and writes of a workflow's run (progress lines, the summary table, --json) without the secrets
// the replies hand out (manifest output `secret`), as `call` prints them: each such output masked at its place, and
// its text redacted wherever else it shows (a later block that was given it and failed, echoing the value). The
// blocks that reference it still get it: only what is shown is withheld.
import {
  REDACTED,
  redactDeep,
  secretOutputPaths,
  secretOutputTexts,
  type ToolSpec,
  withheldOutputs,
} from "@blockwright/runtime/internal";
import type { BlockResult, RunEvent, RunResult } from "@blockwright/runtime/workflow";
import type { Output } from "./io.js";

export class WithheldRun {
  /** The secret outputs' texts seen so far, from every block that finished. */
  private readonly texts: string[] = [];
  /** A line per block whose secret outputs were withheld, said once. */
  private readonly said = new Set<string>();

  constructor(
    private readonly tools: Readonly<Record<string, ToolSpec>>,
    private readonly notes: Output,
  ) {}

  /** A progress event as shown: a finished block's result withheld. */
  event(event: RunEvent): RunEvent {
    return event.type === "finish" ? { ...event, result: this.block(event.result) } : event;
  }

  /** The run's result as shown: every block's, each redacted of every block's secret outputs. */
  run(result: RunResult): RunResult {
    for (const b of result.blocks) this.learn(b);
    return { ...result, blocks: result.blocks.map((b) => this.block(b)) };
  }

  private learn(b: BlockResult): void {
    const tool = this.tools[b.operation];
    if (!tool || !b.outputs) return;
    this.texts.push(...secretOutputTexts(tool, b.outputs));
    const shown = heldSecretPaths(tool, b.outputs);
    if (shown.length && !this.said.has(b.id)) {
      this.said.add(b.id);
      this.notes.write(`${b.id}: ${shown.join(", ")}: a secret (manifest output secret), shown as ${REDACTED}\n`);
    }
  }

  private block(b: BlockResult): BlockResult {
    this.learn(b);
    const tool = this.tools[b.operation];
    const outputs = tool && b.outputs ? withheldOutputs(tool, b.outputs, this.texts) : b.outputs;
    return redactDeep({ ...b, ...(outputs ? { outputs } : {}) }, this.texts);
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
