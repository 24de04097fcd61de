// The run's plan made in its first worker: what the command's thread is told at each step, and the worker that
// planned running the first part of the cases (no second worker linking again). Fixture workers stand for the real
// one (__fixtures__/planning-worker.ts), on folders that do not exist.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NOWHERE, plannedCase, spinning } from "./__fixtures__/planned-cases.js";
import { planInWorker } from "./plan-worker.js";
import { runInWorkers } from "./workers.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const FIXTURE = new URL("./__fixtures__/planning-worker.ts", import.meta.url);

/** Aborted once the fixture worker says it computes without end (`dirs.root`.spinning), its messages before read. */
function abortedWhenSpinning(root: string): AbortSignal {
  const controller = new AbortController();
  const poll = setInterval(() => {
    if (!existsSync(spinning(root))) return;
    clearInterval(poll);
    setTimeout(() => controller.abort(), 100);
  }, 20);
  return controller.signal;
}

const tmp = mkdtempSync(join(runScratch(), "blockwright-plan-worker-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the run's plan made in a worker", () => {
  it("is interrupted in its link, or in its derivation once linked, however long the worker computes", async () => {
    for (const [provider, step] of [
      ["zqlinking", "linking the specs"],
      ["zqderiving", "deriving the cases"],
    ] as const) {
      const dirs = { ...NOWHERE, root: join(tmp, provider) };
      expect(await planInWorker(dirs, [provider], abortedWhenSpinning(dirs.root), FIXTURE)).toEqual({
        interrupted: step,
      });
    }
  });

  it("gives a project that cannot be tested as it is as its problem, in the worker's words", async () => {
    expect(await planInWorker(NOWHERE, ["zqstale"], new AbortController().signal, FIXTURE)).toEqual({
      problem: "generated/zqstale is out of date with its specs (zq_op): run blockwright generate",
    });
  });

  it("gives the planned cases, and its worker runs the first part of them", async () => {
    const plan = await planInWorker(NOWHERE, ["zqplan"], new AbortController().signal, FIXTURE);
    if (!("cases" in plan)) throw new Error(`not planned: ${JSON.stringify(plan)}`);
    expect(plan.cases).toEqual([plannedCase("zq-planned")]);
    const results = await runInWorkers(plan.cases, {
      dirs: NOWHERE,
      seed: 1,
      runs: 1,
      workers: 1,
      planner: plan.worker,
      workerModule: FIXTURE,
    });
    expect(results.map((r) => [r.id, r.status, r.name])).toEqual([["zq-planned", "passed", "by the planner"]]);
  });

  it("is ended when no part of the run is left for it", async () => {
    const plan = await planInWorker(NOWHERE, ["zqplan"], new AbortController().signal, FIXTURE);
    if (!("cases" in plan)) throw new Error(`not planned: ${JSON.stringify(plan)}`);
    const exited = new Promise<number>((resolve) => plan.worker.once("exit", resolve));
    expect(await runInWorkers([], { dirs: NOWHERE, seed: 1, runs: 1, workers: 1, planner: plan.worker })).toEqual([]);
    expect(typeof (await exited)).toBe("number");
  });
});
