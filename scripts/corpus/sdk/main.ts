// The SDK comparison's run over the chosen vendors (run.ts for one), its
// records kept in contract-tests/corpus/sdk-results.json and its table
// written into contract-tests/corpus/SDK-RESULTS.md (report.ts).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusEntry } from "../entries.js";
import { sdkResultsMarkdown, unexplained } from "./report.js";
import type { VendorResult } from "./compare-vendor.js";
import { installSdks } from "./install-sdks.js";
import { ADAPTERS, loadAdapters, runSdkVendor, type SdkRunOptions } from "./run.js";

export async function sdkMain(
  entries: CorpusEntry[],
  vendors: string[],
  options: SdkRunOptions & { render: boolean; about: { commit: string; machine: string } },
): Promise<number> {
  const corpus = join(options.root, "contract-tests/corpus");
  const store = join(corpus, "sdk-results.json");
  const installed = await installSdks(join(options.root, ADAPTERS), options.say, options.signal);
  if (installed !== 0) {
    options.say(
      `the vendors' SDKs could not be installed (npm ci exited ${installed}): ` +
        `run \`npm ci --ignore-scripts\` in ${ADAPTERS}/`,
    );
    return options.signal.aborted ? 130 : 1;
  }
  const adapters = await loadAdapters(join(options.root, ADAPTERS));
  const stray = vendors.filter((v) => !adapters.some((a) => a.vendor === v));
  if (stray.length) {
    options.say(
      `no SDK adapter for ${stray.join(", ")} in ${ADAPTERS}/ (adapters: ${adapters.map((a) => a.vendor).join(", ")})`,
    );
    return 2;
  }
  const records = new Map<string, VendorResult>(
    existsSync(store) ? (JSON.parse(readFileSync(store, "utf8")) as VendorResult[]).map((r) => [r.vendor, r]) : [],
  );
  const write = () => {
    const all = [...records.values()]
      .filter((r) => adapters.some((a) => a.vendor === r.vendor))
      .sort((a, b) => a.vendor.localeCompare(b.vendor));
    writeFileSync(store, `${JSON.stringify(all, null, 2)}\n`);
    writeFileSync(join(corpus, "SDK-RESULTS.md"), sdkResultsMarkdown(all, options.about));
    return all;
  };
  if (!options.render) {
    const chosen = vendors.length ? adapters.filter((a) => vendors.includes(a.vendor)) : adapters;
    for (const [i, adapter] of chosen.entries()) {
      if (options.signal.aborted) break;
      const entry = entries.find((e) => e.vendor === adapter.vendor);
      if (!entry) {
        options.say(`${adapter.vendor}: not in the corpus`);
        continue;
      }
      options.say(`[${i + 1}/${chosen.length}] ${adapter.vendor} (${adapter.sdk})`);
      const result = await runSdkVendor(adapter, entry, options);
      if (options.signal.aborted) break;
      records.set(adapter.vendor, { ...result, ranAt: new Date().toISOString() } as VendorResult);
      const open = unexplained([result]);
      options.say(
        `  ${result.problem ? `problem: ${result.problem}; ` : ""}${result.operations.length} calls, ` +
          `${open.length} unexplained differences` +
          `${open.length ? `: ${open.map((d) => `${d.operation} (${d.input}) ${d.at}`).join("; ")}` : ""}`,
      );
      write();
    }
  }
  const all = write();
  const open = unexplained(all);
  options.say(
    `contract-tests/corpus/SDK-RESULTS.md written: ${all.length} vendors, ${open.length} unexplained differences`,
  );
  if (options.signal.aborted) return 130;
  return open.length || all.some((r) => r.problem) ? 1 : 0;
}
