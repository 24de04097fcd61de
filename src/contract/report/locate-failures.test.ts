// A SIGTERM while the reports were being assembled did not stop `blockwright test`: it went on finding the line of
// every failure, each of which may read a large document whole (a 57 MB one: 50 s on a loaded machine). The finding
// stops at the signal, the places found so far kept.
import { describe, expect, it } from "vitest";
import type { CaseResult } from "../run.js";
import type { Subject } from "../types.js";
import { locateFailures } from "./locate-failures.js";

const failed = (n: number): CaseResult => ({
  id: `zqshelf_op${n} › example › minimal input`,
  provider: "zqshelf",
  operation: `zqshelf_op${n}`,
  kind: "example",
  name: "minimal input",
  status: "failed",
  durationMs: 1,
  source: { document: "manifest", path: ["operations", `zqshelf_op${n}`] },
  statuses: [],
});

/** A provider whose manifest's every place takes `ms` of computing to find, as a large document's first one does. */
function slowSubject(ms: number, onLocate: (n: number) => void): Pick<Subject, "provider" | "document" | "manifest"> {
  let located = 0;
  return {
    provider: "zqshelf",
    document: undefined as unknown as Subject["document"],
    manifest: {
      file: "specs/zqshelf/manifest.yaml",
      data: {},
      text: "",
      locate: () => {
        const until = performance.now() + ms;
        while (performance.now() < until);
        onLocate(++located);
        return { file: "specs/zqshelf/manifest.yaml", line: located, col: 3 };
      },
    },
  };
}

describe("finding the lines of the failures", () => {
  it("finds every failure's line when not stopped", async () => {
    const results = [failed(1), failed(2), failed(3)];
    await locateFailures([slowSubject(0, () => {})], results, new AbortController().signal);
    expect(results.map((r) => r.at?.line)).toEqual([1, 2, 3]);
  });

  it("stops at a signal given while a place is being found: the places so far kept, no other looked for", async () => {
    const stop = new AbortController();
    const results = [failed(1), failed(2), failed(3), failed(4)];
    // The signal comes while the first place is found (its handler runs when the event loop next turns).
    const subject = slowSubject(80, (n) => n === 1 && setImmediate(() => stop.abort()));
    await locateFailures([subject], results, stop.signal);
    expect(results.map((r) => r.at?.line)).toEqual([1, undefined, undefined, undefined]);
  });

  it("looks for none once the run was interrupted", async () => {
    const stop = new AbortController();
    stop.abort();
    const results = [failed(1)];
    await locateFailures([slowSubject(0, () => {})], results, stop.signal);
    expect(results[0]?.at).toBeUndefined();
  });
});
