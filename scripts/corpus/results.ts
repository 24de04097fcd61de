// RESULTS.md from the vendors' records: a table per vendor and step (exit,
// time, peak memory, cases), a summary per step, the failures grouped by
// kind (read from their messages, by shape: never by vendor), and the
// first lines of every failure. Everything a command printed is escaped
// for Markdown before it is written.
import { STEPS, type StepName, type StepRecord, type VendorRecord } from "./vendor.js";

/** Kinds of failure, by what a line of the message says. */
const KINDS: [string, RegExp][] = [
  ["crash: an internal error", /internal error|TypeError|RangeError|ReferenceError|exit 70/],
  ["a case that could not run (the suite's own error)", /\(could not run\)/],
  ["a pattern and a format no value meets together", /was found that meets pattern/],
  ["the request reads, by the document's rules, as other values than given", /as other values than the tool was given/],
  ["a security scheme of a kind generate refuses", /unsupported kind/],
  ["the drafted credential's scheme is not one the operation accepts", /does not accept security scheme/],
  ["a base address over http to a host other than loopback (the runtime calls it over https only)", /BW2018/],
  ["a relative server address copied into server.default", /server\.default/],
  ["a $ref that names nothing", /\$ref.*(does not resolve|name nothing)/],
  [
    "a required request body not drafted or not sent",
    /Body parameter is required|requires a request body|no parameter or constant is placed/,
  ],
  ["a binary or streamed answer read as JSON", /not valid JSON/],
  ["the stand-in answered 500 (Prism found the answer it made up invalid)", /status 500 is not among the responses/],
  [
    "an answer status the document does not declare (such as the stand-in's 401 without a credential)",
    /undeclared-status|is not among the responses/,
  ],
  [
    "credential placement (alternatives, credential parameters, optional auth)",
    /credential is not where|without the credential|is not declared by/,
  ],
  ["a draft looser or other than the document (limits, types)", /looser than|disagrees with the source|must be one of/],
  ["limit cases that cannot be derived", /could not be derived/],
  ["the errors expression finds no message", /find no message|no error message/],
  // Before the schema words below, which a link rule's words may hold too ("must be marked secret"): add's own draft
  // refused by the link, at a place of the drafted manifest.
  ["add's draft refused by the link (a manifest rule it breaks)", /manifest\.yaml:\d+:\d+: .*\[BW2\d{3}\]\s*$/],
  // Before the schema words below, which the judge's refusal lines also hold: the request, not an answer, broke them.
  ["a request the request judge refuses (by the document's rules)", /^the request judge refused /],
  [
    "an answer that breaks its schema (often the document's own example)",
    /does not match|lacks required field|instance does not|type-mismatch|missing-required|constraint \//,
  ],
  [
    "the mock's request check disagrees (schema violations)",
    /(request|response) body .*must|property .* must|must (be|have|match|NOT)/i,
  ],
  ["an operation not found in the document", /no operation .* in the document|no operationId/],
];

/** The kind of a failing step: the first of its lines that shows one names it. */
export function failureKind(step: StepName, rec: StepRecord): string {
  if (rec.exit === 70) return KINDS[0]?.[0] ?? "crash";
  if (rec.exit === 124 || rec.exit === 137) return "no result within the time limit";
  for (const line of rec.errors) {
    const kind = KINDS.find(([, re]) => re.test(line));
    if (kind) return kind[0];
  }
  return step === "verify" ? "an answer differs from the spec or the outputs" : "other";
}

/** Text from a command, safe in a Markdown table cell. */
export function cell(text: string, max = 240): string {
  const clean = [...text.replace(/\s+/g, " ").trim()].filter((c) => c >= " " || c === "\t").join("");
  const cut = clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
  return cut
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/`/g, "\\`")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\*/g, "\\*")
    .replace(/_/g, "\\_")
    .replace(/\[/g, "\\[");
}

/** Text from a command, safe inside a ~~~ block. */
function block(line: string, max = 240): string {
  const clean = [...line].filter((c) => c >= " " || c === "\t").join("");
  const cut = clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
  return cut.replace(/^~~~/, "\\~~~");
}

function stepCell(rec: StepRecord | undefined): string {
  if (!rec) return "—";
  const parts = [`**${rec.exit}** · ${rec.seconds} s`];
  if (rec.peakMiB) parts.push(`${rec.peakMiB} MiB`);
  if (rec.passed !== undefined) parts.push(`${rec.passed} ✓ ${rec.failed} ✗`);
  return `${parts.join(" · ")}${rec.summary ? `<br>${cell(rec.summary, 120)}` : ""}`;
}

/** How many poll triggers add drafted, and which (— when add did not run, or ran before the column was kept). */
function pollCell(ids: string[] | undefined): string {
  if (ids === undefined) return "—";
  return ids.length ? `${ids.length}: ${cell(ids.join(", "), 120)}` : "0";
}

/** The round trips of the test step on the stateful mock (— where the operations make none). */
function tripsCell(test: StepRecord | undefined): string {
  const trips = test?.roundTrips;
  return trips ? `${trips.passed} ✓ ${trips.failed} ✗` : "—";
}

/** Whether the vendor went through every step with exit 0 (no hand edit needed). */
export function clean(record: VendorRecord): boolean {
  return !record.problem && STEPS.every((s) => record.steps[s]?.exit === 0);
}

type About = { commit: string; machine: string; command: string };

/** The title and how the run was made: which commit, machine and time, and what each step does. */
function introLines(sorted: VendorRecord[], about: About): string[] {
  const times = sorted.map((r) => r.ranAt).sort();
  const commits = [...new Set(sorted.map((r) => r.about?.commit).filter((c): c is string => c !== undefined))];
  return [
    "# Corpus run: add → generate → test → verify → platforms",
    "",
    `Written by \`npm run corpus\` (scripts/corpus/): every vendor of this folder taken the way a new user ` +
      `would, in a fresh project, with no hand edit. Project code at \`` +
      `${commits.length ? commits.join("`, `") : about.commit}\`; ${about.machine}; ` +
      `run between ${times[0] ?? "—"} and ${times.at(-1) ?? "—"}. Re-run with \`${about.command}\` (one or more ` +
      `vendors: \`npm run corpus -- <vendor>...\`, which updates their rows).`,
    "",
    "For each vendor: `blockwright init` in a temporary folder (the checkout's `@blockwright/runtime` linked " +
      "into its node_modules, as `npm install` would give it); the document written out of the corpus with its " +
      "sha256 checked against source.yaml; `add <vendor> --from <root> --operations <source.yaml's operations>`; " +
      "`generate`; `test <vendor>`; then `verify <vendor>` against `blockwright mock <vendor>` (Prism on " +
      "loopback, answering with the document's examples) with a made-up credential, " +
      "every operation allowed (`--allow-writes`: the stand-in keeps no data). Then the platforms step: " +
      "`generate --target n8n` and `--target sim` (the project given an author, which an n8n package names), " +
      "the n8n package linted with n8n's node linter, built, and a workflow on n8n's engine (n8n-core) " +
      "running every operation against the mock; the Sim files copied over a Sim tree and type-checked against " +
      "Sim's own types, each ToolConfig run as Sim's executor runs one; each answer compared with the vendor's " +
      "executeTool for the same values (✓ agreed, ✗ differed). A step runs when the one before it exited 0 " +
      "(verify and platforms run after test whatever test said). A cell reads **exit** · wall time · peak memory " +
      "of the process · cases passed ✓ and failed ✗ (verify: calls that agreed and that did not). Exit 124: " +
      "stopped at the step's time limit. No hand edit is applied: a vendor needs one for every step that did not " +
      "exit 0.",
    "",
  ];
}

/** Per step: how many exited 0, the median and slowest time; then the vendors that went through, and those not run. */
function summaryLines(sorted: VendorRecord[]): string[] {
  const lines = ["## Summary", "", "| step | exit 0 | of | median time | slowest |", "| --- | --- | --- | --- | --- |"];
  for (const step of STEPS) {
    const ran = sorted.filter((r) => r.steps[step]);
    const ok = ran.filter((r) => r.steps[step]?.exit === 0);
    const times = ran.map((r) => r.steps[step]?.seconds ?? 0).sort((a, b) => a - b);
    const slowest = [...ran].sort((a, b) => (b.steps[step]?.seconds ?? 0) - (a.steps[step]?.seconds ?? 0))[0];
    const median = times.length ? times[Math.floor(times.length / 2)] : undefined;
    lines.push(
      `| ${step} | ${ok.length} | ${ran.length} | ${median !== undefined ? `${median} s` : "—"} ` +
        `| ${slowest ? `${slowest.vendor} ${slowest.steps[step]?.seconds} s` : "—"} |`,
    );
  }
  const through = sorted.filter(clean);
  lines.push(
    "",
    `**${through.length} of ${sorted.length} vendors** went through all ${STEPS.length} ` +
      `steps with exit 0 and no hand edit${through.length ? `: ${through.map((r) => r.vendor).join(", ")}` : ""}.`,
  );
  const problems = sorted.filter((r) => r.problem);
  if (problems.length)
    lines.push("", `Not run: ${problems.map((r) => `${r.vendor} (${cell(r.problem ?? "")})`).join("; ")}.`);
  return lines;
}

/** Each failing step's kind and the vendors failing so. */
function failureKindLines(sorted: VendorRecord[]): string[] {
  const lines: string[] = [];
  const kinds = new Map<string, string[]>();
  for (const r of sorted) {
    for (const step of STEPS) {
      const rec = r.steps[step];
      if (!rec || rec.exit === 0) continue;
      const kind = `${step}: ${failureKind(step, rec)}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), r.vendor]);
    }
  }
  lines.push(
    "",
    "## Failure kinds",
    "",
    "Each failing step, by the kind its first lines show (read from the messages by shape).",
    "",
    "| step: kind | vendors | count |",
    "| --- | --- | --- |",
  );
  for (const [kind, vendors] of [...kinds].sort(
    (a, b) =>
      STEPS.indexOf(a[0].split(":")[0] as StepName) - STEPS.indexOf(b[0].split(":")[0] as StepName) ||
      b[1].length - a[1].length,
  ))
    lines.push(`| ${cell(kind)} | ${vendors.join(", ")} | ${vendors.length} |`);
  if (!kinds.size) lines.push("| (none) | | 0 |");
  return lines;
}

/** One row per vendor: each step's cell, round trips, poll triggers and the hand edits needed. */
function vendorLines(sorted: VendorRecord[]): string[] {
  const lines: string[] = [];
  lines.push(
    "",
    "## Per vendor",
    "",
    "Round trips: the test step's cases of each resource the manifest binds a create and a read of, " +
      "on the stateful mock (create → get → update → get → list → delete where bound), passed ✓ and failed ✗; " +
      "— where the operations make none.",
    "",
    `| vendor | format | ${STEPS.join(" | ")} | round trips | poll triggers drafted | hand edits needed |`,
    `| --- | --- |${STEPS.map(() => " --- |").join("")} --- | --- | --- |`,
  );
  for (const r of sorted) {
    const failing = STEPS.filter((s) => r.steps[s] && r.steps[s]?.exit !== 0);
    const edits = r.problem ? "not run" : clean(r) ? "none" : failing.length ? failing.join(", ") : "—";
    lines.push(
      `| [${r.vendor}](${r.vendor}/source.yaml) | ${cell(r.format)}${r.files > 1 ? ` (${r.files} files)` : ""}` +
        ` | ${STEPS.map((s) => stepCell(r.steps[s])).join(" | ")} | ${tripsCell(r.steps.test)} ` +
        `| ${pollCell(r.pollTriggers)} | ${edits} |`,
    );
  }
  return lines;
}

/** The first lines of every failing step, by vendor. */
function failureLines(sorted: VendorRecord[]): string[] {
  const lines: string[] = [];
  lines.push("", "## First lines of each failure", "");
  let any = false;
  for (const r of sorted) {
    const failing = STEPS.filter((s) => r.steps[s] && r.steps[s]?.exit !== 0);
    if (!failing.length) continue;
    any = true;
    lines.push(`### ${r.vendor}`, "");
    for (const s of failing) {
      const rec = r.steps[s] as StepRecord;
      lines.push(
        `${s} (exit ${rec.exit}, ${cell(failureKind(s, rec))}):`,
        "",
        "~~~text",
        ...(rec.errors.length ? rec.errors : [rec.summary]).slice(0, 18).map((l) => block(l)),
        "~~~",
        "",
      );
    }
  }
  if (!any) lines.push("None.", "");
  return lines;
}

export function resultsMarkdown(records: VendorRecord[], about: About): string {
  const sorted = [...records].sort((a, b) => a.vendor.localeCompare(b.vendor));
  const lines = [
    ...introLines(sorted, about),
    ...summaryLines(sorted),
    ...failureKindLines(sorted),
    ...vendorLines(sorted),
    ...failureLines(sorted),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}
