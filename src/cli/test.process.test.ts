// `blockwright test` as a process (the built bin/, as a user runs it): while
// a case is under way in its worker thread — a polling scenario whose job
// polls an hour apart, so it cannot end before the signal — SIGTERM stops it
// at once, with the report of what ran (marked interrupted) and exit 143.
// Markers, not sleeps: the signal goes when the progress line says a case is
// under way. The case waits rather than computes (a property of a million
// runs did the same job for ten seconds of both cores), and the other cases
// take one run per property.
//
// Ctrl-C takes the same path but for its exit status, and a second process
// (2 to 3 s of CPU: the command and its worker each load the generator and
// link) would prove nothing the faster tests do not: test-command.test.ts
// stops the command in-process ("stops on Ctrl-C": the report so far, exit
// 130), and process.test.ts shows a real SIGINT reaching a command's process
// (generate, run), through the same handler as SIGTERM (support/io.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, type Spawned, spawnCli, spawnCliHeldAt } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-test-process-"));
let dir = "";
/** The ids of the polling scenarios: pending → pending → each terminal state. */
let polling: string[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  // The job is polled an hour apart (the floor too, so the scenario cannot ask for less), and gives up after a day.
  shelfCopy(dir, [
    {
      find: "      intervalMs: 1000\n      minIntervalMs: 100\n      timeoutMs: 60000\n",
      replace: `      intervalMs: ${HOUR}\n      minIntervalMs: ${HOUR}\n      timeoutMs: ${24 * HOUR}\n`,
    },
  ]);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  const list = await cli(["test", "--list"], { cwd: dir });
  polling = list.stdout
    .split("\n")
    .flatMap((line) => /^shelf\t(.* › scenario › job pending → pending → .*)$/.exec(line)?.[1] ?? []);
  expect(polling.length).toBeGreaterThan(0);
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Resolves at the first progress line whose cases done and under way make all that were planned, some under way. */
function allStarted(run: Spawned): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      for (const [, done, planned, underWay] of run
        .stderr()
        .matchAll(/^blockwright test: (\d+)\/(\d+) cases(?:, \d+ failed)?, (\d+) under way, /gm)) {
        if (Number(underWay) > 0 && Number(done) + Number(underWay) === Number(planned)) return resolve();
      }
    };
    run.child.stderr.on("data", check);
    void run.exited.then(() => reject(new Error(`exited before every case had started:\n${run.stderr()}`)));
    check();
  });
}

describe("blockwright test, interrupted", () => {
  for (const [signal, status] of [["SIGTERM", 143]] as const) {
    it(
      `stops on ${signal} while a case is under way: exit ` + `${status}, the report so far, marked interrupted`,
      async () => {
        const report = join(tmp, `${signal}.json`);
        const run = spawnCli(["test", "--seed", "7", "--runs", "1", "--reporter", "json", "--output", report], {}, dir);
        // Plain progress lines (stderr is a pipe): the first comes at the first second, then one every ten. The signal
        // goes once one says every case has started and some are under way: the polling scenarios are among them.
        await allStarted(run);
        run.child.kill(signal);
        expect(await run.closed).toBe(status);
        const json = JSON.parse(readFileSync(report, "utf8")) as {
          planned: number;
          stopped?: string;
          cases: { id: string; kind: string; status: string }[];
        };
        expect(json.stopped).toBe("interrupted");
        // The polling scenarios (pending → pending → each terminal state) take two hours: under way at the signal, none
        // ended.
        expect(json.cases.filter((c) => polling.includes(c.id))).toEqual([]);
        expect(json.cases.length).toBeLessThan(json.planned);
        expect(run.stderr()).toMatch(
          new RegExp(`blockwright test: interrupted after ${json.cases.length} of ${json.planned} cases\\n$`),
        );
        // No stack trace (the text report's "at <file>:<line>" lines are not one).
        expect(run.stderr()).not.toMatch(/internal error|\n\s+at .*\((node:|file:|\/)/);
      },
    );
  }
});

describe("blockwright test, interrupted before any case runs", () => {
  it("stops on SIGTERM while it links the specs: exit 143, no case run, no report written", async () => {
    const many = mkdtempSync(join(tmp, "many-"));
    writeSyntheticProject(many, 30);
    mkdirSync(join(many, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(many, "node_modules/@blockwright/runtime"));
    const report = join(many, "report.json");
    // Held at the step's line until the signal is sent (spawnCliHeldAt), so that it lands in the link on any machine:
    // the link never reaches the packages' check, so none is generated first (an in-process generate of the 30
    // providers was most of the test's CPU, there only so that a late signal found them current).
    const run = spawnCliHeldAt(
      ["test", "--reporter", "json", "--output", report],
      "blockwright test: linking the specs of 30 providers…",
      many,
    );
    await run.signalInStep("SIGTERM");
    expect(await run.closed).toBe(143);
    expect(run.stderr()).toMatch(
      /blockwright test: interrupted while linking the specs; no case ran, no report written\n$/,
    );
    expect(run.stderr()).not.toMatch(/internal error|\n\s+at /);
    expect(existsSync(report)).toBe(false);
  });
});
