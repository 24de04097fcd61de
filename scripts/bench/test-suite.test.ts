import { describe, expect, it } from "vitest";
import { cpuByProject, fileCpu, fileDurations } from "./test-suite.js";

describe("fileDurations (npm run bench -- tests)", () => {
  it("gives each file's seconds from start to end and its tests' own, slowest first, named from the root", () => {
    const report = {
      numTotalTests: 3,
      numFailedTests: 0,
      testResults: [
        {
          name: "/zqroot/src/a.test.ts",
          startTime: 1000,
          endTime: 3500,
          assertionResults: [{ duration: 1000 }, { duration: null }],
        },
        { name: "/zqroot/src/b.test.ts", startTime: 0, endTime: 9000, assertionResults: [{ duration: 4000 }] },
        { name: "/elsewhere/c.test.ts", startTime: 0, endTime: 0, assertionResults: [] },
      ],
    };
    expect(fileDurations(report, "/zqroot")).toEqual([
      { file: "src/b.test.ts", seconds: 9, testsSeconds: 4 },
      { file: "src/a.test.ts", seconds: 2.5, testsSeconds: 1 },
      { file: "/elsewhere/c.test.ts", seconds: 0, testsSeconds: 0 },
    ]);
  });
});

describe("fileCpu (npm run bench -- tests)", () => {
  it("sums each file's CPU over its lines (a file of two projects), most first, named from the root", () => {
    const log =
      "1.50\t/zqroot/src/a.test.ts\n4.00\t/zqroot/src/b.test.ts\n0.75\t/zqroot/src/a.test.ts\n\n" +
      "0.10\t/elsewhere/c.test.ts\n";
    expect(fileCpu(log, "/zqroot/")).toEqual(fileCpu(log, "/zqroot"));
    expect(fileCpu(log, "/zqroot")).toEqual([
      { file: "src/b.test.ts", cpu: 4 },
      { file: "src/a.test.ts", cpu: 2.25 },
      { file: "/elsewhere/c.test.ts", cpu: 0.1 },
    ]);
  });
});

describe("cpuByProject (npm run bench -- tests)", () => {
  it(
    "splits the run's CPU into the main project's files (the copy's global set-up among them), " +
      "the packages project, and the rest",
    () => {
      const files = [
        { file: "contract-tests/neutral/more-providers.test.ts", cpu: 1 },
        { file: "test-support/global-setup.ts", cpu: 2 },
        { file: "contract-tests/packages/global-setup.ts", cpu: 6 },
        { file: "contract-tests/packages/zq.test.ts", cpu: 10 },
        { file: "src/zq.test.ts", cpu: 50 },
        { file: "runtime/zq.test.ts", cpu: 4 },
      ];
      expect(cpuByProject(files, 88)).toEqual({ main: 57, packages: 16, vitest: 15 });
    },
  );
});
