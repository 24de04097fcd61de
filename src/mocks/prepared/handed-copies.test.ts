// A contract run's worker ended past a case's limit is started again in a new thread, which made its mock's whole copy
// of the document again (5.8–6.5 s of CPU of a whole published API's ~16 s restart): the run hands it the copy the
// first worker made, as bytes (handed-copies.ts), and the new worker's mock answers alike from it.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { linkedTool } from "../../../test-support/linked-tool.js";
import { manifest, openapi } from "./__fixtures__/zqcrate-subject.js";
import { plannedCase } from "../../contract/__fixtures__/planned-cases.js";
import { runInWorkers } from "../../contract/workers.js";
import { handedCopy, shareCopies } from "./handed-copies.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-handed-copies-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

await linkedTool(work, "zqcrate", openapi, manifest, "zqcrate_list");

describe("a mock's copy handed to a worker started again", () => {
  it("is made once in the run: the new worker's mock reads it and answers alike", async () => {
    const results = await runInWorkers([plannedCase("zq-zqstall"), plannedCase("zq-after")], {
      dirs: { root: work, specs: join(work, "specs"), out: join(work, "generated") },
      seed: 1,
      runs: 1,
      workers: 1,
      caseTimeLimitMs: 1000,
      workerModule: new URL("../../contract/__fixtures__/copying-worker.ts", import.meta.url),
    });
    expect(results.map((r) => [r.id, r.status, r.status === "passed" ? r.name : ""])).toEqual([
      ["zq-zqstall", "error", ""],
      ["zq-after", "passed", 'made 0, answered 200 {"crates":[]}'],
    ]);
  }, 120_000);

  it("is read only for what it was made of", () => {
    const copies = new Map<string, Uint8Array>();
    const told: string[] = [];
    shareCopies(copies, (key, bytes) => {
      told.push(key);
      copies.set(key, bytes);
    });
    try {
      const shared = { zq: 1 };
      const one = handedCopy({ zqName: "a" }, () => ({ a: shared, b: shared }));
      const again = handedCopy({ zqName: "a" }, () => ({ a: { zq: 2 }, b: { zq: 2 } }));
      const other = handedCopy({ zqName: "b" }, () => ({ a: { zq: 3 } }));
      expect([one, again, other]).toEqual([{ a: shared, b: shared }, { a: shared, b: shared }, { a: { zq: 3 } }]);
      // Read back as made: one object where the copy shared one.
      expect(again.a).toBe(again.b);
      expect(told).toHaveLength(2);
    } finally {
      shareCopies(new Map(), () => {});
    }
  });

  it("keeps the marks under the symbols named, and is not handed where the bytes would lose a part", () => {
    const copies = new Map<string, Uint8Array>();
    shareCopies(copies, (key, bytes) => copies.set(key, bytes));
    const ZQ = Symbol("zq kinds");
    const marked = () => {
      const union = { anyOf: [{ type: "object" }] };
      Object.defineProperty(union, ZQ, { value: { property: "zqKind" } });
      return { schema: union, again: union };
    };
    try {
      handedCopy({ zqName: "m" }, marked, [ZQ]);
      const read = handedCopy({ zqName: "m" }, () => ({ schema: {}, again: {} }), [ZQ]);
      expect((read.schema as { [ZQ]?: unknown })[ZQ]).toEqual({ property: "zqKind" });
      expect(read.again).toBe(read.schema);
      // Another symbol, a hidden key, an object of a class: made, not handed.
      const hidden = Object.defineProperty({}, "zqHidden", { value: 1 });
      for (const [i, lost] of [marked(), { zq: hidden }, { zq: new Date(0) }].entries()) {
        expect(handedCopy({ zqLost: i }, () => lost, [])).toBe(lost);
        expect(copies.size).toBe(1);
      }
    } finally {
      shareCopies(new Map(), () => {});
    }
  });
});
