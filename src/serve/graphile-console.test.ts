// graphile-worker's own console calls, made from a module at a path of its package (a scratch copy under a temporary
// folder, as npm installs it), said as serve's one-line log; any other code's console untouched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { holdGraphileConsole, saidAlready } from "./graphile-console.js";

// In the run's folder: a `-t` that skips every test here skips the afterAll that removes it.
const scratch = mkdtempSync(join(runScratch(), "zq-graphile-console-"));
const dist = join(scratch, "node_modules", "graphile-worker", "dist");
mkdirSync(dist, { recursive: true });
writeFileSync(
  join(dist, "zq-calls.cjs"),
  [
    "exports.workerExited = (error) => console.trace(error);",
    'exports.retriesSpent = (error) => console.error("Retried 10 times, and still failed:", error);',
    "exports.warned = () => console.warn(\"Task 'zq' has invalid return value\");",
  ].join("\n"),
);
const graphile = createRequire(import.meta.url)(join(dist, "zq-calls.cjs")) as {
  workerExited(error: Error): void;
  retriesSpent(error: Error): void;
  warned(): void;
};
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function spied() {
  return {
    trace: vi.spyOn(console, "trace").mockImplementation(() => undefined),
    error: vi.spyOn(console, "error").mockImplementation(() => undefined),
    warn: vi.spyOn(console, "warn").mockImplementation(() => undefined),
  };
}

describe("graphile-worker's own console calls while a Postgres engine holds the console", () => {
  it("are said as one line each of serve's log, an error by its message, with no stack trace", () => {
    const consoles = spied();
    const log: string[] = [];
    const release = holdGraphileConsole((line) => log.push(line));
    try {
      const lost = Object.assign(new Error("zq: terminating connection\ndue to administrator command"), {
        code: "57P01",
      });
      graphile.workerExited(lost);
      graphile.retriesSpent(lost);
      graphile.warned();
    } finally {
      release();
    }
    expect(log).toEqual([
      "runs: graphile-worker said: Error: zq: terminating connection due to administrator command",
      "runs: graphile-worker said: Retried 10 times, and still failed: Error: zq: terminating connection due to " +
        "administrator command",
      "runs: graphile-worker said: Task 'zq' has invalid return value",
    ]);
    expect(log.join("\n")).not.toMatch(/\n\s+at /);
    expect(consoles.trace).not.toHaveBeenCalled();
    expect(consoles.error).not.toHaveBeenCalled();
    expect(consoles.warn).not.toHaveBeenCalled();
  });

  it("leave out a worker's end the runners said already", () => {
    spied();
    const log: string[] = [];
    const release = holdGraphileConsole((line) => log.push(line));
    try {
      const ended = new Error("zq: connect ECONNREFUSED");
      saidAlready(ended);
      graphile.workerExited(ended);
    } finally {
      release();
    }
    expect(log).toEqual([]);
  });

  it("leave any other code's console as it was, and the console is given back as the last holder lets go", () => {
    const consoles = spied();
    const first: string[] = [];
    const second: string[] = [];
    const releaseFirst = holdGraphileConsole((line) => first.push(line));
    const releaseSecond = holdGraphileConsole((line) => second.push(line));
    console.error("zq: our own line");
    expect(consoles.error).toHaveBeenCalledWith("zq: our own line");
    releaseFirst();
    graphile.warned();
    expect([first, second]).toEqual([[], ["runs: graphile-worker said: Task 'zq' has invalid return value"]]);
    expect(console.warn).not.toBe(consoles.warn);
    releaseSecond();
    expect(console.warn).toBe(consoles.warn);
    graphile.warned();
    expect(consoles.warn).toHaveBeenCalledWith("Task 'zq' has invalid return value");
  });

  it("leave a method another replaced while held as it was given back", () => {
    spied();
    const release = holdGraphileConsole(() => undefined);
    // A plain replacement: the spy afterEach restores puts the console's own back over it.
    const later = () => undefined;
    console.error = later;
    release();
    expect(console.error).toBe(later);
  });
});
