// The history bench's workflow: for one version pair, a workflow that uses
// the bound operations as a caller would be broken by each breaking change
// of the reviewed truth — written from the truth and the package as it was
// (its surface and manifest), never by hand per vendor — and the check that
// `diff --workflows` names, for each such change, the line that feels it.
//
// One block per breaking change, so that each has lines of its own: a
// block calling the operation that sends the parameter or body field the
// change touches (the value the old version took and the new one refuses:
// a removed enum value, an empty string where a minimum length is new, an
// object without a field now required), or a block calling it whose output
// a second block reads at the changed place (`"zq {{call.output.a[0].b}}"`).
// A change no workflow line can feel (a credential's scheme or scope; a
// parameter's new minimum length of 1, refusing only the empty value a call
// leaves out) is counted apart, with why.
import { isAbsent } from "@blockwright/runtime/internal";
import { parseYamlSource } from "../../src/load/yaml-source.js";
import { linkedShapes, type ParamSurface, type Shape, shapeAt, type Surface } from "../../src/changes/surface.js";
import { stringify } from "yaml";
import type { TruthEntry } from "./history-score.js";

/** What the bench reads of a manifest: each tool's operation and where its outputs come from. */
export interface WorkflowManifest {
  operations: Record<string, { operationId: string; outputs?: Record<string, { from?: string }> }>;
}

/** One breaking change the workflow should feel, and the lines that feel it. */
export interface Expectation {
  entry: TruthEntry;
  /** Lines of the workflow a report naming this change may name (the key's, the value's). */
  lines: number[];
  /** A name the report's line mentions: the field, parameter or reference read. */
  mentions: string;
  /** Why the bench wrote no line for it (then it is not named). */
  why?: string;
}

export interface HistoryWorkflow {
  text: string;
  expected: Expectation[];
  /** Breaking changes no workflow line can feel (a credential's; a value refused that a call never sends), with why. */
  apart: { entry: TruthEntry; why: string }[];
}

type Path = (string | number)[];
type Json = Record<string, unknown>;

/**
 * Kinds a value left out now fails: the object holding the field is the line (or the block's inputs, for a parameter of
 * its own).
 */
const REQUIRED = new Set([
  "request-property-became-required",
  "new-required-request-property",
  "request-parameter-became-required",
  "new-required-request-parameter",
]);

const named = (steps: readonly string[]) => [...steps].reverse().find((s) => s !== "*" && s !== "{}") ?? "";
/** A truth pointer's steps as a path into a value (`*` the first item, `{}` a made-up key). */
const placeOf = (steps: readonly string[]): Path => steps.map((s) => (s === "*" ? 0 : s === "{}" ? "zqkey" : s));
const stepsOf = (pointer: string) => pointer.split("/").filter(Boolean);

/** A value of the shape (its first listed value, else one of its type). */
function sampleOf(shape: Shape | undefined): unknown {
  if (shape?.enum?.length) return shape.enum[0];
  switch (shape?.type ?? shape?.types?.[0]) {
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "zq";
  }
}

/** A value of the parameter the old version took. */
function paramSample(p: ParamSurface): unknown {
  if (p.enum?.length) return p.enum[0];
  if (p.type === "number") return p.minimum ?? 1;
  if (p.type === "boolean") return true;
  if (p.type === "json") return p.jsonType === "array" ? [] : {};
  return "zq".padEnd(p.minLength ?? 2, "q");
}

/** `steps` into a value, `leaf` at their end (`*` a list of one, `{}` a map of one). */
function nest(steps: readonly string[], leaf: unknown): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return leaf;
  if (step === "*") return [nest(rest, leaf)];
  return { [step === "{}" ? "zqkey" : step]: nest(rest, leaf) };
}

/** The value a caller of the old version sent where `entry` changed, that the new one may refuse. */
function refusedValue(entry: TruthEntry, old: unknown): unknown {
  const first = Array.isArray(entry.old) ? entry.old[0] : entry.old;
  switch (entry.id) {
    case "request-property-enum-value-removed":
    case "request-parameter-enum-value-removed":
      return first ?? old;
    case "request-property-min-length-set":
      // One character short of the new minimum.
      return "z".repeat(Math.max(0, (typeof entry.new === "number" ? entry.new : 1) - 1));
    case "request-property-enum-set":
      return typeof old === "number" ? 987654321 : "zq-not-listed";
    case "request-property-additional-properties-restricted":
      // A value of another kind than any map declares its values as.
      return { zqkey: [true] };
    case "request-property-became-not-nullable":
      return null;
    default:
      return old;
  }
}

type Wanted = { entry: TruthEntry; path?: Path; mentions: string; why?: string };
type Wire = { name: string; p: ParamSurface; where: string; at: string };

/** The workflow as it is written: its blocks, the lines they should feel and the changes counted apart. */
interface Draft {
  provider: string;
  surface: Surface;
  manifest: WorkflowManifest;
  blocks: Json;
  wanted: Wanted[];
  apart: HistoryWorkflow["apart"];
  /** The blocks a read goes into: a tool taking a plain string, the reference written inside a longer text. */
  readers: { id: string; name: string }[];
}

/** A change a workflow can feel that the bench wrote no line for: counted as not named, with why. */
const unwritten = (draft: Draft, entry: TruthEntry, why: string) => draft.wanted.push({ entry, mentions: "", why });

/** A block calling `tool` with `inputs`, the credential and every other parameter the old version requires. */
function call(draft: Draft, tool: string, inputs: Json): Json {
  const own: Json = { operation: tool };
  for (const [name, p] of Object.entries(draft.surface.tools[tool]?.params ?? {})) {
    if (p.wire === "auth" || p.secret) own[name] = `{{${draft.provider.toUpperCase()}_TOKEN}}`;
    else if (p.required && p.default === undefined) own[name] = paramSample(p);
  }
  return { type: draft.provider, name: `zq ${tool}`, inputs: { ...own, ...inputs } };
}

/** Any type reads as text: tools taking a plain string, the reference written inside a longer text. */
function readersOf(surface: Surface): Draft["readers"] {
  return Object.entries(surface.tools).flatMap(([id, t]) =>
    Object.entries(t.params)
      .filter(([, p]) => p.type === "string" && !p.secret && !p.enum && !p.pattern && !p.format && p.wire !== "auth")
      .map(([name]) => ({ id, name })),
  );
}

/** A parameter of its own changed: a call leaving it out (now required) or sending the value now refused. */
function ownParamBlock(draft: Draft, entry: TruthEntry, tool: string, block: string, own: Wire): void {
  if (REQUIRED.has(entry.id)) {
    draft.blocks[block] = call(draft, tool, {});
    delete (draft.blocks[block] as { inputs: Json }).inputs[own.name];
    draft.wanted.push({ entry, path: ["blocks", block, "inputs"], mentions: own.name });
    return;
  }
  const value = refusedValue(entry, own.p.shape ? sampleOf(own.p.shape) : paramSample(own.p));
  // An empty or null parameter is left out of the call (the runtime's isAbsent): no value of it is sent to be refused.
  if (isAbsent(value)) {
    draft.apart.push({
      entry,
      why: `the only value refused is ${JSON.stringify(value)}, which a call leaves out (a parameter of its own)`,
    });
    return;
  }
  draft.blocks[block] = call(draft, tool, {
    [own.name]: own.p.type === "json" && own.p.jsonType === "array" && !Array.isArray(value) ? [value] : value,
  });
  draft.wanted.push({ entry, path: ["blocks", block, "inputs", own.name], mentions: own.name });
}

/** A field inside a json parameter changed: the parameter whose pointer holds it (the longest) sends it. */
function bodyFieldBlock(draft: Draft, entry: TruthEntry, tool: string, block: string, wires: Wire[]): void {
  const holder = wires
    .filter(
      (w) =>
        w.where === "body" &&
        w.p.type === "json" &&
        (w.at === "/" || w.at === "" || entry.pointer.startsWith(`${w.at}/`)),
    )
    .sort((a, b) => b.at.length - a.at.length)[0];
  if (!holder) {
    unwritten(draft, entry, "no parameter of the tool sends it");
    return;
  }
  const steps = stepsOf(entry.pointer.slice(holder.at === "/" ? 0 : holder.at.length));
  if (REQUIRED.has(entry.id)) {
    const parent = steps.slice(0, -1);
    draft.blocks[block] = call(draft, tool, { [holder.name]: nest(parent, {}) });
    draft.wanted.push({
      entry,
      path: ["blocks", block, "inputs", holder.name, ...placeOf(parent)],
      mentions: named(steps),
    });
    return;
  }
  const found = holder.p.shape ? shapeAt(holder.p.shape, placeOf(steps)) : undefined;
  const old = found && "found" in found ? sampleOf(found.found) : "zq";
  draft.blocks[block] = call(draft, tool, { [holder.name]: nest(steps, refusedValue(entry, old)) });
  draft.wanted.push({
    entry,
    path: ["blocks", block, "inputs", holder.name, ...placeOf(steps)],
    mentions: named(steps),
  });
}

/** A request's parameter or body changed: the block sending the value the change touches. */
function requestBlock(draft: Draft, entry: TruthEntry, tool: string, block: string, parameter: string | undefined) {
  const wires = Object.entries(draft.surface.tools[tool]?.params ?? {}).map(([name, p]) => ({
    name,
    p,
    where: p.wire.split(":")[0] ?? "",
    at: p.wire.slice(p.wire.indexOf(":") + 1),
  }));
  const own = wires.find((w) => w.where === (parameter ?? "body") && w.at === entry.pointer);
  if (own) ownParamBlock(draft, entry, tool, block, own);
  else bodyFieldBlock(draft, entry, tool, block, wires);
}

/** The output of `tool` that holds the changed place of a response's body (`body`) or header, if any. */
function sourceOutput(draft: Draft, entry: TruthEntry, tool: string, body: boolean) {
  const outputs = Object.entries(draft.manifest.operations[tool]?.outputs ?? {}).filter(
    ([name]) => draft.surface.tools[tool]?.outputs[name],
  );
  if (!body)
    return outputs.find(([, o]) => o.from?.toLowerCase() === `$response.header.${entry.pointer.toLowerCase()}`);
  return outputs
    .filter(
      ([, o]) =>
        o.from?.startsWith("$response.body") &&
        (fromBody(o) === "" ||
          fromBody(o) === "/" ||
          entry.pointer === fromBody(o) ||
          entry.pointer.startsWith(`${fromBody(o)}/`)),
    )
    .sort(([, a], [, b]) => fromBody(b).length - fromBody(a).length)[0];
}

/** Where in the response's body an output comes from (`""` or `/` the whole body). */
const fromBody = (o: { from?: string }) => (o.from ?? "").replace(/^\$response\.body#?/, "");

/** A response changed: a block calling the operation and a second reading its output at the changed place. */
function responseBlock(draft: Draft, entry: TruthEntry, tool: string, block: string, body: boolean): void {
  const source = sourceOutput(draft, entry, tool, body);
  if (!source) {
    unwritten(draft, entry, "no output of the tool holds it");
    return;
  }
  // The operation read from itself where it takes one (another operation's own changes stay out of the read's block).
  const reader = draft.readers.find((r) => r.id === tool) ?? draft.readers[0];
  if (!reader) {
    unwritten(draft, entry, "no tool takes a string to read the output into");
    return;
  }
  const from = fromBody(source[1]);
  const rest = body ? placeOf(stepsOf(entry.pointer.slice(from === "/" ? 0 : from.length))) : [];
  const reference = [source[0], ...rest].map((s, j) => (typeof s === "number" ? `[${s}]` : j ? `.${s}` : s)).join("");
  draft.blocks[block] = { ...call(draft, tool, {}), connections: { outgoing: [{ target: `${block}_read` }] } };
  draft.blocks[`${block}_read`] = call(draft, reader.id, { [reader.name]: `zq {{${block}.${reference}}}` });
  draft.wanted.push({
    entry,
    path: ["blocks", `${block}_read`, "inputs", reader.name],
    mentions:
      reference
        .split(/[.[\]]/)
        .filter(Boolean)
        .at(-1) ?? "",
  });
}

/** The block (or blocks) for one breaking change, or why there is none. */
function changeBlock(draft: Draft, entry: TruthEntry, tool: string | undefined, block: string): void {
  if (entry.location === "security") {
    draft.apart.push({ entry, why: "a credential's scheme or scope: felt by the credential, not a workflow line" });
    return;
  }
  if (!tool || !draft.surface.tools[tool]) {
    unwritten(draft, entry, "no tool of the package calls the operation");
    return;
  }
  const parameter = /^request\.parameter\.(\w+)$/.exec(entry.location);
  if (parameter || entry.location === "request.body") return requestBlock(draft, entry, tool, block, parameter?.[1]);
  const body = /^response\.\d+\.body$/.test(entry.location);
  if (body || /^response\.\d+\.header$/.test(entry.location)) return responseBlock(draft, entry, tool, block, body);
  if (entry.location === "operation") {
    draft.blocks[block] = call(draft, tool, {});
    draft.wanted.push({ entry, path: ["blocks", block, "inputs", "operation"], mentions: tool });
    return;
  }
  unwritten(draft, entry, `no workflow line for ${entry.location}`);
}

export function historyWorkflow(
  provider: string,
  base: Surface,
  manifest: WorkflowManifest,
  entries: readonly TruthEntry[],
): HistoryWorkflow {
  const surface = linkedShapes(base);
  const toolOf = new Map<string, string>();
  for (const [id, op] of Object.entries(manifest.operations))
    if (surface.tools[id] && !toolOf.has(op.operationId)) toolOf.set(op.operationId, id);
  const draft: Draft = { provider, surface, manifest, blocks: {}, wanted: [], apart: [], readers: readersOf(surface) };
  for (const [i, entry] of entries.entries())
    if (entry.severity === "breaking") changeBlock(draft, entry, toolOf.get(entry.operation), `zqchange_${i}`);
  const { blocks } = draft;
  const text = stringify(
    {
      name: `zq history ${provider}`,
      blocks: Object.keys(blocks).length ? blocks : { zqnone: call(draft, Object.keys(surface.tools)[0] ?? "", {}) },
    },
    { lineWidth: 0 },
  );
  const source = parseYamlSource(text, "zq-history.yaml");
  const expected = draft.wanted.map((w) => ({
    entry: w.entry,
    mentions: w.mentions,
    ...(w.why ? { why: w.why } : {}),
    lines: w.path ? [...new Set([source.locate(w.path, "key").line, source.locate(w.path, "value").line])] : [],
  }));
  return { text, expected, apart: draft.apart };
}

/**
 * How many expected changes a report's workflow lines name (a line of theirs, mentioning their field), and which not.
 */
export function namedLines(
  workflow: HistoryWorkflow,
  problems: readonly { line: number; message: string }[],
): { named: number; feelable: number; details: string[] } {
  const details: string[] = [];
  let named = 0;
  for (const e of workflow.expected) {
    const hit = problems.some((p) => e.lines.includes(p.line) && p.message.includes(e.mentions));
    if (hit) named++;
    else
      details.push(
        `workflow line not named: ${e.entry.id} ${e.entry.operation} ${e.entry.location} ${e.entry.pointer} ` +
          `(${e.why ?? `expected at line ${e.lines.join(" or ")}, mentioning ${e.mentions}`})`,
      );
  }
  for (const a of workflow.apart)
    details.push(
      `no workflow line (${a.why}): ${a.entry.id} ${a.entry.operation} ${a.entry.location} ${a.entry.pointer}`,
    );
  return { named, feelable: workflow.expected.length, details };
}
