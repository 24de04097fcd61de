// Workflow lines a change reaches that the workflow validator cannot see:
// a value a block sends inside a `json` parameter that the new version no
// longer accepts (a field removed, a value, type or limit no longer
// accepted), an object it sends without a field the new version requires,
// a reference to an output the new version may no longer return as it did
// (removed, retyped, now optional or null, in another shape), and (to look
// at) a reference to an output that may now hold a value the workflow has
// not met (an enum value added). Each is named at its `file:line:col`.
import { isAbsent, isMultipleOf } from "@blockwright/runtime/internal";
import { parseYamlSource } from "../load/yaml-source.js";
import type { Change } from "./classify.js";
import { plain } from "./kinds.js";
import { show, type WorkflowProblem } from "./report.js";

type Json = Record<string, unknown>;
type Path = (string | number)[];
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** Request-field changes that a value sending the field may now fail. */
const SENT_FIELD_BREAKS = new Set([
  "request-property-removed",
  "request-property-type-changed",
  "request-property-enum-value-removed",
  "request-property-became-not-nullable",
  "request-property-enum-set",
  "request-property-additional-properties-restricted",
  "request-property-min-length-set",
  "request-property-limit-tightened",
  "request-property-pattern-changed",
  "request-property-became-read-only",
]);

/** Request-field changes that an object sent without the field now fails. */
const REQUIRED_FIELD = new Set(["request-property-became-required", "new-required-request-property"]);

/** Output changes that a reference reading the place, or a place inside it, may now get wrong. */
const READ_BREAKS = new Set([
  "response-property-removed",
  "response-property-type-changed",
  "response-property-became-optional",
  "response-property-became-nullable",
  "response-property-one-of-added",
]);

/**
 * The steps of a diff field path (`.a[].b`, `.*` for any key of a map): names, `[]` for every item, `*` for every
 * value.
 */
function stepsOf(path: string | undefined): string[] {
  return (path ?? "")
    .split(/(?=\.)|(?=\[\])/)
    .map((s) => (s === "[]" ? "[]" : s.slice(1)))
    .filter((s) => s !== "");
}

/**
 * `param fields .a[].b` (or `(value)`: the value itself) → the parameter and the steps into its value; `param x` → the
 * parameter itself.
 */
function paramField(subject: string): { param: string; steps: string[] } | undefined {
  const m = /^param (\S+)(?: ([.[]\S*|\(value\)))?$/.exec(subject);
  if (!m?.[1]) return undefined;
  return { param: m[1], steps: m[2] === "(value)" ? [] : stepsOf(m[2]) };
}

/** `output data .a[].b` → the output and the steps below it. */
function outputField(subject: string): { output: string; steps: string[] } | undefined {
  const m = /^output (\S+)(?: ([.[]\S*))?$/.exec(subject);
  if (!m?.[1]) return undefined;
  return { output: m[1], steps: stepsOf(m[2]) };
}

/** Every place in `value` the steps reach, as paths below it (`[]` every item, `*` every value of a map). */
function reached(value: unknown, steps: readonly string[], at: Path = []): Path[] {
  if (!steps.length) return [at];
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === "[]") return Array.isArray(value) ? value.flatMap((v, i) => reached(v, rest, [...at, i])) : [];
  if (step === "*") return Object.entries(object(value)).flatMap(([k, v]) => reached(v, rest, [...at, k]));
  return Object.hasOwn(object(value), step) ? reached(object(value)[step], rest, [...at, step]) : [];
}

const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);

/** Every string in a value, with its path. */
function strings(value: unknown, at: Path = []): { text: string; path: Path }[] {
  if (typeof value === "string") return [{ text: value, path: at }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, [...at, k]));
  return [];
}

const hasReference = (value: unknown): boolean => strings(value).some((s) => /\{\{[^{}]*\}\}/.test(s.text));

/** The JSON types a value has for a shape's types (an integer is a number too). */
function jsonTypes(value: unknown): string[] {
  if (value === null) return ["null"];
  if (Array.isArray(value)) return ["array"];
  if (typeof value === "number") return Number.isInteger(value) ? ["integer", "number"] : ["number"];
  return [typeof value];
}
const typesIn = (text: unknown) => (typeof text === "string" ? text.split(" | ").filter(Boolean) : []);

/**
 * Whether a value sent where `c` changed may now be refused: a reference may hold anything; a literal is checked where
 * the change says how.
 */
function mayFail(c: Change, value: unknown): boolean {
  if (hasReference(value)) return true;
  switch (c.kind) {
    case "request-property-enum-value-removed":
      return (Array.isArray(c.from) ? c.from : [c.from]).some((v) => JSON.stringify(v) === JSON.stringify(value));
    case "request-property-enum-set":
      return !Array.isArray(c.to) || !c.to.some((v) => JSON.stringify(v) === JSON.stringify(value));
    case "request-property-became-not-nullable":
      return value === null;
    case "request-property-type-changed":
      return !typesIn(c.to).length || !jsonTypes(value).some((t) => typesIn(c.to).includes(t));
    case "request-property-additional-properties-restricted":
      return (
        !isObject(value) ||
        !typesIn(c.to).length ||
        Object.values(value).some((v) => !jsonTypes(v).some((t) => typesIn(c.to).includes(t)))
      );
    case "request-property-min-length-set":
    case "request-property-limit-tightened":
      return breaksLimit(c, value);
    case "request-property-pattern-changed":
      return typeof value !== "string" || typeof c.to !== "string" || !matches(c.to, value);
    default:
      return true;
  }
}

/** A literal against the new limit the rule names (`…: maxLength`); one the rule does not name may be refused. */
function breaksLimit(c: Change, value: unknown): boolean {
  const key = /: (\w+)$/.exec(c.rule)?.[1];
  const to = c.to;
  if (key === "pattern" && typeof to === "string" && typeof value === "string") return !matches(to, value);
  if (typeof to !== "number") return true;
  const size = typeof value === "string" ? value.length : Array.isArray(value) ? value.length : undefined;
  switch (key) {
    case "minLength":
    case "minItems":
      return size === undefined || size < to;
    case "maxLength":
    case "maxItems":
      return size === undefined || size > to;
    case "minimum":
      return typeof value !== "number" || value < to;
    case "maximum":
      return typeof value !== "number" || value > to;
    case "exclusiveMinimum":
      return typeof value !== "number" || value <= to;
    case "exclusiveMaximum":
      return typeof value !== "number" || value >= to;
    case "multipleOf":
      return typeof value !== "number" || !isMultipleOf(value, to);
    default:
      return true;
  }
}

/** A literal against a pattern as the block reads it (the `u` flag); one that does not compile may be refused. */
function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return false;
  }
}

/**
 * Whether an object sent is of a form that requires the field: always, but for a field only some forms of a union
 * have (the change lists the forms with it, `to`, and without, `from`, each its fields): an object whose fields fit a
 * form with it and no form without it.
 */
function ofFormRequiring(c: Change, value: Json): boolean {
  const forms = (v: unknown) =>
    Array.isArray(v) && v.every((f) => typeof f === "string") ? (v as string[]).map((f) => f.split(",")) : undefined;
  const [withIt, without] = [forms(c.to), forms(c.from)];
  if (!withIt || !without) return true;
  const fits = (form: string[]) => Object.keys(value).every((k) => form.includes(k));
  return withIt.some(fits) && !without.some(fits);
}

/** The segments of each output reference in a text (`{{b.data.items[0].id}}` → b, data, items, 0, id). */
function references(text: string): (string | number)[][] {
  return [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) =>
    [...(m[1] ?? "").matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((s) => (s[2] !== undefined ? Number(s[2]) : (s[1] ?? ""))),
  );
}

/** Whether a reference reads the place `pattern` names (`[]` an item, `*` any key), or (`below`) a place inside it. */
function reads(ref: readonly (string | number)[], pattern: readonly string[], below: boolean): boolean {
  // A list read whole at the place or an item of it (`{{b.tags[0]}}` reads tags).
  if (
    ref.length < pattern.length ||
    (!below && ref.length > pattern.length + 1) ||
    (!below && ref.length === pattern.length + 1 && typeof ref[pattern.length] !== "number")
  )
    return false;
  return pattern.every((step, i) =>
    step === "[]" ? typeof ref[i] === "number" : step === "*" ? typeof ref[i] === "string" : ref[i] === step,
  );
}

const shown = (ref: readonly (string | number)[]) =>
  ref.map((s, i) => (typeof s === "number" ? `[${s}]` : i ? `.${s}` : s)).join("");

/** Kinds of change whose hit the workflow validator also reports, at the same place (a parameter or an output gone). */
const VALIDATOR_SEES = new Set(["request-property-removed", "response-property-removed"]);

/**
 * The hits and the validator's problems as one list, in the files' order and by line (the validator's first on a
 * line): every hit is kept but one the validator already reports on the same line for the same reason (the same field
 * or reference gone), or for the same parameter sent (a value of a parameter of its own no longer listed, which the
 * validator refuses at the value and the hit names at its key); another reference on the same line, or in the same
 * text, is its own line.
 */
export function withValidatorProblems(
  refused: readonly WorkflowProblem[],
  hits: readonly WorkflowProblem[],
): WorkflowProblem[] {
  const bare = (text: string) => text.replace(/\s+/g, "");
  const namedAlready = (w: WorkflowProblem) =>
    w.kind !== undefined &&
    w.subject !== undefined &&
    refused.some(
      (r) =>
        r.file === w.file &&
        r.line === w.line &&
        ((VALIDATOR_SEES.has(w.kind ?? "") &&
          (bare(r.message).includes(`{{${bare(w.subject ?? "")}}}`) ||
            r.message.includes(JSON.stringify(w.subject)))) ||
          // `file:line:col: block: param: …`: the parameter itself, not a field inside it (`data.zqkind`).
          (!w.subject?.includes(".") && r.message.includes(`: ${w.subject}: `))),
    );
  // By file, as diff lists them (sorted), then by line; stable: on one line, the validator's problem before the hits.
  const byFile = (a: WorkflowProblem, b: WorkflowProblem) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return [...refused, ...hits.filter((w) => !namedAlready(w))].sort((a, b) => byFile(a, b) || a.line - b.line);
}

export function workflowHits(
  files: readonly { path: string; text: string }[],
  changes: readonly Change[],
): WorkflowProblem[] {
  const sent = changes.filter((c) => c.tool && c.kind && SENT_FIELD_BREAKS.has(c.kind));
  const required = changes.filter((c) => c.tool && c.kind && REQUIRED_FIELD.has(c.kind));
  const read = changes.filter(
    (c) => c.tool && c.kind && (c.kind === "response-property-enum-value-added" || READ_BREAKS.has(c.kind)),
  );
  if (!sent.length && !required.length && !read.length) return [];
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
    const push: Push = (path, message, severity, kind, subject) => {
      const p = source.locate(path, "key");
      out.push({
        file: file.path,
        line: p.line,
        col: p.col,
        message: `${file.path}:${p.line}:${p.col}: ${message}`,
        severity,
        kind,
        subject,
      });
    };
    for (const [name, raw] of Object.entries(blocks)) {
      const inputs = object(object(raw).inputs);
      sentHits(push, name, inputs, sent);
      missingFieldHits(push, name, inputs, required);
    }
    readHits(push, blocks, source.data, read);
  }
  return out;
}

/** Records a problem at `path` of the workflow. */
type Push = (path: Path, message: string, severity: "breaking" | "non-breaking", kind: string, subject: string) => void;

/** A value a block sends that the new version may refuse. */
function sentHits(push: Push, name: string, inputs: Record<string, unknown>, sent: readonly Change[]): void {
  const tool = inputs.operation;
  for (const c of sent) {
    const f = c.tool === tool ? paramField(c.subject) : undefined;
    if (!f || !Object.hasOwn(inputs, f.param)) continue;
    for (const found of reached(inputs[f.param], f.steps)) {
      const value = valueAt(inputs[f.param], found);
      // An empty parameter is left out of the call (the runtime's isAbsent): nothing of it is sent.
      if ((!found.length && isAbsent(value)) || !mayFail(c, value)) continue;
      // A map whose values are now declared: each value of another kind is the line.
      const paths =
        c.kind === "request-property-additional-properties-restricted" && isObject(value) && !hasReference(value)
          ? Object.keys(value)
              .filter((k) => mayFail(c, { [k]: value[k] }))
              .map((k) => [...found, k])
          : [found];
      for (const path of paths)
        push(
          ["blocks", name, "inputs", f.param, ...path],
          `block ${plain(name)} sends ${plain([f.param, ...path].join("."))}, which ${c.tool} ` +
            `${describeSent(c)}${path.length || f.steps.length ? "" : " (a request body field)"} (${c.kind})`,
          "breaking",
          c.kind ?? "",
          [f.param, ...path].join("."),
        );
    }
  }
}

/**
 * An object a block sends without a field the new version requires in it (the parameter's own requirement is the
 * validator's).
 */
function missingFieldHits(
  push: Push,
  name: string,
  inputs: Record<string, unknown>,
  required: readonly Change[],
): void {
  const tool = inputs.operation;
  for (const c of required) {
    const f = c.tool === tool ? paramField(c.subject) : undefined;
    const field = f?.steps.at(-1);
    if (!f || field === undefined || field === "[]" || field === "*" || !Object.hasOwn(inputs, f.param)) continue;
    for (const path of reached(inputs[f.param], f.steps.slice(0, -1))) {
      const value = valueAt(inputs[f.param], path);
      if (!isObject(value) || Object.hasOwn(value, field) || !ofFormRequiring(c, value)) continue;
      push(
        ["blocks", name, "inputs", f.param, ...path],
        `block ${plain(name)} sends ${plain([f.param, ...path].join("."))} without ${plain(field)}, ` +
          `which ${c.tool} now requires (${c.kind})`,
        "breaking",
        c.kind ?? "",
        [f.param, ...path].join("."),
      );
    }
  }
}

/** A reference `{{block.output.a}}` to an output the new version returns otherwise. */
function readHits(push: Push, blocks: Record<string, unknown>, data: unknown, read: readonly Change[]): void {
  for (const c of read) {
    const f = outputField(c.subject);
    if (!f) continue;
    const callers = Object.entries(blocks)
      .filter(([, raw]) => object(object(raw).inputs).operation === c.tool)
      .map(([n]) => n);
    // A new value is met where the place itself is read; anything else also inside it.
    const newValue = c.kind === "response-property-enum-value-added";
    const severity = c.severity === "breaking" ? "breaking" : "non-breaking";
    for (const caller of callers) {
      const pattern = [caller, ...f.output.split("."), ...f.steps];
      for (const s of strings(data))
        for (const ref of references(s.text)) {
          if (!reads(ref, pattern, !newValue)) continue;
          if (newValue)
            push(
              s.path,
              `reads ${plain(shown(ref))}, which may now also be ${plain(JSON.stringify(c.to))} ` +
                `(${c.kind}): check what it is compared against`,
              severity,
              c.kind ?? "",
              shown(ref),
            );
          else
            push(
              s.path,
              `reads ${plain(shown(ref))}, which ${c.tool} ${describeRead(c)} (${c.kind})`,
              severity,
              c.kind ?? "",
              shown(ref),
            );
        }
    }
  }
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
    case "request-property-additional-properties-restricted":
      return `now takes only as ${c.to ? show(c.to) : "its map declares"} (a map that now declares its values)`;
    case "request-property-pattern-changed":
      return `now takes values of another pattern (${show(c.to)})`;
    case "request-property-min-length-set":
    case "request-property-limit-tightened":
      return `now limits (${c.rule.replace(/^.*: /, "")} ${show(c.to)})`;
    case "request-property-became-read-only":
      return "now sets itself (read-only) and refuses";
    default:
      return `takes with another type (${show(c.from)} → ${show(c.to)})`;
  }
}

function describeRead(c: Change): string {
  switch (c.kind) {
    case "response-property-removed":
      return "no longer returns";
    case "response-property-became-optional":
      return "may now leave out";
    case "response-property-became-nullable":
      return "may now return as null";
    case "response-property-one-of-added":
      return "may now return in another shape";
    case "response-property-type-changed":
      return `now returns with another type (${show(c.from)} → ${show(c.to)})`;
    default:
      return `returns otherwise (${c.rule})`;
  }
}
