// One directory document through add → generate → types → test, as a new user would
// take it, in a fresh project (`blockwright init`, this checkout's runtime
// linked in): the operations picked by the seeded rule (operations.ts), no
// hand edit. A document `add` cannot read at all (exit 2: not OpenAPI,
// broken JSON, no operations) is recorded as unreadable with the reason add
// gives, apart from the documents it reads; exit 70 is a crash, never that.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runStep, type StepRecord, type StepRun } from "../steps.js";
import { initProject, problemLines, readAdd, readGenerate, readTest } from "../vendor.js";
import { type DirectoryDocument, providerId, seeded } from "./documents.js";
import { type PickedOperation, pickOperations } from "./operations.js";
import { readTypes, TSC, writeTypesConsumer } from "./package-types.js";

export const DOCUMENT_STEPS = ["add", "generate", "types", "test"] as const;
export type DocumentStep = (typeof DOCUMENT_STEPS)[number];

export interface DocumentRecord {
  /** The document's path under the package's api/ folder. */
  key: string;
  /** The provider id it was added as. */
  provider: string;
  /** `OpenAPI 3.0.0`…, as the document states it; "" when it states none. */
  format: string;
  operations: PickedOperation[];
  ranAt: string;
  /** Why `add` cannot read the document at all (its own words, exit 2). */
  unreadable?: string;
  /** Why the document could not be run (the project could not be made). */
  problem?: string;
  steps: Partial<Record<DocumentStep, StepRecord>>;
}

export interface DocumentRunOptions {
  seed: number;
  operations: number;
  timeouts: Record<DocumentStep, number>;
  keep: boolean;
  signal: AbortSignal;
  say: (line: string) => void;
}

/**
 * Why add refused (exit 2), in its own words: the first line that is not one of its progress lines (`add: cutting …`).
 */
export function unreadableReason(stderr: string): string {
  return problemLines(stderr, /^add: /, 1)[0] ?? "add exited 2";
}

/**
 * The seed a document's operations are drawn with: the run's seed and the document's key, so that a shard draws what
 * the whole run would.
 */
function documentSeed(seed: number, key: string): number {
  let h = seed >>> 0;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

function readDocument(file: string): { document: unknown; format: string } {
  try {
    const document = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const format =
      typeof document.openapi === "string"
        ? `OpenAPI ${document.openapi}`
        : typeof document.swagger === "string"
          ? `Swagger ${document.swagger}`
          : "";
    return { document, format };
  } catch {
    return { document: undefined, format: "" };
  }
}

export async function runDocument(doc: DirectoryDocument, options: DocumentRunOptions): Promise<DocumentRecord> {
  const { document, format } = readDocument(doc.file);
  const operations = pickOperations(document, options.operations, seeded(documentSeed(options.seed, doc.key)));
  const record: DocumentRecord = {
    key: doc.key,
    provider: providerId(doc.key),
    format,
    operations,
    ranAt: new Date().toISOString(),
    steps: {},
  };
  const work = mkdtempSync(join(tmpdir(), "blockwright-directory-"));
  try {
    const made = await initProject(work, options.signal);
    if ("problem" in made) {
      record.problem = made.problem;
      return record;
    }
    const step = async (
      name: DocumentStep,
      args: string[],
      read: (run: StepRun) => Omit<StepRecord, "exit" | "seconds" | "peakMiB">,
      program?: string,
    ): Promise<StepRun> => {
      options.say(`  ${name}…`);
      const run = await runStep(args, {
        ...(program ? { program } : {}),
        cwd: made.project,
        timeoutMs: options.timeouts[name],
        signal: options.signal,
        onTick: (s, mib) =>
          options.say(`  ${name}: still running, ${s.toFixed(0)} s${mib ? `, ${mib.toFixed(0)} MiB` : ""}`),
      });
      const rec: StepRecord = {
        exit: run.exit,
        seconds: Math.round(run.wallMs / 100) / 10,
        ...(run.peakMiB !== undefined ? { peakMiB: Math.round(run.peakMiB) } : {}),
        ...(run.exit === 130 ? { summary: "stopped", errors: [] } : read(run)),
      };
      if (run.timedOut) rec.summary = `no result within ${options.timeouts[name] / 1000} s`;
      record.steps[name] = rec;
      options.say(
        `  ${name}: exit ${rec.exit}, ${rec.seconds} s` +
          `${rec.passed !== undefined ? `, ${rec.passed} passed, ${rec.failed} failed` : ""}` +
          `${rec.exit ? ` — ${(rec.errors[0] ?? rec.summary).slice(0, 160)}` : ""}`,
      );
      return run;
    };
    // Without an operation to name, add's --list says why it cannot read the document (or that it has none).
    const args = operations.length
      ? ["add", record.provider, "--from", doc.file, "--operations", operations.map((o) => o.name).join(",")]
      : ["add", "--from", doc.file, "--list"];
    const add = await step("add", args, readAdd);
    if (add.exit === 2) {
      record.unreadable = unreadableReason(add.stderr);
      delete record.steps.add;
      return record;
    }
    if (add.exit !== 0 || options.signal.aborted) return record;
    if (!operations.length) {
      record.unreadable = "the document has no operation add can take";
      delete record.steps.add;
      return record;
    }
    if ((await step("generate", ["generate"], readGenerate)).exit !== 0 || options.signal.aborted) return record;
    const consumer = writeTypesConsumer(made.project, record.provider);
    await step("types", ["-p", consumer], readTypes, TSC);
    if (options.signal.aborted) return record;
    const report = join(work, "test.json");
    await step(
      "test",
      ["test", record.provider, "--reporter", "text", "--reporter", "json", "--output", report],
      (run) => readTest(run, report),
    );
    return record;
  } finally {
    if (options.keep) options.say(`  kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** Whether the document went through every step with exit 0. */
export function passed(record: DocumentRecord): boolean {
  return !record.unreadable && !record.problem && DOCUMENT_STEPS.every((s) => record.steps[s]?.exit === 0);
}
