// `npm run corpus -- --sdk [vendor...]`: the vendors' own SDKs as a second
// judge. Each vendor that has an adapter (contract-tests/sdk-judge/) goes
// through add and generate in a fresh project as `npm run corpus` takes it,
// then compare-vendor.ts sends each covered operation through Blockwright and
// through the SDK to a loopback recorder, with every connection off this
// machine refused. The results go into contract-tests/corpus/sdk-results.json
// (a run over some vendors replaces theirs) and SDK-RESULTS.md; the exit
// status is 1 while any difference is unexplained.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadSubjects } from "../../../src/contract/subjects.js";
import type { CorpusEntry } from "../entries.js";
import { runStep } from "../steps.js";
import { newProject } from "../vendor.js";
import type { SdkAdapter } from "./adapter.js";
import { compareVendor, type VendorResult } from "./compare-vendor.js";
import { loopbackOnly } from "./loopback-only.js";
import { startRecorder } from "./recorder.js";

/** The adapters, and the package of the SDKs they drive (install-sdks.ts). */
export const ADAPTERS = "contract-tests/sdk-judge";

export interface SdkRunOptions {
  root: string;
  keep: boolean;
  signal: AbortSignal;
  say: (line: string) => void;
}

/** Every adapter of a folder (each `<vendor>.ts` but tests exports one as default). */
export async function loadAdapters(folder: string): Promise<SdkAdapter[]> {
  // The folder's adapters and its subfolders' (a folder holds 25 modules at most), node_modules aside.
  const adapter = (f: string) => f.endsWith(".ts") && !f.endsWith(".test.ts");
  const files = readdirSync(folder, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() && e.name !== "node_modules"
        ? readdirSync(join(folder, e.name))
            .filter(adapter)
            .map((f) => join(e.name, f))
        : e.isFile() && adapter(e.name)
          ? [e.name]
          : [],
    )
    .sort();
  const adapters: SdkAdapter[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(folder, file)).href)) as { default?: SdkAdapter };
    if (module.default?.vendor) adapters.push(module.default);
  }
  return adapters;
}

/**
 * The SDK's installed version, found as its adapter's import finds it: the adapters' own package first, then the
 * project's.
 */
export function sdkVersion(root: string, sdk: string): string {
  for (const modules of [join(root, ADAPTERS, "node_modules"), join(root, "node_modules")]) {
    try {
      return (JSON.parse(readFileSync(join(modules, sdk, "package.json"), "utf8")) as { version: string }).version;
    } catch {}
  }
  return "not installed";
}

/** One vendor: a drafted project, then the comparison. */
export async function runSdkVendor(
  adapter: SdkAdapter,
  entry: CorpusEntry,
  options: SdkRunOptions,
): Promise<VendorResult> {
  const version = sdkVersion(options.root, adapter.sdk);
  const failed = (problem: string): VendorResult => ({
    vendor: adapter.vendor,
    sdk: adapter.sdk,
    version,
    operations: [],
    uncovered: adapter.uncovered ?? {},
    refused: [],
    problem,
  });
  const work = mkdtempSync(join(tmpdir(), `blockwright-sdk-${entry.vendor}-`));
  try {
    const made = await newProject(entry, work, options.signal);
    if ("problem" in made) return failed(made.problem);
    for (const args of [
      ["add", entry.vendor, "--from", made.root, "--operations", entry.operations.join(",")],
      ["generate"],
    ]) {
      options.say(`  ${args[0]}…`);
      const run = await runStep(args, { cwd: made.project, timeoutMs: 300_000, signal: options.signal });
      if (run.exit !== 0)
        return failed(
          `${args[0]} exited ${run.exit}: ${(run.stderr || run.stdout).trim().split("\n").slice(-2).join(" / ")}`,
        );
    }
    const [subject] = await loadSubjects(
      { root: made.project, specs: join(made.project, "specs"), out: join(made.project, "generated") },
      [entry.vendor],
    );
    if (!subject) return failed("the generated package could not be loaded");
    const recorder = await startRecorder();
    const guard = loopbackOnly();
    try {
      options.say(`  comparing with ${adapter.sdk}@${version}…`);
      return await compareVendor(adapter, subject, entry.operations, recorder, version, () => [...guard.refused]);
    } finally {
      guard.off();
      await recorder.close();
    }
  } finally {
    if (!options.keep) rmSync(work, { recursive: true, force: true });
    else options.say(`  kept ${work}`);
  }
}
