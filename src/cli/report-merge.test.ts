// `blockwright report merge`: shards' reports (JSON or JUnit) become one
// report of the run in any format, every case kept; a file that is no report
// is refused by name before anything is written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { cli } from "../../test-support/cli-harness.js";
import { jsonReport, type SuiteReport } from "../contract/report/report.js";
import { junitReport } from "../contract/report/report-junit.js";
import type { CaseResult } from "../contract/run.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-report-merge-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const T0 = Date.parse("2026-05-06T07:08:09.000Z");
const kase = (provider: string, n: number, status: CaseResult["status"], startedAtMs: number): CaseResult => ({
  id: `${provider}_get › example › case ${n}`,
  provider,
  operation: `${provider}_get`,
  kind: "example",
  name: `case ${n}`,
  status,
  durationMs: 40,
  startedAtMs,
  source: { document: "manifest", path: ["operations", `${provider}_get`] },
  statuses: [200],
  ...(status === "passed"
    ? {}
    : { message: `case ${n} broke\nin two lines`, at: { file: `specs/${provider}/manifest.yaml`, line: n, col: 5 } }),
});
const shard = (i: number, provider: string, statuses: CaseResult["status"][], offset: number): SuiteReport => ({
  seed: 11,
  runs: 4,
  shard: `${i}/2`,
  startedAt: new Date(T0 + offset).toISOString(),
  durationMs: 1000,
  results: statuses.map((s, n) => kase(provider, n + 1, s, T0 + offset + n * 10)),
});
const one = shard(1, "zqalpha", ["passed", "failed"], 0);
const two = shard(2, "zqbeta", ["passed", "passed", "error"], 500);
const write = (name: string, text: string) => {
  const file = join(tmp, name);
  writeFileSync(file, text);
  return file;
};

describe("blockwright report merge", () => {
  it("joins JSON shards into one JSON report: every case, the seed, the span of the run", async () => {
    const r = await cli([
      "report",
      "merge",
      write("1.json", jsonReport(one)),
      write("2.json", jsonReport(two)),
      "--reporter",
      "json",
    ]);
    expect(r.code).toBe(1);
    const merged = JSON.parse(r.stdout);
    expect(merged.cases.map((c: CaseResult) => c.id)).toEqual([...one.results, ...two.results].map((c) => c.id));
    expect(merged).toMatchObject({
      seed: 11,
      runs: 4,
      startedAt: new Date(T0).toISOString(),
      durationMs: 1500,
      summary: { cases: 5, passed: 3, failed: 1, errors: 1 },
    });
    expect(merged.shard).toBeUndefined();
  });

  it("joins two shards' JUnit into one JUnit file with every case, valid against the common schema", async () => {
    const out = join(tmp, "merged.xml");
    const r = await cli([
      "report",
      "merge",
      write("1.xml", junitReport(one)),
      write("2.xml", junitReport(two)),
      "--reporter",
      "junit",
      "--output",
      out,
    ]);
    expect(r.code).toBe(1);
    const xml = readFileSync(out, "utf8");
    expect(xml).toMatch(/<testsuites name="blockwright report merge" tests="5" failures="1" errors="1"/);
    for (const c of [...one.results, ...two.results]) expect(xml).toContain(`name="example › ${c.name}"`);
    expect(xml).toContain("case 2 broke&#10;in two lines");
    expect(xml).toContain("at specs/zqalpha/manifest.yaml:2:5</failure>");
    const xsd = readFileSync(join(import.meta.dirname, "../../test-support/fixtures/junit/junit-common.xsd"), "utf8");
    expect(
      (
        await validateXML({
          xml: { fileName: "merged.xml", contents: xml },
          schema: { fileName: "junit.xsd", contents: xsd },
        })
      ).errors,
    ).toEqual([]);
  });

  it("writes every other format from the merged run, exit 0 when all passed", async () => {
    const passing = shard(1, "zqgamma", ["passed"], 0);
    const html = join(tmp, "merged.html");
    const r = await cli([
      "report",
      "merge",
      write("ok.json", jsonReport(passing)),
      "--reporter",
      "ctrf",
      "--reporter",
      "html",
      "--output",
      html,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results.summary).toMatchObject({ tests: 1, passed: 1 });
    expect(readFileSync(html, "utf8")).toContain("zqgamma");
  });

  for (const [what, content, says] of [
    ["a file that is no report", "just text", "not a report of blockwright test"],
    ["JSON without cases", '{"a":1}', 'a JSON report has "startedAt", "durationMs" and "cases"'],
    ["XML that is not JUnit", "<html></html>", "a JUnit report has a <testsuites> root"],
  ] as const) {
    it(`refuses ${what} by name, exit 2`, async () => {
      const file = write(`bad-${what.length}.txt`, content);
      const r = await cli(["report", "merge", file, "--reporter", "json"]);
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).toContain(`${file}: ${says}`);
    });
  }

  // Each damaged field of a JSON shard: what it is made, and what the refusal says (field: rule, got value).
  const deepInput = () => {
    let v: unknown = 1;
    for (let i = 0; i < 20_000; i++) v = [v];
    return v;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a report damaged field by field, at any depth
  const damages: [string, (r: Record<string, any>) => void, string][] = [
    [
      "startedAt",
      (r) => (r.startedAt = "yesterday"),
      'startedAt: must be a date and time in ISO 8601 (2026-05-06T07:08:09.000Z), got "yesterday"',
    ],
    [
      "startedAt missing",
      (r) => delete r.startedAt,
      "startedAt: must be a date and time in ISO 8601 (2026-05-06T07:08:09.000Z), got nothing",
    ],
    ["durationMs", (r) => (r.durationMs = -5), "durationMs: must be a number of milliseconds, 0 or more, got -5"],
    ["seed", (r) => (r.seed = "x"), 'seed: must be a whole number, got "x"'],
    ["runs", (r) => (r.runs = 1.5), "runs: must be a whole number, 0 or more, got 1.5"],
    ["shard", (r) => (r.shard = "3/2"), 'shard: must be i/n, the shard of test --shard (1 ≤ i ≤ n), got "3/2"'],
    ["planned", (r) => (r.planned = "many"), 'planned: must be a whole number, 0 or more, got "many"'],
    ["stopped", (r) => (r.stopped = {}), "stopped: must be text, got {}"],
    ["a case", (r) => (r.cases[1] = "case"), 'cases[1]: must be a case (an object), got "case"'],
    ["a case's id", (r) => (r.cases[0].id = {}), "cases[0].id: must be text, got {}"],
    [
      "a case's kind",
      (r) => (r.cases[0].kind = "zzkind"),
      "cases[0].kind: must be one of example, request, limit, enum, rule, route, error, auth, scenario, " +
        'property, trigger, poll, live, replay, got "zzkind"',
    ],
    [
      "a case's status",
      (r) => (r.cases[0].status = "skipped"),
      'cases[0].status: must be one of passed, failed, error, got "skipped"',
    ],
    [
      "a case's startedAtMs",
      (r) => (r.cases[0].startedAtMs = "x"),
      'cases[0].startedAtMs: must be a number of milliseconds, 0 or more, got "x"',
    ],
    ["a case's message", (r) => (r.cases[1].message = 42), "cases[1].message: must be text, got 42"],
    [
      "a case's statuses",
      (r) => (r.cases[0].statuses = [200, "x"]),
      'cases[0].statuses: must be a list of HTTP statuses (item 1: must be an HTTP status (100 to 599)), got [200,"x"]',
    ],
    ["a case's source", (r) => (r.cases[0].source = null), "cases[0].source: must be an object, got null"],
    [
      "a case's source path",
      (r) => (r.cases[0].source.path = [{}]),
      "cases[0].source.path: must be a list of names and indexes (item 0: text or a whole number), got [{}]",
    ],
    [
      "a case's position",
      (r) => (r.cases[1].at.line = "x"),
      'cases[1].at.line: must be a whole number, 1 or more, got "x"',
    ],
    [
      "a failure's violation",
      (r) => (r.cases[1].failure = { violation: 5 }),
      "cases[1].failure.violation: must be text, got 5",
    ],
    [
      "a failure's answer",
      (r) => (r.cases[1].failure = { violation: "v", answer: { status: 1000, body: "" } }),
      "cases[1].failure.answer.status: must be an HTTP status (100 to 599), got 1000",
    ],
    [
      "a control character",
      (r) => (r.cases[1].message = ["\u001b[2J"]),
      'cases[1].message: must be text, got ["\\u001b[2J"]',
    ],
    [
      "a value nested 20,000 deep",
      (r) => (r.cases[1].failure = { violation: "v", input: { q: deepInput() } }),
      "cases/1/failure/…/0/0: nested more than 100 levels deep (rule: depth;",
    ],
  ];
  it(
    "refuses each damaged field of a JSON shard naming " + "the file, the field, the rule and the value, exit 2",
    async () => {
      for (const [what, damage, says] of damages) {
        const report = JSON.parse(jsonReport(one));
        damage(report);
        // Written by hand where JSON.stringify would run out of stack.
        const text = what.includes("20,000")
          ? JSON.stringify(report, (k, v) => (k === "input" ? "INPUT" : v)).replace(
              '"INPUT"',
              `{"q":${"[".repeat(20_000)}1${"]".repeat(20_000)}}`,
            )
          : JSON.stringify(report);
        const file = write(`damaged-${damages.findIndex((d) => d[0] === what)}.json`, text);
        const r = await cli(["report", "merge", write("2.json", jsonReport(two)), file, "--reporter", "json"]);
        expect(r, what).toMatchObject({ code: 2, stdout: "" });
        expect(r.stderr, what).toContain(`${file}: ${says}`);
      }
    },
  );

  it(
    "refuses each damaged field of a JUnit shard naming " + "the file, the field, the rule and the value, exit 2",
    async () => {
      const junit = junitReport(one);
      for (const [from, to, says] of [
        [
          /timestamp="[^"]*"/,
          'timestamp="yesterday"',
          '<testsuite> 1 timestamp: must be a date and time in ISO 8601 (2026-05-06T07:08:09), got "yesterday"',
        ],
        [/(<testsuites [^>]*)time="[^"]*"/, '$1time="-1"', '<testsuites> time: must be a number, 0 or more, got "-1"'],
        [
          /(<testcase [^>]*)time="[^"]*"/,
          '$1time="soon"',
          '<testsuite> 1 <testcase> 1 time: must be a number, 0 or more, got "soon"',
        ],
        [
          /name="example › case 1"/,
          'name="zzkind › case 1"',
          "<testsuite> 1 <testcase> 1 name: must be <kind> › <name>, the kind one of example, request,",
        ],
        [
          /name="seed" value="11"/,
          'name="seed" value="1.5"',
          '<testsuite> 1 property seed: must be a whole number, got "1.5"',
        ],
      ] as const) {
        const damagedJunit = junit.replace(from, to);
        expect(damagedJunit, says).not.toBe(junit);
        const file = write(`damaged-${says.length}.xml`, damagedJunit);
        const r = await cli(["report", "merge", file, "--reporter", "json"]);
        expect(r, says).toMatchObject({ code: 2, stdout: "" });
        expect(r.stderr, says).toContain(`${file}: ${says}`);
      }
    },
  );

  it("refuses a shard given twice, which would count its cases twice", async () => {
    const first = write("1.json", jsonReport(one));
    const again = await cli(["report", "merge", first, write("2.json", jsonReport(two)), first, "--reporter", "json"]);
    expect(again).toMatchObject({ code: 2, stdout: "" });
    expect(again.stderr).toContain(
      `${first}: shard 1/2 again (also ${first}): each shard is merged once (rule: no shard twice), ` +
        `or its cases are counted twice [BW3010]`,
    );
    // JUnit carries no shard label: the same cases in two reports tell.
    const copy = write("1-copy.xml", junitReport(one));
    const junit = await cli(["report", "merge", write("1.xml", junitReport(one)), copy, "--reporter", "json"]);
    expect(junit).toMatchObject({ code: 2, stdout: "" });
    expect(junit.stderr).toContain(
      `${copy}: case "zqalpha_get › example › case 1" again (also in ${join(tmp, "1.xml")}): ` +
        `each shard is merged once (rule: no case in two reports), or its cases are counted twice [BW3010]`,
    );
  });

  it("refuses a missing file and an unknown action", async () => {
    expect((await cli(["report", "merge", join(tmp, "absent.json")])).stderr).toContain("absent.json");
    expect(await cli(["report", "join", "x"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown action "join": the one action is merge'),
    });
  });
});
