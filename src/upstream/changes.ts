// `upstream` on the shared change model (changes/document-diff.ts): the
// operations our tools call, compared in the pinned and the newer published
// document, each change placed in the manifest — the tools that call the
// operation and the parameters and outputs of theirs it touches (a field
// inside a `json` body parameter touches that parameter).
import {
  authWays,
  formatPointer,
  type OutputSource,
  parsePointer,
  type PollTriggerSpec,
  type ToolSpec,
  type WireConstant,
  type WireSpec,
  wayCredentials,
  ownOf,
} from "@blockwright/runtime/internal";
import { placementWords } from "../link/auth/auth.js";
import { credentialOf, type SecurityScheme } from "../load/openapi-document.js";
import {
  type BoundOperation,
  type DocumentChange,
  DocumentComparison,
  type DocumentSet,
} from "../changes/document-diff.js";
import { pacer } from "../common/checkpoint.js";
import { severityRank } from "../changes/kinds.js";
import { operationKey } from "./facts.js";
import { sourceRefs } from "./drift.js";

export interface UpstreamChange extends DocumentChange {
  /** The tools that call the operation. */
  tools: string[];
  /** What of theirs it touches: `param data`, `output url` (empty: a part no tool binds yet). */
  binds: string[];
}

const star = (segments: readonly string[]) => formatPointer(segments.map((s) => (/^\d+$/.test(s) ? "*" : s)));

/** Pointers on one line of descent: one is the other, or contains it. */
function related(a: string, b: string): boolean {
  const x = a === "/" ? "" : a;
  const y = b === "/" ? "" : b;
  return x === y || x === "" || y === "" || x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
}

/**
 * Whether an output reading `at` reads the place a change is at: one on its line of descent; for a count of a list's
 * items, the list or what holds it, not a field inside its items, which the count does not read.
 */
function reads(source: OutputSource, at: string, changed: string): boolean {
  if (!("count" in source && source.count === true)) return related(at, changed);
  return changed === "/" || changed === at || at.startsWith(`${changed}/`);
}

/**
 * Whether a parameter change at `pointer` (a parameter's name, or `name/field` for a field of an object parameter)
 * touches a path, query or cookie parameter: the one it names, a field of it, or the object it is a field of (`of`).
 */
function parameterTouched(w: { name: string; of?: { name: string; field: string } }, pointer: string): boolean {
  if (w.of) return pointer === w.of.name || related(`/${w.of.name}/${w.of.field}`, `/${pointer}`);
  return pointer === w.name || pointer.startsWith(`${w.name}/`);
}

/** Kinds of a request body's change that add or remove a named field: which fields are another's "other" ones. */
const NAMED_SET = new Set([
  "new-required-request-property",
  "new-optional-request-property",
  "request-property-removed",
]);

/**
 * Whether a body change touches a parameter at `at`: on its line of descent; for a body object's other fields
 * (`otherFields`: those the object does not name, link/wire/other-fields.ts), not a change inside a named field of the
 * object, only the object itself, what holds it, its other fields' schema (`/{}`) and a named field added or removed.
 */
function bodyTouched(at: string, w: WireSpec & { in: "body" }, c: DocumentChange): boolean {
  if (!related(at, c.pointer)) return false;
  if (!w.otherFields) return true;
  const base = at === "/" ? "" : at;
  const changed = c.pointer === "/" ? "" : c.pointer;
  if (changed.length <= base.length) return true;
  const [field, ...deeper] = changed.slice(base.length + 1).split("/");
  return field === "{}" || (deeper.length === 0 && NAMED_SET.has(c.kind));
}

interface Target {
  key: string;
  method: string;
  path: string;
  tool: ToolSpec;
  wire: Record<string, WireSpec>;
}

/**
 * The places of a tool's answer each poll trigger polling it reads (`trigger <id>`): the fields of each item it
 * finds new items by, tells them apart by, matches and gives as outputs, under the list output's place.
 */
function triggerPlaces(tool: ToolSpec, triggers: readonly PollTriggerSpec[]): { name: string; places: string[] }[] {
  return triggers.flatMap((t) => {
    const list = t.operation === tool.id ? tool.outputs.find((o) => o.path === t.items) : undefined;
    if (!list) return [];
    const lists = sourceRefs(list.source).flatMap((ref) => (ref.kind === "body" ? [star(ref.pointer)] : []));
    const fields = [
      ...(t.position.kind === "since" ? [t.position.pointer] : []),
      ...t.eventId,
      ...t.match.map((m) => m.pointer),
      ...t.outputs.flatMap((o) => (o.source.from === "event" ? [o.source.pointer] : [])),
    ];
    const items = (at: string) => (at === "/" ? "/*" : `${at}/*`);
    return [{ name: `trigger ${t.id}`, places: lists.flatMap((at) => fields.map((f) => `${items(at)}${star(f)}`)) }];
  });
}

function targetsOf(tools: readonly ToolSpec[], serverPath: string): Target[] {
  return tools.flatMap((tool) =>
    [
      { method: tool.method, path: tool.path, wire: {} as Record<string, WireSpec> },
      ...tool.routes.map((r) => ({ method: r.method, path: r.path, wire: r.wire })),
    ].map((t) => ({
      ...t,
      tool,
      key: operationKey(t.method, serverPath, t.path),
      path: `${serverPath.replace(/\/+$/, "")}/${t.path.replace(/^\/+/, "")}`,
    })),
  );
}

/** Where a security scheme sends its credential (`bearer`, `header:X-Key`) in each of the documents, by name. */
function schemePlacements(...docs: DocumentSet[]): (name: string) => string[] {
  return (name) =>
    docs.flatMap((d) => {
      const schemes = (
        d.files.get(d.root) as { components?: { securitySchemes?: Record<string, SecurityScheme> } } | undefined
      )?.components?.securitySchemes;
      const scheme = schemes && Object.hasOwn(schemes, name) ? schemes[name] : undefined;
      const credential = scheme && typeof scheme === "object" ? credentialOf(scheme) : undefined;
      return credential ? [placementWords(credential)] : [];
    });
}

/**
 * What of a tool's a change touches; a security change touches its auth only for a scheme sending a credential as the
 * tool sends one (in either version).
 */
function touches(
  target: Target,
  c: DocumentChange,
  placementsOf: (scheme: string) => string[],
  triggers: readonly PollTriggerSpec[],
): string[] {
  const out: string[] = [];
  const paramWire = (w: WireSpec | WireConstant, name: string) => {
    if (
      c.location.startsWith("request.parameter.") &&
      (w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie") &&
      c.location === `request.parameter.${w.in}` &&
      (w.in === "header" ? w.name.toLowerCase() === c.pointer.toLowerCase() : parameterTouched(w, c.pointer))
    )
      out.push(name);
    else if (c.location === "request.body" && w.in === "body" && bodyTouched(star(parsePointer(w.pointer)), w, c))
      out.push(name);
    else if (w.in === "switch") for (const x of w.whenTrue) paramWire(x, name);
  };
  for (const p of target.tool.params) paramWire(ownOf(target.wire, p.name) ?? p.wire, `param ${p.name}`);
  if (/^response\.\d+\.body$/.test(c.location))
    for (const o of target.tool.outputs)
      if (sourceRefs(o.source).some((ref) => ref.kind === "body" && reads(o.source, star(ref.pointer), c.pointer)))
        out.push(`output ${o.path}`);
  // An answer's header, named in any case (HTTP's names are case-insensitive; the change names it lower-case).
  if (/^response\.\d+\.header$/.test(c.location))
    for (const o of target.tool.outputs)
      if (sourceRefs(o.source).some((ref) => ref.kind === "header" && ref.name.toLowerCase() === c.pointer))
        out.push(`output ${o.path}`);
  // A poll trigger reads fields of the items (and what holds them), not the whole item: one removed beside them is not
  // its change.
  if (/^response\.\d+\.body$/.test(c.location))
    for (const t of triggerPlaces(target.tool, triggers))
      if (t.places.some((at) => related(at, c.pointer))) out.push(t.name);
  if (c.location === "server") out.push("server");
  if (c.location === "security") {
    const placements = placementsOf(c.pointer);
    if (authWays(target.tool.auth).some((w) => wayCredentials(w).some((x) => placements.includes(placementWords(x)))))
      out.push("auth");
  }
  return [...new Set(out)];
}

/**
 * Every change to the operations the tools call, breaking first, each with the tools and the parts of theirs it
 * touches; and the operations called, by key (`METHOD /path/{}`). The event loop turns between operations (a
 * signal stops the comparison there: `signal`'s reason is thrown); `onOperation` is told how many are compared.
 */
export async function upstreamChanges(
  older: DocumentSet,
  newer: DocumentSet,
  tools: readonly ToolSpec[],
  serverPath: string,
  options: {
    signal?: AbortSignal;
    onOperation?: (done: number, total: number) => void;
    /** The provider's poll triggers: a change to a field of the items one reads binds it (`trigger <id>`). */
    pollTriggers?: readonly PollTriggerSpec[];
  } = {},
): Promise<{ changes: UpstreamChange[]; called: Set<string> }> {
  const targets = targetsOf(tools, serverPath);
  const byKey = new Map<string, Target[]>();
  for (const t of targets) byKey.set(t.key, [...(byKey.get(t.key) ?? []), t]);
  // Each change names its operation by the published document's operationId (none where it gives none), and its method
  // and path.
  const bound: BoundOperation[] = [...byKey.values()].map((ts) => {
    const first = ts[0] as Target;
    return { method: first.method, path: first.path };
  });
  const placementsOf = schemePlacements(newer, older);
  const comparison = new DocumentComparison(older, newer);
  const found: DocumentChange[] = [];
  const pace = pacer(options.signal);
  for (const [i, b] of bound.entries()) {
    await pace();
    options.onOperation?.(i, bound.length);
    found.push(...comparison.changesOf(b));
  }
  const changes = found.map((c) => {
    const ts = byKey.get(operationKey(c.method, "", c.path)) ?? [];
    const binds = [...new Set(ts.flatMap((t) => touches(t, c, placementsOf, options.pollTriggers ?? [])))].sort();
    return { ...unsentFormat(c, binds), tools: [...new Set(ts.map((t) => t.tool.id))].sort(), binds };
  });
  return {
    changes: changes.sort((a, b) => severityRank(a.severity) - severityRank(b.severity)),
    called: new Set(byKey.keys()),
  };
}

const FORMAT_KINDS = new Set(["request-parameter-format-changed", "request-property-format-changed"]);

/**
 * A format the block would check, added to a request value no parameter of ours sends: no call sends a value the
 * check could refuse, so it is the annotation it is to us (informational), not breaking.
 */
function unsentFormat(c: DocumentChange, binds: readonly string[]): DocumentChange {
  if (!FORMAT_KINDS.has(c.kind) || c.severity !== "breaking" || binds.some((b) => b.startsWith("param "))) return c;
  return {
    ...c,
    severity: "informational",
    reason: "no parameter of ours sends the value: the format is an annotation to our calls",
  };
}

/** One line of a report: where, what, why, and what of ours it touches. */
export function changeLine(c: UpstreamChange, show: (v: unknown) => string): string {
  const values =
    c.old !== undefined || c.new !== undefined
      ? ` (${c.old !== undefined ? show(c.old) : "—"} → ${c.new !== undefined ? show(c.new) : "—"})`
      : "";
  const where = c.location === "operation" ? "" : ` ${c.location}${c.pointer ? ` ${c.pointer}` : ""}`;
  return (
    `${c.tools.join(", ")} · ${c.method} ${c.path}${where} ` +
    `· ${c.kind}: ${c.reason}${values}${c.binds.length ? ` [binds ${c.binds.join(", ")}]` : ""}`
  );
}
