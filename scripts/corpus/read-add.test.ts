// add exits 1 when its own final check finds that generate would refuse the draft (the draft is written): the corpus
// records that check's problems as the step's errors, as it did when add exited 0 with them; any other failure its
// error lines.
import { describe, expect, it } from "vitest";
import type { StepRun } from "./steps.js";
import { readAdd } from "./vendor.js";

const run = (exit: number, stdout: string, stderr = ""): StepRun => ({
  exit,
  wallMs: 10,
  peakMiB: undefined,
  stdout,
  stderr,
  timedOut: false,
  killed: false,
});

describe("the corpus's reading of add", () => {
  it("names the check's problems when add exits 1 on a draft generate would refuse", () => {
    const stdout =
      "add zq: wrote specs/zq/\n  check:    generate will stop on 1 problem:\n" +
      "            specs/zq/manifest.yaml:9:7: operations.zq_put.params.level: enum (none) is looser [BW2006]\n";
    expect(readAdd(run(1, stdout))).toEqual({
      summary: "generate will stop on 1 problem",
      errors: ["specs/zq/manifest.yaml:9:7: operations.zq_put.params.level: enum (none) is looser [BW2006]"],
    });
    expect(readAdd(run(1, "", "add: read zq.json\nblockwright add: zq.example could not be fetched\n"))).toEqual({
      summary: "failed",
      errors: ["blockwright add: zq.example could not be fetched"],
    });
  });
});
