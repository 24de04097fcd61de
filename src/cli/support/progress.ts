// Progress while a workflow runs: a live status line per block on a
// terminal, plain lines otherwise; and the summary table at the end.
import { defined, itemAt } from "@blockwright/runtime/internal";
import {
  blockAction,
  type BlockResult,
  type RunEvent,
  type RunResult,
  type Workflow,
} from "@blockwright/runtime/workflow";
import { toolErrorText } from "../../serve/tool-error-text.js";
import type { Output } from "./io.js";

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const MARK: Record<string, string> = { succeeded: "✓", failed: "✗", skipped: "–", cancelled: "⊘" };

interface Line {
  id: string;
  name: string;
  state: "waiting" | "running" | BlockResult["status"];
  started?: number;
  detail?: string;
}

export interface Progress {
  onEvent(event: RunEvent): void;
  stop(): void;
}

export function createProgress(workflow: Workflow, stream: Output): Progress {
  return stream.isTTY ? new LiveProgress(workflow, stream) : new PlainProgress(stream);
}

class PlainProgress implements Progress {
  constructor(private readonly out: Output) {}
  onEvent(event: RunEvent): void {
    const time = new Date().toISOString().slice(11, 19);
    if (event.type === "start") this.out.write(`${time} ${event.id}: started (${blockAction(event.block)})\n`);
    else if (event.type === "poll") this.out.write(`${time} ${event.id}: job ${event.state}, poll ${event.polls}\n`);
    else this.out.write(`${time} ${event.id}: ${describe(event.result)}\n`);
  }
  stop(): void {}
}

class LiveProgress implements Progress {
  private readonly lines: Line[];
  private readonly timer: NodeJS.Timeout;
  private frame = 0;
  private drawn = 0;

  constructor(
    workflow: Workflow,
    private readonly out: Output,
  ) {
    this.lines = Object.entries(workflow.blocks).map(([id, b]) => ({ id, name: b.name, state: "waiting" }));
    this.timer = setInterval(() => this.draw(), 100);
    this.timer.unref();
    this.draw();
  }

  onEvent(event: RunEvent): void {
    const line = defined(
      this.lines.find((l) => l.id === event.id),
      `the line of block ${event.id}`,
    );
    if (event.type === "start") Object.assign(line, { state: "running", started: performance.now() });
    else if (event.type === "poll") line.detail = `job ${event.state}, poll ${event.polls}`;
    else Object.assign(line, { state: event.result.status, detail: describe(event.result) });
    this.draw();
  }

  stop(): void {
    clearInterval(this.timer);
    this.draw();
  }

  private draw(): void {
    this.frame++;
    const width = Math.max(...this.lines.map((l) => l.id.length));
    const nameWidth = Math.max(...this.lines.map((l) => l.name.length));
    const text = this.lines.map((l) => {
      const mark =
        l.state === "running" ? SPINNER[this.frame % SPINNER.length] : l.state === "waiting" ? "·" : MARK[l.state];
      const detail =
        l.state === "running"
          ? `${l.detail ?? "running"} ${((performance.now() - (l.started ?? 0)) / 1000).toFixed(1)} s`
          : l.state === "waiting"
            ? "waiting"
            : l.detail;
      return `\x1b[2K ${mark} ${l.id.padEnd(width)}  ${l.name.padEnd(nameWidth)}  ${detail ?? ""}`.slice(
        0,
        (this.out.columns || 120) + 4,
      );
    });
    this.out.write((this.drawn ? `\x1b[${this.drawn}A` : "") + text.join("\n") + "\n");
    this.drawn = text.length;
  }
}

function describe(result: BlockResult): string {
  switch (result.status) {
    case "succeeded":
      return (
        `succeeded in ${result.durationMs} ms` +
        `${result.polls ? ` after ${result.polls} poll${result.polls > 1 ? "s" : ""}` : ""}`
      );
    case "failed":
      // Worded as the table under it words it: the upstream's status and code, not its message alone.
      return `failed in ${result.durationMs} ms: ${result.error ? toolErrorText(result.error) : "unknown error"}`;
    case "skipped":
      return result.skippedBecause?.length ? `skipped: ${result.skippedBecause.join(", ")} did not succeed` : "skipped";
    case "cancelled":
      return result.startedAt ? `cancelled after ${result.durationMs} ms` : "cancelled before it started";
  }
}

/** The run as a readable table: block, operation, status, time, and what it produced or why it failed. */
export function summaryTable(result: RunResult, workflow: Workflow): string {
  const order = Object.keys(workflow.blocks);
  const rows = [...result.blocks]
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .map((b) => [
      b.id,
      b.operation,
      b.status,
      b.status === "skipped" || (b.status === "cancelled" && !b.startedAt) ? "" : `${b.durationMs} ms`,
      detailOf(b),
    ]);
  const header = ["block", "operation", "status", "time", "result"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => itemAt(r, i).length)));
  widths[4] = Math.min(itemAt(widths, 4), 70);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 4 ? truncate(c, itemAt(widths, 4)) : c.padEnd(itemAt(widths, i))))
      .join("  ")
      .trimEnd();
  const title =
    `${result.name ?? "workflow"}: ${result.status} in ${result.durationMs} ms (${count(result, "succeeded")} ` +
    `succeeded, ${count(result, "failed")} failed, ${count(result, "skipped")} ` +
    `skipped${count(result, "cancelled") ? `, ${count(result, "cancelled")} cancelled` : ""})`;
  return [title, "", line(header), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function count(result: RunResult, status: string): number {
  return result.blocks.filter((b) => b.status === status).length;
}

function detailOf(b: BlockResult): string {
  if (b.status === "failed") return b.error ? toolErrorText(b.error) : "error: ";
  if (b.status === "skipped") return `upstream ${(b.skippedBecause ?? []).join(", ")} did not succeed`;
  if (b.status === "cancelled")
    return b.startedAt ? "interrupted while running" : "not started: the run was interrupted";
  return summarise(b.outputs ?? {});
}

/** The scalar outputs (ids, counts, states) in one line. */
function summarise(outputs: Record<string, unknown>, prefix = ""): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(outputs)) {
    const name = prefix + key;
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) parts.push(`${name}: ${value.length} item${value.length === 1 ? "" : "s"}`);
    else if (typeof value === "object") {
      if (key === "metadata") parts.push(summarise(value as Record<string, unknown>, ""));
      else continue;
    } else parts.push(`${name}: ${truncate(String(value), 48)}`);
  }
  return parts.filter(Boolean).join(", ");
}

function truncate(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
