// Workflow lines a change reaches that the workflow validator cannot see:
// a field a block sends inside a `json` parameter that the new version no
// longer accepts (or accepts with another type or fewer values), and a
// reference to an output that may now hold a value the workflow has not met
// (an enum value added). Each is named at its `file:line:col`.
import { parseYamlSource } from "../load/yaml-source.js";
import type { Change } from "./classify.js";
import { plain } from "./kinds.js";
import { show, type WorkflowProblem } from "./report.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** Request-field changes that a value sending the field may now fail. */
const SENT_FIELD_BREAKS = new Set(["request-property-removed", "request-property-type-changed", "request-property-enum-value-removed", "request-property-became-not-nullable", "request-property-enum-set"]);

/** `param fields .a[].b` → the parameter and the steps into its value (`[]`: every item); `param x` (a body field sent as its own parameter) → the parameter itself. */
function paramField(subject: string): { param: string; steps: string[] } | undefined {
  const m = /^param (\S+)(?: (\.\S*))?$/.exec(subject);
  if (!m?.[1]) return undefined;
  if (!m[2]) return { param: m[1], steps: [] };
  return {
    param: m[1],
    steps: m[2]
      .split(/(?=\.)|(?=\[\])/)
      .map((s) => (s === "[]" ? "[]" : s.slice(1)))
      .filter((s) => s !== ""),
  };
}

/** `output data .a[].b` → the output and the steps below it. */
function outputField(subject: string): { output: string; steps: string[] } | undefined {
  const m = /^output (\S+)(?: (\.\S*))?$/.exec(subject);
  if (!m?.[1]) return undefined;
  return {
    output: m[1],
    steps: (m[2] ?? "")
      .split(/(?=\.)|(?=\[\])/)
      .map((s) => (s === "[]" ? "[]" : s.slice(1)))
      .filter((s) => s !== ""),
  };
}

/** Every place in `value` the steps reach, as paths below it. */
function reached(value: unknown, steps: readonly string[], at: (string | number)[] = []): (string | number)[][] {
  if (!steps.length) return [at];
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === "[]") return Array.isArray(value) ? value.flatMap((v, i) => reached(v, rest, [...at, i])) : [];
  return Object.hasOwn(object(value), step) ? reached(object(value)[step], rest, [...at, step]) : [];
}

/** Every string in a value, with its path. */
function strings(value: unknown, at: (string | number)[] = []): { text: string; path: (string | number)[] }[] {
  if (typeof value === "string") return [{ text: value, path: at }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, [...at, k]));
  return [];
}

export function workflowHits(files: readonly { path: string; text: string }[], changes: readonly Change[]): WorkflowProblem[] {
  const sent = changes.filter((c) => c.tool && c.kind && SENT_FIELD_BREAKS.has(c.kind));
  const read = changes.filter((c) => c.tool && c.kind === "response-property-enum-value-added");
  if (!sent.length && !read.length) return [];
  const out: WorkflowProblem[] = [];
  for (const file of files) {
    let source: ReturnType<typeof parseYamlSource>;
    try {
      source = parseYamlSource(file.text, file.path);
    } catch {
      // A workflow that does not parse is the validator's to report.
      continue;
    }
    const blocks = object(object(source.data).blocks);
    const push = (path: (string | number)[], message: string, severity: "breaking" | "non-breaking") => {
      const p = source.locate(path, "key");
      out.push({ file: file.path, line: p.line, col: p.col, message: `${file.path}:${p.line}:${p.col}: ${message}`, severity });
    };
    for (const [name, raw] of Object.entries(blocks)) {
      const inputs = object(object(raw).inputs);
      const tool = inputs.operation;
      for (const c of sent) {
        const f = c.tool === tool ? paramField(c.subject) : undefined;
        if (!f || !Object.hasOwn(inputs, f.param)) continue;
        for (const path of reached(inputs[f.param], f.steps))
          push(
            ["blocks", name, "inputs", f.param, ...path],
            `block ${plain(name)} sends ${plain([f.param, ...path].join("."))}, which ${c.tool} ${describeSent(c)}${path.length || f.steps.length ? "" : " (a request body field)"} (${c.kind})`,
            "breaking",
          );
      }
    }
    // A reference `{{block.output.a}}` to an output that may now hold another value.
    for (const c of read) {
      const f = outputField(c.subject);
      if (!f) continue;
      const callers = Object.entries(blocks)
        .filter(([, raw]) => object(object(raw).inputs).operation === c.tool)
        .map(([n]) => n);
      for (const caller of callers) {
        const ref = [caller, f.output, ...f.steps.filter((s) => s !== "[]")].join(".");
        for (const s of strings(source.data)) {
          const pattern = new RegExp(`\\{\\{\\s*${ref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\./g, "(?:\\[\\d+\\])?\\.")}(?:\\[\\d+\\])?\\s*\\}\\}`);
          if (pattern.test(s.text)) push(s.path, `reads ${plain(ref)}, which may now also be ${plain(JSON.stringify(c.to))} (${c.kind}): check what it is compared against`, "non-breaking");
        }
      }
    }
  }
  return out;
}

function describeSent(c: Change): string {
  switch (c.kind) {
    case "request-property-removed":
      return "no longer accepts";
    case "request-property-enum-value-removed":
      return `no longer accepts some values of (${show(c.from)})`;
    case "request-property-became-not-nullable":
      return "no longer accepts as null";
    case "request-property-enum-set":
      return "now accepts only listed values of";
    default:
      return `takes with another type (${show(c.from)} → ${show(c.to)})`;
  }
}
