// Live progress: a status line redrawn in place on a terminal, plain lines
// elsewhere, with a clock and a timer the test drives.
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../../contract/run.js";
import { PLAIN_EVERY_MS, startProgress } from "./test-progress.js";

function result(provider: string, n: number, status: CaseResult["status"] = "passed"): CaseResult {
  return {
    id: `${provider}_op › example › ${n}`,
    provider,
    operation: `${provider}_op`,
    kind: "example",
    name: String(n),
    status,
    durationMs: 1,
    source: { document: "manifest", path: [] },
    statuses: [],
  };
}

function harness(isTTY: boolean, columns = 200) {
  let out = "";
  let now = 0;
  const ticks: (() => void)[] = [];
  let cancelled = false;
  const planned = [
    ...Array.from({ length: 3 }, (_, i) => result("books", i)),
    ...Array.from({ length: 2 }, (_, i) => result("crm", i)),
  ];
  const progress = startProgress({ write: (t: string) => (out += t), isTTY, columns }, planned, {
    elapsed: () => now,
    every: (_ms, tick) => {
      ticks.push(tick);
      return () => void (cancelled = true);
    },
  });
  return {
    progress,
    out: () => out,
    at: (ms: number) => {
      now = ms;
      for (const t of ticks) t();
    },
    cancelled: () => cancelled,
  };
}

describe("test progress", () => {
  it(
    "on a terminal: one line redrawn in place with counts per provider and the time, " +
      "each failure named above it, cleared at the end",
    () => {
      const h = harness(true);
      expect(h.out()).toBe("\r\u001b[2K0/5 cases, 0.0 s  books 0/3 · crm 0/2");
      h.progress.onResult(result("books", 0));
      h.progress.onResult(result("crm", 1, "failed"));
      h.at(1500);
      const lines = h.out().split("\r\u001b[2K");
      expect(lines).toContain("✗ crm crm_op › example › 1\n");
      expect(lines.at(-1)).toBe("2/5 cases, 1 failed, 1.5 s  books 1/3 · crm 1/2 ✗1");
      h.progress.stop();
      expect(h.out().endsWith("\r\u001b[2K")).toBe(true);
      expect(h.cancelled()).toBe(true);
      h.progress.onResult(result("books", 1));
      h.at(3000);
      expect(h.out().endsWith("\r\u001b[2K")).toBe(true);
    },
  );

  it("on a terminal: a case that could not run has its own mark, above the line and in its count", () => {
    const h = harness(true);
    h.progress.onResult(result("crm", 0, "error"));
    h.progress.onResult(result("crm", 1, "failed"));
    h.progress.onResult(result("books", 0, "error"));
    h.at(1000);
    const lines = h.out().split("\r\u001b[2K");
    expect(lines).toContain("⚠ crm crm_op › example › 0\n");
    expect(lines).toContain("✗ crm crm_op › example › 1\n");
    expect(lines.at(-1)).toBe("3/5 cases, 1 failed, 2 could not run, 1.0 s  books 1/3 ⚠1 · crm 2/2 ✗1 ⚠1");
  });

  it("a terminal that tells no width (0) is taken as 80 columns; a longer line is cut with an ellipsis", () => {
    const h = harness(true, 0);
    expect(h.out()).toBe("\r\u001b[2K0/5 cases, 0.0 s  books 0/3 · crm 0/2");
    const narrow = harness(true, 20);
    expect(narrow.out()).toBe("\r\u001b[2K0/5 cases, 0.0 s  …");
  });

  it(
    "elsewhere: a line at the first second, one when a provider is done, and one every so often while nothing " +
      "finishes; no control characters",
    () => {
      const h = harness(false);
      expect(h.out()).toBe("");
      h.at(1000);
      expect(h.out()).toBe("blockwright test: 0/5 cases, 0 under way, 1.0 s\n");
      h.progress.onResult(result("crm", 0));
      h.at(2000);
      h.progress.onResult(result("crm", 1, "error"));
      expect(h.out().split("\n").at(-2)).toBe("blockwright test: crm: 2 cases done, 0 failed, 1 could not run, 2.0 s");
      h.at(2000 + PLAIN_EVERY_MS - 1);
      expect(h.out().split("\n")).toHaveLength(3);
      h.at(2000 + PLAIN_EVERY_MS);
      expect(h.out().split("\n").at(-2)).toBe(
        `blockwright test: 2/5 cases, 1 could not run, 0 under way, ${((2000 + PLAIN_EVERY_MS) / 1000).toFixed(1)} s`,
      );
      expect(h.out().includes("\r") || h.out().includes("\u001b")).toBe(false);
    },
  );

  it("elsewhere, while one case runs and none finishes: a line every 10 s naming it and how long it has run", () => {
    const h = harness(false);
    h.progress.onStart("books_op › property › slow\u001b[2J");
    const lines: string[] = [];
    for (let ms = 1000; ms <= 4 * PLAIN_EVERY_MS; ms += 1000) {
      h.at(ms);
      lines.push(...h.out().split("\n").filter(Boolean).slice(lines.length));
    }
    expect(lines).toEqual([
      "blockwright test: 0/5 cases, 1 under way, 1.0 s",
      `blockwright test: 0/5 cases, 1 under way, ${(1 + PLAIN_EVERY_MS / 1000).toFixed(1)} s; ` +
        `running books_op › property › slow?[2J for ${1 + PLAIN_EVERY_MS / 1000} s`,
      `blockwright test: 0/5 cases, 1 under way, ${(1 + (2 * PLAIN_EVERY_MS) / 1000).toFixed(1)} s; ` +
        `running books_op › property › slow?[2J for ${1 + (2 * PLAIN_EVERY_MS) / 1000} s`,
      `blockwright test: 0/5 cases, 1 under way, ${(1 + (3 * PLAIN_EVERY_MS) / 1000).toFixed(1)} s; ` +
        `running books_op › property › slow?[2J for ${1 + (3 * PLAIN_EVERY_MS) / 1000} s`,
    ]);
  });

  it("a case whose worker was ended for another is no longer under way, nor named, until it starts again", () => {
    const h = harness(false);
    h.progress.onStart("books_op › property › first");
    h.at(1000);
    h.progress.onStart("books_op › property › left");
    h.at(2000);
    h.progress.onRequeue(["books_op › property › first"]);
    h.at(1000 + PLAIN_EVERY_MS);
    expect(h.out().split("\n").filter(Boolean).at(-1)).toBe(
      `blockwright test: 0/5 cases, 1 under way, ${(1 + PLAIN_EVERY_MS / 1000).toFixed(1)} s; ` +
        `running books_op › property › left for ${PLAIN_EVERY_MS / 1000} s`,
    );
    h.progress.onStart("books_op › property › first");
    h.at(1000 + 2 * PLAIN_EVERY_MS);
    expect(h.out().split("\n").filter(Boolean).at(-1)).toBe(
      `blockwright test: 0/5 cases, 2 under way, ${(1 + (2 * PLAIN_EVERY_MS) / 1000).toFixed(1)} s; ` +
        `running books_op › property › left for ${(2 * PLAIN_EVERY_MS) / 1000} s`,
    );
  });
});
