// The corpus run's last step: the vendor's n8n package and Sim files,
// generated as a user generates them (`generate --target n8n`, `--target
// sim`, after giving the project's package.json the author an n8n package
// names), then taken through the round trips the tests take (test-support/
// platforms/round-trips.ts) against `blockwright mock <vendor>`: the n8n
// package lints clean with n8n's node linter, builds, and a workflow on n8n's
// engine runs every operation; the Sim files type-check against Sim's own
// types, and each ToolConfig run as Sim's executor runs one answers; each
// result equal to the output the vendor's package gives for the same values.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolResult } from "@blockwright/runtime";
import { loadProvider } from "../../src/emit/link-provider.js";
import {
  type Execute,
  lintN8n,
  n8nItemsOf,
  n8nRoundTrip,
  type PlatformProject,
  prepareN8n,
  SIM_REFUSAL,
  simRoundTrip,
  typeCheckSimFiles,
} from "../../test-support/platforms/round-trips.js";
import { runStep, type StepRecord, startMock } from "./steps.js";

/** The author the run gives the project (n8n's linter wants a name and an email). */
const AUTHOR = "Blockwright corpus run <corpus@example.test>";

/** What the round trips found: problems, and calls that agreed with executeTool or differed. */
interface Tally {
  problems: string[];
  agreed: number;
  differed: number;
  /** Calls that agreed in failing as executeTool failed (the mock's answer to these values). */
  failedAlike: number;
}

/** Where the round trips run: the project, the vendor, its mock, a scratch folder and executeTool. */
interface Trip {
  platform: PlatformProject;
  vendor: string;
  mockUrl: string;
  scratch: string;
  execute: Execute;
}

/** `got` against `expected` (what executeTool's result is on the platform), compared as JSON. */
function compare(tally: Tally, what: string, got: unknown, direct: ToolResult<object>, expected: unknown): void {
  if (JSON.stringify(got) === JSON.stringify(JSON.parse(JSON.stringify(expected)))) {
    tally.agreed++;
    if (!direct.success) tally.failedAlike++;
  } else {
    tally.differed++;
    const failure =
      got && typeof got === "object" && "error" in got ? ` (${JSON.stringify(got.error).slice(0, 160)})` : "";
    tally.problems.push(
      `${what}: differs from executeTool's ` +
        `${direct.success ? "output" : `failure, ${direct.error.message.slice(0, 120)}`}${failure}`,
    );
  }
}

/** The n8n package linted and built, and a workflow on n8n's engine running every operation. */
async function n8nTrip(tally: Tally, { platform, vendor, mockUrl, scratch, execute }: Trip): Promise<void> {
  const n8nDir = join(platform.root, "generated-n8n");
  await prepareN8n(platform, n8nDir);
  const lint = (await lintN8n(platform, n8nDir, scratch))[vendor] ?? [];
  tally.problems.push(...lint.map((p) => `n8n lint ${p.file}:${p.line} ${p.rule}: ${p.message}`));
  const trip = await n8nRoundTrip(platform, n8nDir, { [vendor]: mockUrl }, scratch, execute);
  if (trip.run.status !== "success")
    tally.problems.push(`n8n's engine: ${trip.run.status}${trip.run.error ? `: ${trip.run.error.message}` : ""}`);
  // A node's items: the one item of the output, or of the failure (each node continues on one).
  for (const r of trip.results)
    compare(tally, `n8n node ${r.case.op.tool.id}`, r.items, r.direct, n8nItemsOf(r.direct));
}

/** The Sim files type-checked against Sim's types, and each ToolConfig run as Sim's executor runs one. */
async function simTrip(tally: Tally, { platform, vendor, mockUrl, scratch, execute }: Trip): Promise<void> {
  const types = await typeCheckSimFiles(platform, join(platform.root, "generated-sim"), join(scratch, "sim"));
  tally.problems.push(...types.errors.map((e) => `Sim types: ${e.slice(scratch.length + 1)}`));
  for (const r of await simRoundTrip(platform, join(scratch, "sim"), { [vendor]: mockUrl }, execute)) {
    // A body Sim's executor cannot send (a multipart form, a file) is the package's to send (directExecution):
    // the builders' refusal, which only a tool without it gives, is a problem whichever the body.
    if (!r.sim.success && SIM_REFUSAL.test(r.sim.error ?? "")) {
      tally.differed++;
      const what = r.sends ? "a request Sim sends" : "a request its package sends (no directExecution generated?)";
      tally.problems.push(`Sim tool ${r.op.tool.id}: refused ${what} (${r.sim.error})`);
    }
    // A failure of executeTool is one of Sim's tool too (its message Sim's: a status not 2xx is Sim's to word).
    else if (!r.direct.success && !r.sim.success) {
      tally.agreed++;
      tally.failedAlike++;
    } else
      compare(
        tally,
        `Sim tool ${r.op.tool.id}`,
        r.sim,
        r.direct,
        r.direct.success ? { success: true, output: r.direct.output } : { success: false },
      );
  }
}

/** The project given an author, then `generate --target n8n` and `--target sim`: the first that failed, if one did. */
async function generatePlatforms(project: string, timeoutMs: number, signal: AbortSignal) {
  const pkgFile = join(project, "package.json");
  writeFileSync(
    pkgFile,
    `${JSON.stringify({ ...(JSON.parse(readFileSync(pkgFile, "utf8")) as object), author: AUTHOR }, null, 2)}\n`,
  );
  for (const target of ["n8n", "sim"]) {
    const run = await runStep(["generate", "--target", target], { cwd: project, timeoutMs, signal });
    if (run.exit !== 0) return { target, run };
  }
  return undefined;
}

export async function platformStep(
  vendor: string,
  project: string,
  work: string,
  timeoutMs: number,
  signal: AbortSignal,
  say: (line: string) => void,
): Promise<StepRecord> {
  const started = performance.now();
  const record = (
    exit: number,
    summary: string,
    errors: string[],
    counts: { passed?: number; failed?: number } = {},
  ): StepRecord => ({
    exit,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    summary,
    errors,
    ...counts,
  });
  const failed = await generatePlatforms(project, timeoutMs, signal);
  if (failed)
    return record(
      failed.run.exit,
      `generate --target ${failed.target} failed`,
      failed.run.stderr.split("\n").filter(Boolean).slice(0, 4),
    );
  const irs = [await loadProvider(project, join(project, "specs", vendor))];
  const platform: PlatformProject = {
    root: project,
    specsDir: join(project, "specs"),
    packagesDir: join(project, "generated"),
    irs,
  };
  const pkg = (await import(pathToFileURL(join(project, "generated", vendor, "index.js")).href)) as {
    executeTool: (id: string, params: object, options: object) => Promise<ToolResult<object>>;
  };
  const execute: Execute = (_provider, id, params, options) => pkg.executeTool(id, params, options);
  const mock = await startMock(vendor, project, 120_000, signal);
  if ("error" in mock) return record(1, "the mock did not start", [mock.error]);
  const scratch = mkdtempSync(join(work, "platforms-"));
  const tally: Tally = { problems: [], agreed: 0, differed: 0, failedAlike: 0 };
  const trip: Trip = { platform, vendor, mockUrl: mock.url, scratch, execute };
  try {
    say("  platforms: n8n…");
    await n8nTrip(tally, trip);
    say("  platforms: Sim…");
    await simTrip(tally, trip);
  } catch (e) {
    tally.problems.push(`${(e as Error).message.split("\n").slice(0, 3).join(" / ")}`);
  } finally {
    mock.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  const { problems, agreed, differed, failedAlike } = tally;
  const summary =
    `n8n: ${lint(problems)} lint problems, Sim: ${problems.filter((p) => p.startsWith("Sim types")).length} ` +
    `type errors; ${agreed} calls agreed with executeTool` +
    `${failedAlike ? ` (${failedAlike} failing as it failed)` : ""}`;
  return record(problems.length ? 1 : 0, summary, problems.slice(0, 12), {
    passed: agreed,
    failed: differed,
  });
}

const lint = (problems: string[]) => problems.filter((p) => p.startsWith("n8n lint")).length;
