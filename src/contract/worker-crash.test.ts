// A case whose worker crashes (a throw nothing catches: Prism's handling of an answer header broke on a document's
// shape and ended the thread) failed the whole run with "internal error" (exit 70) and a minified stack trace. The
// case fails with what crashed, and the cases left run in a new worker.
import { describe, expect, it } from "vitest";
import { runInWorkers } from "./workers.js";
import { NOWHERE, plannedCase as planned } from "./__fixtures__/planned-cases.js";

describe("a worker that crashes under a case", () => {
  it("fails that case with what crashed and runs the rest in a new worker", async () => {
    const results = await runInWorkers([planned("zq-first"), planned("zq-zqcrash"), planned("zq-last")], {
      dirs: NOWHERE,
      seed: 1,
      runs: 1,
      workers: 1,
      workerModule: new URL("./__fixtures__/crashing-worker.ts", import.meta.url),
    });
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ["zq-first", "passed"],
      ["zq-zqcrash", "error"],
      ["zq-last", "passed"],
    ]);
    expect(results[1]?.message).toMatch(/^crashed while it ran: TypeError: Cannot read properties of null/);
  });
});
