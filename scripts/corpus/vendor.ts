// One vendor through the whole path, as a new user would take it, in a
// fresh project: init, the document written out (hash checked), add with
// the entry's operations, generate, test, verify against `blockwright mock`
// (Prism on loopback, answering with the document's examples), and the n8n
// and Sim files of the vendor (platforms.ts). Each step runs only when the
// one before it exited 0 (verify and platforms after test whatever it said).
// No hand edit is made: a step that fails is one that would need one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import jsyaml from "js-yaml";
import { type CorpusEntry, CorpusProblem, unpackEntry } from "./entries.js";
import { platformStep } from "./platforms.js";
import { runStep, type StepRecord, type StepRun, startMock } from "./steps.js";
import { ROUND_TRIP_NAME } from "../../src/contract/kinds/round-trip.js";

export type { StepRecord };

export const STEPS = ["add", "generate", "test", "verify", "platforms"] as const;
export type StepName = (typeof STEPS)[number];

export interface VendorRecord {
  vendor: string;
  format: string;
  files: number;
  shapes: string[];
  ranAt: string;
  /** Why the vendor could not be run at all (the corpus entry, init). */
  problem?: string;
  steps: Partial<Record<StepName, StepRecord>>;
  /** The poll triggers add drafted (ids), read from the manifest it wrote. */
  pollTriggers?: string[];
  /** The code and machine it ran on (set by the run). */
  about?: { commit: string; machine: string; command: string };
}

export interface RunOptions {
  timeouts: Record<StepName, number>;
  keep: boolean;
  signal: AbortSignal;
  say: (line: string) => void;
}

const RUNTIME = fileURLToPath(new URL("../../node_modules/@blockwright/runtime", import.meta.url));
/** The credential verify sends to the mock: made up, passed as an environment reference. */
// Letters and digits only: it is given to every parameter the auth section names, and those may hold it to a pattern
// (an AWS access key id's `^\w+$`, a session token's base64).
const CREDENTIAL_ENV = { CORPUS_CREDENTIAL: "zqcorpuscredential0000" };

export async function runVendor(entry: CorpusEntry, options: RunOptions): Promise<VendorRecord> {
  const record: VendorRecord = {
    vendor: entry.vendor,
    format: entry.format,
    files: entry.files,
    shapes: entry.shapes,
    ranAt: new Date().toISOString(),
    steps: {},
  };
  const work = mkdtempSync(join(tmpdir(), `blockwright-corpus-${entry.vendor}-`));
  try {
    const made = await newProject(entry, work, options.signal);
    if ("problem" in made) {
      record.problem = made.problem;
      return record;
    }
    const { root, project } = made;

    const step = async (
      name: StepName,
      args: string[],
      read: (run: StepRun) => Omit<StepRecord, "exit" | "seconds" | "peakMiB">,
      env?: Record<string, string>,
    ): Promise<boolean> => {
      options.say(`  ${name}…`);
      const run = await runStep(args, {
        cwd: project,
        timeoutMs: options.timeouts[name],
        env,
        signal: options.signal,
        onTick: (s, mib) =>
          options.say(`  ${name}: still running, ${s.toFixed(0)} s${mib ? `, ${mib.toFixed(0)} MiB` : ""}`),
      });
      const read_ = run.exit === 130 ? { summary: "stopped", errors: [] } : read(run);
      const rec: StepRecord = {
        exit: run.exit,
        seconds: round(run.wallMs / 1000),
        ...(run.peakMiB !== undefined ? { peakMiB: Math.round(run.peakMiB) } : {}),
        ...read_,
      };
      if (run.timedOut) {
        const how = run.killed ? "SIGINT did not stop it, killed 10 s later" : "stopped by SIGINT";
        rec.summary = `no result within ${options.timeouts[name] / 1000} s (${how})`;
      }
      record.steps[name] = rec;
      options.say(
        `  ${name}: exit ${rec.exit}, ${rec.seconds} s${rec.peakMiB ? `, ${rec.peakMiB} MiB` : ""}` +
          `${rec.passed !== undefined ? `, ${rec.passed} passed, ${rec.failed} failed` : ""}` +
          `${rec.exit ? ` — ${(rec.errors[0] ?? rec.summary).slice(0, 160)}` : ""}`,
      );
      return run.exit === 0;
    };

    const ops = entry.operations.join(",");
    if (!(await step("add", ["add", entry.vendor, "--from", root, "--operations", ops], readAdd))) return record;
    record.pollTriggers = pollTriggersOf(join(project, "specs", entry.vendor, "manifest.yaml"));
    if (!(await step("generate", ["generate"], readGenerate))) return record;
    const testReport = join(work, "test.json");
    await step(
      "test",
      ["test", entry.vendor, "--reporter", "text", "--reporter", "json", "--output", testReport],
      (run) => readTest(run, testReport),
    );
    if (options.signal.aborted) return record;
    // verify runs whatever test said: it checks the answers of the stand-in, a different question.
    await verifyStep(entry, project, work, options, record, step);
    if (options.signal.aborted) return record;
    // So does the platforms step: the n8n and Sim files of what generate made.
    options.say("  platforms…");
    record.steps.platforms = await platformStep(
      entry.vendor,
      project,
      work,
      options.timeouts.platforms,
      options.signal,
      options.say,
    );
    options.say(
      `  platforms: exit ${record.steps.platforms.exit}, ${record.steps.platforms.seconds} ` +
        `s — ${record.steps.platforms.summary}`,
    );
    return record;
  } finally {
    if (!options.keep) rmSync(work, { recursive: true, force: true });
    else options.say(`  kept ${work}`);
  }
}

/**
 * A fresh project under `work` as a new user makes it (`blockwright init`, the checkout's runtime linked in), and the
 * entry's document written out beside it (hash checked).
 */
export async function newProject(
  entry: CorpusEntry,
  work: string,
  signal: AbortSignal,
): Promise<{ root: string; project: string } | { problem: string }> {
  let root: string;
  try {
    root = unpackEntry(entry, join(work, "document"));
  } catch (e) {
    if (!(e instanceof CorpusProblem)) throw e;
    return { problem: e.message };
  }
  const made = await initProject(work, signal);
  return "problem" in made ? made : { root, project: made.project };
}

/** `blockwright init` in `<work>/project`, this checkout's runtime linked into its node_modules. */
export async function initProject(
  work: string,
  signal: AbortSignal,
): Promise<{ project: string } | { problem: string }> {
  const project = join(work, "project");
  const init = await runStep(["init", project], { cwd: work, timeoutMs: 60_000, signal });
  if (init.exit !== 0)
    return {
      problem: `blockwright init exited ${init.exit}: ${firstLines(init.stderr || init.stdout, 2).join(" / ")}`,
    };
  // The generated packages import @blockwright/runtime: this checkout's, linked in (what `npm install` in the project
  // would give).
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(RUNTIME, join(project, "node_modules/@blockwright/runtime"), "dir");
  return { project };
}

async function verifyStep(
  entry: CorpusEntry,
  project: string,
  work: string,
  options: RunOptions,
  record: VendorRecord,
  step: (
    name: StepName,
    args: string[],
    read: (run: StepRun) => Omit<StepRecord, "exit" | "seconds" | "peakMiB">,
    env?: Record<string, string>,
  ) => Promise<boolean>,
): Promise<void> {
  options.say("  verify: starting the mock…");
  const mock = await startMock(entry.vendor, project, 120_000, options.signal);
  if ("error" in mock) {
    record.steps.verify = { exit: 1, seconds: 0, summary: "the mock did not start", errors: [mock.error] };
    options.say(`  verify: ${mock.error}`);
    return;
  }
  try {
    const report = join(work, "verify.json");
    const manifest = join(project, "specs", entry.vendor, "manifest.yaml");
    const params = credentialParams(manifest).flatMap((p) => ["--param", `${p}={{CORPUS_CREDENTIAL}}`]);
    // The stand-in keeps no data: every operation is called, those that may write too (an API of POSTs that read has
    // nothing else).
    const writes = operationsOf(manifest).flatMap((op) => ["--allow-writes", op]);
    const args = [
      "verify",
      entry.vendor,
      "--base-url",
      mock.url,
      ...params,
      ...writes,
      "--interval",
      "0",
      "--max-requests",
      "40",
      "--timeout",
      "15000",
      "--reporter",
      "text",
      "--reporter",
      "json",
      "--output",
      report,
    ];
    await step("verify", args, (run) => readVerify(run, report), CREDENTIAL_ENV);
  } finally {
    mock.stop();
  }
}

/**
 * The manifest's parameters that its auth section names (the credential; a user name and secret; a signature's key id)
 * and that have no default: one with a default (a signing region) is left to it.
 */
function credentialParams(manifestFile: string): string[] {
  try {
    const manifest = jsyaml.load(readFileSync(manifestFile, "utf8")) as {
      auth?: unknown;
      params?: Record<string, { default?: unknown }>;
    };
    const params = new Set(
      Object.entries(manifest.params ?? {}).flatMap(([name, p]) => (p?.default === undefined ? [name] : [])),
    );
    const named = new Set<string>();
    const walk = (node: unknown): void => {
      if (typeof node === "string" && params.has(node)) named.add(node);
      else if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") Object.values(node).forEach(walk);
    };
    walk(manifest.auth);
    return [...named];
  } catch {
    return [];
  }
}

/** The poll triggers the manifest declares (those add drafted), by id. */
function pollTriggersOf(manifestFile: string): string[] {
  try {
    const manifest = jsyaml.load(readFileSync(manifestFile, "utf8")) as {
      triggers?: Record<string, { poll?: unknown }>;
    };
    return Object.entries(manifest.triggers ?? {}).flatMap(([id, t]) => (t?.poll ? [id] : []));
  } catch {
    return [];
  }
}

/** The manifest's operations (tool ids). */
function operationsOf(manifestFile: string): string[] {
  try {
    const manifest = jsyaml.load(readFileSync(manifestFile, "utf8")) as { operations?: Record<string, unknown> };
    return Object.keys(manifest.operations ?? {});
  } catch {
    return [];
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The first non-empty lines of a text. */
function firstLines(text: string, n: number): string[] {
  return text
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l.trim())
    .slice(0, n);
}

/** Lines that are not a command's progress (`add: reading…`). */
export function problemLines(text: string, progress: RegExp, n = 4): string[] {
  return firstLines(
    text
      .split("\n")
      .filter((l) => !progress.test(l))
      .join("\n"),
    n,
  );
}

export function readAdd(run: StepRun): Omit<StepRecord, "exit" | "seconds" | "peakMiB"> {
  const check = /check:\s+(.*)/.exec(run.stdout)?.[1] ?? "";
  // Exit 1 with the check's problems: the draft is written, and generate would refuse it (named below).
  if (run.exit !== 0 && !/generate will stop/.test(check))
    return { summary: "failed", errors: problemLines(run.stderr, /^add: (?!interrupted)/) };
  const warnings = (run.stdout.match(/published example|breaks its schema/gi) ?? []).length;
  const after = run.stdout.split(/check:.*\n/)[1] ?? "";
  const problems = /generate will stop/.test(check) ? firstLines(after, 4).map((l) => l.trim()) : [];
  return {
    summary: `${check.replace(/:$/, "")}${warnings ? `; ${warnings} published-example warnings` : ""}`,
    errors: problems,
  };
}

export function readGenerate(run: StepRun): Omit<StepRecord, "exit" | "seconds" | "peakMiB"> {
  const last =
    firstLines(run.stderr, 50)
      .filter((l) => /^generate: \d+ providers?,/.test(l))
      .at(-1) ?? "";
  if (run.exit === 0) return { summary: last.replace(/^generate: /, ""), errors: [] };
  return {
    summary: "failed",
    errors: problemLines(run.stderr, /^generate: \d+ providers? to link|^generate: (reading|checking|linking)/),
  };
}

/**
 * The first failing cases of a text report: each ✗ line and the lines under it, up to a blank line (at most 5 of them).
 */
function failingCases(text: string, n = 3): string[] {
  const lines = text.split("\n");
  const out: string[] = [];
  let cases = 0;
  for (let i = 0; i < lines.length && cases < n; i++) {
    if (!/^\s*✗/.test(lines[i] ?? "")) continue;
    cases++;
    const block: string[] = [(lines[i] ?? "").trim()];
    for (
      let j = i + 1;
      j < lines.length && block.length < 6 && (lines[j] ?? "").trim() && !/^\s*[✗✓]/.test(lines[j] ?? "");
      j++
    )
      block.push((lines[j] ?? "").trim());
    out.push(...block);
  }
  return out;
}

export function readTest(run: StepRun, reportFile: string): Omit<StepRecord, "exit" | "seconds" | "peakMiB"> {
  let report:
    | {
        summary?: { cases: number; passed: number; failed: number; errors: number };
        cases?: { kind: string; name: string; status: string }[];
      }
    | undefined;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    report = undefined;
  }
  const s = report?.summary;
  const trips = (Array.isArray(report?.cases) ? report.cases : []).filter(
    (r) => r.kind === "scenario" && r.name.startsWith(ROUND_TRIP_NAME),
  );
  const roundTrips = trips.length
    ? {
        roundTrips: {
          passed: trips.filter((r) => r.status === "passed").length,
          failed: trips.filter((r) => r.status !== "passed").length,
        },
      }
    : {};
  const counts = s ? { passed: s.passed, failed: s.failed + (s.errors ?? 0), ...roundTrips } : roundTrips;
  const summary = s
    ? `${s.cases} cases, ${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} errors` : ""}`
    : "no report";
  if (run.exit === 0) return { ...counts, summary, errors: [] };
  const cases = failingCases(run.stdout);
  return {
    ...counts,
    summary,
    errors: cases.length
      ? cases
      : problemLines(`${run.stderr}\n${run.stdout}`, /^blockwright test: .*cases done|^\s*$/),
  };
}

function readVerify(run: StepRun, reportFile: string): Omit<StepRecord, "exit" | "seconds" | "peakMiB"> {
  let report: { results?: { status: string }[]; skippedWrites?: string[] } | undefined;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    report = undefined;
  }
  const results = report?.results ?? [];
  const passed = results.filter((r) => r.status === "passed").length;
  const failed = results.length - passed;
  const skipped = report?.skippedWrites?.length ?? 0;
  const summary = report
    ? `${results.length} calls, ${passed} agreed${skipped ? `; ${skipped} writing operations not called` : ""}`
    : "no report";
  if (run.exit === 0) return { passed, failed, summary, errors: [] };
  const cases = failingCases(run.stdout);
  return {
    ...(report ? { passed, failed } : {}),
    summary,
    errors: cases.length
      ? cases
      : problemLines(`${run.stderr}\n${run.stdout}`, /^blockwright verify: (\d+\/\d+ ✓|.* on http)/),
  };
}
