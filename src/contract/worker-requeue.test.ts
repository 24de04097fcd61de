// A case past the time limit ends its worker; the other cases under way there start again in a new worker, which
// for a whole large API first links and derives for minutes. The progress kept them "under way" since their first
// start, and named one as running for 789 s though it had not run since its worker ended: it is told they left.
import { describe, expect, it } from "vitest";
import { runInWorkers } from "./workers.js";
import { NOWHERE, plannedCase as planned } from "./__fixtures__/planned-cases.js";

describe("cases under way in a worker ended for another case", () => {
  it("are said to have left, then run in the new worker", async () => {
    const events: string[] = [];
    const results = await runInWorkers([planned("zq-zqstall"), planned("zq-waiting")], {
      dirs: NOWHERE,
      seed: 1,
      runs: 1,
      workers: 1,
      caseTimeLimitMs: 1000,
      onStart: (id) => events.push(`start ${id}`),
      onRequeue: (ids) => events.push(`requeue ${ids.join(",")}`),
      onResult: (r) => events.push(`${r.status} ${r.id}`),
      workerModule: new URL("./__fixtures__/stalling-worker.ts", import.meta.url),
    });
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ["zq-zqstall", "error"],
      ["zq-waiting", "passed"],
    ]);
    expect(events).toEqual([
      "start zq-zqstall",
      "start zq-waiting",
      "error zq-zqstall",
      "requeue zq-waiting",
      "start zq-waiting",
      "passed zq-waiting",
    ]);
  });
});
