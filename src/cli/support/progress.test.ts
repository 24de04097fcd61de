// Progress rendering: live status lines on a terminal, plain lines
// elsewhere, and the summary table.
import { describe, expect, it } from "vitest";
import type { BlockResult, RunResult, Workflow } from "@blockwright/runtime/workflow";
import { createProgress, summaryTable } from "./progress.js";

const workflow: Workflow = {
  name: "Demo",
  blocks: {
    search: { type: "books", name: "Search books", inputs: { operation: "books_search_volumes" } },
    wait: { type: "docgen", name: "Wait for the job", inputs: { operation: "docgen_check_status" } },
    after: { type: "books", name: "After", inputs: { operation: "books_get_volume" } },
  },
};

const ok: BlockResult = {
  id: "search",
  name: "Search books",
  type: "books",
  operation: "books_search_volumes",
  status: "succeeded",
  durationMs: 42,
  outputs: { data: [1, 2], metadata: { count: 2, totalItems: 1873 } },
};
const failed: BlockResult = {
  id: "wait",
  name: "Wait for the job",
  type: "docgen",
  operation: "docgen_check_status",
  status: "failed",
  durationMs: 150,
  polls: 3,
  error: {
    type: "timeout",
    provider: "docgen",
    operation: "docgen_check_status",
    message: "the job was still pending after 150 ms of polling",
  },
};
const skipped: BlockResult = {
  id: "after",
  name: "After",
  type: "books",
  operation: "books_get_volume",
  status: "skipped",
  durationMs: 0,
  skippedBecause: ["wait"],
};

function stream(isTTY: boolean) {
  let text = "";
  return {
    out: {
      isTTY,
      columns: 100,
      write: (chunk: string) => {
        text += chunk;
        return true;
      },
    } as unknown as NodeJS.WriteStream,
    text: () => text,
  };
}

describe("progress", () => {
  it("redraws one status line per block on a terminal", () => {
    const s = stream(true);
    const progress = createProgress(workflow, s.out);
    progress.onEvent({ type: "start", id: "search", block: workflow.blocks.search! });
    progress.onEvent({ type: "finish", id: "search", result: ok });
    progress.onEvent({ type: "start", id: "wait", block: workflow.blocks.wait! });
    progress.onEvent({ type: "poll", id: "wait", state: "pending", polls: 1 });
    progress.stop();
    const frames = s.text().split("\x1b[3A");
    expect(frames.length).toBeGreaterThan(3);
    const last = frames[frames.length - 1];
    expect(last).toMatch(/✓ search +Search books +succeeded in 42 ms/);
    expect(last).toMatch(/wait +Wait for the job +job pending, poll 1 \d+\.\d s/);
    expect(last).toMatch(/· after +After +waiting/);
  });

  it("prints plain lines elsewhere", () => {
    const s = stream(false);
    const progress = createProgress(workflow, s.out);
    progress.onEvent({ type: "start", id: "search", block: workflow.blocks.search! });
    progress.onEvent({ type: "finish", id: "wait", result: failed });
    progress.onEvent({ type: "finish", id: "after", result: skipped });
    progress.stop();
    const lines = s
      .text()
      .trim()
      .split("\n")
      .map((l) => l.slice(9));
    expect(lines).toEqual([
      "search: started (books_search_volumes)",
      "wait: failed in 150 ms: timeout: the job was still pending after 150 ms of polling",
      "after: skipped: wait did not succeed",
    ]);
    expect(s.text()).not.toContain("\x1b[");
  });

  it("names a failure's upstream status and code on its line, as the table does", () => {
    const s = stream(false);
    const progress = createProgress(workflow, s.out);
    const error = { type: "upstream", status: 502, code: "ZqBroke", message: "upstream broke" } as const;
    progress.onEvent({
      type: "finish",
      id: "search",
      result: { ...ok, status: "failed", durationMs: 1463, error: { ...error, provider: "books", operation: "x" } },
    });
    progress.stop();
    expect(s.text().trim().slice(9)).toBe("search: failed in 1463 ms: upstream 502 ZqBroke: upstream broke");
  });
});

describe("summaryTable", () => {
  it("lists every block in workflow order with status, time and result", () => {
    const result: RunResult = {
      name: "Demo",
      status: "failed",
      durationMs: 210,
      blocks: [ok, failed, skipped],
      placeholders: [],
    };
    expect(summaryTable(result, workflow)).toBe(
      [
        "Demo: failed in 210 ms (1 succeeded, 1 failed, 1 skipped)",
        "",
        "block   operation             status     time    result",
        "──────  ────────────────────  ─────────  ──────  ──────────────────────────────────────────────────────────",
        "search  books_search_volumes  succeeded  42 ms   data: 2 items, count: 2, totalItems: 1873",
        "wait    docgen_check_status   failed     150 ms  timeout: the job was still pending after 150 ms of polling",
        "after   books_get_volume      skipped            upstream wait did not succeed",
      ].join("\n"),
    );
  });
});

describe("batch progress (generate, diff)", () => {
  const io = (isTTY: boolean) => {
    const s = stream(isTTY);
    return { s, io: { stdout: s.out, stderr: s.out, env: {}, cwd: ".", interrupted: new Promise<void>(() => {}) } };
  };

  it("redraws one line on a terminal and clears it at the end", async () => {
    const { startBatch } = await import("./batch.js");
    const { s, io: cliIo } = io(true);
    const batch = startBatch(cliIo, "generate");
    batch.onProvider(0, 3, "books");
    batch.end();
    expect(s.text()).toBe("\r\x1b[2Kgenerate: 0/3 providers, linking books\r\x1b[2K");
  });

  it("writes a line at the start elsewhere, and stops when interrupted", async () => {
    const { startBatch } = await import("./batch.js");
    const { s, io: cliIo } = io(false);
    let interrupt!: () => void;
    const batch = startBatch({ ...cliIo, interrupted: new Promise<void>((r) => (interrupt = r)) }, "diff");
    batch.onProvider(0, 2, "books");
    batch.onProvider(1, 2, "crm");
    expect(s.text()).toBe("diff: 2 providers to link…\n");
    interrupt();
    await new Promise((r) => setImmediate(r));
    expect(batch.signal.aborted).toBe(true);
  });

  it("sets the signal handlers aside for a large document's synchronous steps, and back after them", async () => {
    const { startBatch } = await import("./batch.js");
    const { KillableStretch } = await import("../../common/killable-stretch.js");
    const calls: string[] = [];
    // Told, not done: the test's own process keeps its handlers.
    class Told extends KillableStretch {
      override enter() {
        calls.push("enter");
      }
      override leave() {
        calls.push("leave");
      }
    }
    const { io: cliIo } = io(false);
    const batch = startBatch({ ...cliIo, stretch: new Told() }, "generate");
    batch.onProvider(0, 2, "zqbig");
    batch.onStep("zqbig", "reading specs/zqbig/openapi.yaml (55.2 MB)");
    batch.onStep("zqbig", "checking its examples", true);
    batch.onStep("zqbig", "linking its 22,364 operations");
    batch.onStep("zqbig", "making its files");
    batch.onProvider(1, 2, "zqsmall");
    batch.end();
    expect(calls).toEqual(["leave", "enter", "leave", "enter", "enter", "leave", "leave"]);
  });
});
