// `diff --format junit` and `--format html`: the gate's verdict for CI
// servers and for people, in the formats `blockwright test` already writes
// (the same XML escaping and the same common JUnit schema; the same offline
// page style). In JUnit each package is a suite and each change a case,
// failed when it is at or above the gate's level and not accepted, and each
// workflow line the change breaks a failed case too; an accepted change
// passes with its reason in system-out.
import { attr, htmlPage, text } from "../common/markup-text.js";
import { atLeast, type Change, type Level } from "./classify.js";
import { SEVERITIES } from "./kinds.js";
import { describeChange, kindOf, type PackageDiff, type WorkflowProblem } from "./report.js";

export interface GateOptions {
  /** The gate's level: changes at or above it fail (default breaking). */
  failOn?: Level;
  /** When the diff ran (ISO 8601). */
  startedAt: string;
  /** Where each change is declared, `file:line:col`, when known. */
  where?: (d: PackageDiff, c: Change) => string | undefined;
}

const failing = (c: Change, failOn: Level) => !c.accepted && atLeast(c.level, failOn);
const severityOf = (c: Change) =>
  c.severity ?? (c.level === "breaking" ? "breaking" : c.level === "minor" ? "non-breaking" : "informational");
const byCaseOrder = (changes: readonly Change[]) =>
  SEVERITIES.flatMap((s) => changes.filter((c) => severityOf(c) === s));
const brokenLines = (workflows: readonly WorkflowProblem[] | undefined) =>
  (workflows ?? []).filter((w) => w.severity !== "non-breaking");

export function diffJunit(
  diffs: PackageDiff[],
  workflows: WorkflowProblem[] | undefined,
  options: GateOptions,
): string {
  const failOn = options.failOn ?? "breaking";
  const stamp = options.startedAt.replace(/\.\d+Z$/, "");
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const d of diffs.filter((x) => x.changes.length)) {
    const failed = d.changes.filter((c) => failing(c, failOn)).length;
    tests += d.changes.length;
    failures += failed;
    suites.push(
      `  <testsuite name="${attr(d.packageName)}" tests="${d.changes.length}" failures="${failed}" errors="0" ` +
        `skipped="0" time="0.000" timestamp="${attr(stamp)}">`,
      `    <properties>`,
      `      <property name="version" value="${attr(d.version)}"/>`,
      `      <property name="nextVersion" value="${attr(d.nextVersion)}"/>`,
      `    </properties>`,
      ...byCaseOrder(d.changes).flatMap((c) => changeCase(d, c, failOn, options)),
      `  </testsuite>`,
    );
  }
  const broken = brokenLines(workflows);
  if (workflows) {
    tests += broken.length;
    failures += broken.length;
    suites.push(
      `  <testsuite name="workflows" tests="${broken.length}" failures="${broken.length}" errors="0" ` +
        `skipped="0" time="0.000" timestamp="${attr(stamp)}">`,
      ...broken.flatMap((w) => [
        `    <testcase classname="${attr(`workflows.${w.file}`)}" name="` +
          `${attr(`${w.file}:${w.line}:${w.col}`)}" time="0.000">`,
        `      <failure message="${attr(w.message)}" type="BrokenWorkflow">${text(w.message)}</failure>`,
        `    </testcase>`,
      ]),
      `  </testsuite>`,
    );
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="blockwright diff" tests="${tests}" failures="${failures}" errors="0" time="0.000">`,
    ...suites,
    `</testsuites>`,
    "",
  ].join("\n");
}

function changeCase(d: PackageDiff, c: Change, failOn: Level, options: GateOptions): string[] {
  const open =
    `    <testcase classname="${attr(`${d.provider}.${c.tool ?? "package"}`)}` +
    `" name="${attr(`${kindOf(c)} › ${c.subject}`)}" time="0.000"`;
  const at = options.where?.(d, c);
  const body = [
    `${severityOf(c)}: ${describeChange(c)}`,
    ...(c.id ? [`id: ${c.id}`] : []),
    ...(at ? [`at ${at}`] : []),
  ].join("\n");
  if (c.accepted)
    return [
      `${open}>`,
      `      <system-out>${text(`accepted until ${c.accepted.expires}: ${c.accepted.reason}\n${body}`)}</system-out>`,
      `    </testcase>`,
    ];
  if (!failing(c, failOn)) return [`${open}/>`];
  return [
    `${open}>`,
    `      <failure message="${attr(`${severityOf(c)}: ${describeChange(c)}`)}` +
      `" type="${c.level === "breaking" ? "BreakingChange" : "Change"}">${text(body)}</failure>`,
    `    </testcase>`,
  ];
}

export function diffHtml(diffs: PackageDiff[], workflows: WorkflowProblem[] | undefined, options: GateOptions): string {
  const failOn = options.failOn ?? "breaking";
  const changed = diffs.filter((d) => d.changes.length);
  const failed =
    changed.flatMap((d) => d.changes).filter((c) => failing(c, failOn)).length + brokenLines(workflows).length;
  const verdict = changed.length
    ? `${changed.length} package${changed.length === 1 ? "" : "s"} changed; ${failed} ` +
      `change${failed === 1 ? "" : "s"} at or above ${failOn}`
    : "no changes to any package's surface";
  const body = [
    `<h1>blockwright diff</h1>`,
    `<p class="verdict ${failed ? "bad" : "ok"}">${text(verdict)}</p>`,
    `<p>${text(`run ${options.startedAt}; the gate fails on ${failOn}`)}</p>`,
  ];
  if (changed.length) {
    body.push(
      `<h2>Packages</h2>`,
      `<table>`,
      `<tr><th>Package</th><th>Version</th><th>Next</th><th>Largest change</th></tr>`,
    );
    for (const d of changed)
      body.push(
        `<tr><td><code>${text(d.packageName)}</code></td><td>${text(d.version)}</td><td>${text(d.nextVersion)}` +
          `</td><td class="${d.level === "breaking" ? "bad" : "ok"}">${text(d.level ?? "")}</td></tr>`,
      );
    body.push(`</table>`);
  }
  for (const d of changed) {
    body.push(
      `<h2>${text(`${d.packageName} ${d.version} → ${d.nextVersion}`)}</h2>`,
      `<table>`,
      `<tr><th>Severity</th><th>Tool</th><th>Kind</th><th>Change</th><th>Id</th></tr>`,
    );
    for (const c of byCaseOrder(d.changes)) {
      const at = options.where?.(d, c);
      const state = c.accepted ? ` (accepted until ${c.accepted.expires}: ${c.accepted.reason})` : "";
      const cls = failing(c, failOn) ? "bad" : c.accepted ? "none" : "ok";
      body.push(
        `<tr><td class="${cls}">${text(`${severityOf(c)}${state}`)}</td><td>` +
          `${c.tool ? `<code>${text(c.tool)}</code>` : "(package)"}</td><td><code>${text(kindOf(c))}` +
          `</code></td><td>${text(describeChange(c).replace(/ \[[^\]]*\]$/, ""))}` +
          `${at ? `<br><span class="at">${text(at)}</span>` : ""}</td><td><code>${text(c.id ?? "")}` +
          `</code></td></tr>`,
      );
    }
    body.push(`</table>`);
  }
  if (workflows) {
    body.push(`<h2>Workflows</h2>`);
    if (!workflows.length) body.push(`<p>No workflow is broken by this change.</p>`);
    else {
      body.push(`<table>`, `<tr><th>Where</th><th>Severity</th><th>Problem</th></tr>`);
      for (const w of workflows)
        body.push(
          `<tr><td><code>${text(`${w.file}:${w.line}:${w.col}`)}</code></td><td class="` +
            `${w.severity === "non-breaking" ? "ok" : "bad"}">${text(w.severity ?? "breaking")}` +
            `</td><td>${text(w.message)}</td></tr>`,
        );
      body.push(`</table>`);
    }
  }
  return htmlPage(`blockwright diff: ${verdict}`, body);
}
