// `blockwright report merge`: shards' reports (JSON or JUnit) become one
// report of the run in any format, every case kept; a file that is no report
// is refused by name before anything is written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { cli } from "../../test-support/cli-harness.js";
import { jsonReport, type SuiteReport } from "../contract/report/report.js";
import { junitReport } from "../contract/report/report-junit.js";
import type { CaseResult } from "../contract/run.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-report-merge-"));
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
  ...(status === "passed" ? {} : { message: `case ${n} broke\nin two lines`, at: { file: `specs/${provider}/manifest.yaml`, line: n, col: 5 } }),
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
    const r = await cli(["report", "merge", write("1.json", jsonReport(one)), write("2.json", jsonReport(two)), "--reporter", "json"]);
    expect(r.code).toBe(1);
    const merged = JSON.parse(r.stdout);
    expect(merged.cases.map((c: CaseResult) => c.id)).toEqual([...one.results, ...two.results].map((c) => c.id));
    expect(merged).toMatchObject({ seed: 11, runs: 4, startedAt: new Date(T0).toISOString(), durationMs: 1500, summary: { cases: 5, passed: 3, failed: 1, errors: 1 } });
    expect(merged.shard).toBeUndefined();
  });

  it("joins two shards' JUnit into one JUnit file with every case, valid against the common schema", async () => {
    const out = join(tmp, "merged.xml");
    const r = await cli(["report", "merge", write("1.xml", junitReport(one)), write("2.xml", junitReport(two)), "--reporter", "junit", "--output", out]);
    expect(r.code).toBe(1);
    const xml = readFileSync(out, "utf8");
    expect(xml).toMatch(/<testsuites name="blockwright report merge" tests="5" failures="1" errors="1"/);
    for (const c of [...one.results, ...two.results]) expect(xml).toContain(`name="example › ${c.name}"`);
    expect(xml).toContain("case 2 broke&#10;in two lines");
    expect(xml).toContain("at specs/zqalpha/manifest.yaml:2:5</failure>");
    const xsd = readFileSync(join(import.meta.dirname, "../../test-support/fixtures/junit/junit-common.xsd"), "utf8");
    expect((await validateXML({ xml: { fileName: "merged.xml", contents: xml }, schema: { fileName: "junit.xsd", contents: xsd } })).errors).toEqual([]);
  });

  it("writes every other format from the merged run, exit 0 when all passed", async () => {
    const passing = shard(1, "zqgamma", ["passed"], 0);
    const html = join(tmp, "merged.html");
    const r = await cli(["report", "merge", write("ok.json", jsonReport(passing)), "--reporter", "ctrf", "--reporter", "html", "--output", html]);
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

  it("refuses a missing file and an unknown action", async () => {
    expect((await cli(["report", "merge", join(tmp, "absent.json")])).stderr).toContain("absent.json");
    expect(await cli(["report", "join", "x"])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown action "join": the one action is merge') });
  });
});
