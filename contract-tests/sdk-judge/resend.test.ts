// One real SDK beside Blockwright inside npm test (the full comparison is
// `npm run corpus -- --sdk`): the corpus's Resend document (the smallest)
// drafted by add in-process and linked, each covered operation sent through
// the generated tools' runtime and through resend-node to a loopback
// recorder. Every difference is one its adapter documents; none is left
// unexplained, and nothing leaves the machine.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { corpusEntries, unpackEntry } from "../../scripts/corpus/entries.js";
import { compareVendor } from "../../scripts/corpus/sdk/compare-vendor.js";
import { loopbackOnly } from "../../scripts/corpus/sdk/loopback-only.js";
import { startRecorder } from "../../scripts/corpus/sdk/recorder.js";
import { unexplained } from "../../scripts/corpus/sdk/report.js";
import { main } from "../../src/cli.js";
import { linkProvider } from "../../src/emit/link-provider.js";
import { ROOT } from "../../test-support/repo.js";
import adapter from "./resend.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-sdk-judge-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it(
  "resend-node and Blockwright put the same requests on the wire, but for the differences the " + "adapter documents",
  async () => {
    const entry = corpusEntries(join(ROOT, "contract-tests/corpus")).find((e) => e.vendor === adapter.vendor);
    if (!entry) throw new Error(`no corpus entry ${adapter.vendor}`);
    const root = unpackEntry(entry, join(work, "document"));
    mkdirSync(join(work, "specs"));
    let stderr = "";
    const io = {
      stdout: { write: () => {} },
      stderr: { write: (t: string) => void (stderr += t) },
      env: {},
      cwd: work,
      interrupted: new Promise<void>(() => {}),
    };
    const code = await main(["add", entry.vendor, "--from", root, "--operations", entry.operations.join(",")], io);
    expect({ code, stderr: code ? stderr : "" }).toEqual({ code: 0, stderr: "" });
    const { ir, document } = await linkProvider(work, join(work, "specs", entry.vendor));
    const recorder = await startRecorder();
    const guard = loopbackOnly();
    try {
      const result = await compareVendor(
        adapter,
        { provider: ir.provider, tools: ir.operations.map((o) => o.tool), document },
        entry.operations,
        recorder,
        "pinned",
        () => [...guard.refused],
      );
      expect(result.problem).toBeUndefined();
      expect(new Set(result.operations.map((o) => o.operation))).toEqual(new Set(Object.keys(adapter.operations)));
      expect(result.operations.filter((o) => o.problem)).toEqual([]);
      expect(unexplained([result])).toEqual([]);
      expect(result.refused).toEqual([]);
    } finally {
      guard.off();
      await recorder.close();
    }
  },
);
