// Upstream drift, scoped to what we bind: diff two versions of a provider's
// published document and keep only the changes that touch what our manifest
// uses — its operations, the wire names and places of its parameters, the
// body fields it writes, the response fields its outputs read, its
// credential — each as a to-do against our own spec. The rest is counted.
import {
  defined,
  formatPointer,
  type OutputSource,
  parsePointer,
  type ToolSpec,
  type ValueRef,
  type WireConstant,
  type WireSpec,
  ownOf,
} from "@blockwright/runtime/internal";
import { canonical } from "../common/canonical-json.js";
import { credentialOf, type SecurityScheme } from "../load/openapi-document.js";
import { authPlacement, placementWords } from "../link/auth/auth.js";
import { documentFacts, operationKey, type Fact } from "./facts.js";

export interface Binding {
  /** Operation keys (`METHOD /path/{}`) we call, with the tools that call them. */
  operations: Map<string, string[]>;
  /** Per operation: `in:name` of every parameter we send. */
  params: Map<string, Set<string>>;
  /** Per operation: body pointers we write (`*` for array items; "" is the whole body). */
  body: Map<string, Set<string>>;
  /** Per operation: response pointers our outputs read. */
  response: Map<string, Set<string>>;
  /** The credential's placement: `header:X-Api-Key`, `query:key`, `bearer`. */
  credential: string;
}

export interface DriftItem {
  /** The tools affected. */
  tools: string[];
  op: string;
  what: string;
  change: "added" | "removed" | "changed";
  from?: unknown;
  to?: unknown;
}

export interface DriftReport {
  bound: DriftItem[];
  /** Changed facts we do not bind, and the operations they are in. */
  unbound: { count: number; operations: number };
  /** Operations we call that the published document does not have (at either version). */
  unmatched: string[];
}

/** A pointer as facts.ts writes one: array indexes as `*`. */
const star = (segments: readonly string[]) => formatPointer(segments.map((s) => (/^\d+$/.test(s) ? "*" : s)));

/**
 * What the tools bind. `serverPath` is the path of our spec's server (a
 * spec cut from a published document keeps its `/api` there, not in its
 * paths), so that operations are keyed as the published document's are.
 */
export function bindingOf(tools: readonly ToolSpec[], serverPath = ""): Binding {
  const b: Binding = { operations: new Map(), params: new Map(), body: new Map(), response: new Map(), credential: "" };
  const add = (map: Map<string, Set<string>>, op: string, value: string) =>
    map.set(op, (map.get(op) ?? new Set()).add(value));
  for (const tool of tools) {
    b.credential = authPlacement(tool.auth);
    const targets = [
      { method: tool.method, path: tool.path, wire: {} as Record<string, WireSpec> },
      ...tool.routes.map((r) => ({ method: r.method, path: r.path, wire: r.wire })),
    ];
    for (const target of targets) {
      const op = operationKey(target.method, serverPath, target.path);
      b.operations.set(op, [...new Set([...(b.operations.get(op) ?? []), tool.id])]);
      const place = (w: WireSpec | WireConstant) => {
        if (w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie")
          add(b.params, op, `${w.in}:${w.name}`);
        else if (w.in === "body") add(b.body, op, star(parsePointer(w.pointer)));
        else if (w.in === "switch") w.whenTrue.forEach(place);
      };
      for (const p of tool.params) place(ownOf(target.wire, p.name) ?? p.wire);
      tool.constants.forEach(place);
      for (const o of [...tool.outputs, ...tool.outcomes.flatMap((outcome) => outcome.outputs)])
        for (const ref of sourceRefs(o.source)) if (ref.kind === "body") add(b.response, op, star(ref.pointer));
    }
  }
  return b;
}

/** Pointers on one line of descent: one is the other, or contains it (`""` contains everything). */
function related(a: string, b: string): boolean {
  return a === b || a === "" || b === "" || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

function parentOf(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf("/")));
}

function isBound(fact: Fact, b: Binding, other: Fact | undefined): boolean {
  if (fact.kind === "scheme") {
    const placement = (f: Fact | undefined) => {
      const credential = f ? credentialOf(JSON.parse(f.value) as SecurityScheme) : undefined;
      return credential ? placementWords(credential) : undefined;
    };
    return placement(fact) === b.credential || placement(other) === b.credential;
  }
  if (!b.operations.has(fact.op)) return false;
  const required = (f: Fact | undefined) => !!f && (JSON.parse(f.value) as { required?: boolean }).required === true;
  switch (fact.kind) {
    case "operation":
    case "security":
    case "status":
      return true;
    case "param":
      return (b.params.get(fact.op)?.has(fact.where) ?? false) || required(fact) || required(other);
    case "body": {
      const ours = [...(b.body.get(fact.op) ?? [])];
      const pointer = fact.where === "/" ? "" : fact.where;
      // A field we write, or a field that the objects we write into now require.
      return (
        ours.some((p) => related(p, pointer)) ||
        ((required(fact) || required(other)) &&
          (parentOf(pointer) === "" || ours.some((p) => related(p, parentOf(pointer)))))
      );
    }
    case "response": {
      const pointer = fact.where === "/" ? "" : fact.where;
      return [...(b.response.get(fact.op) ?? [])].some((p) => related(p, pointer));
    }
  }
}

/** What a fact is, in a drift item's words. */
function whatOf(fact: Fact): string {
  if (fact.kind === "operation") return "operation";
  if (fact.kind === "security") return "security requirement";
  if (fact.kind === "scheme") return `security scheme ${fact.where}`;
  if (fact.kind === "status") return `response ${fact.where}`;
  const part =
    fact.kind === "body" ? "request body" : fact.kind === "response" ? `response ${fact.status}` : "parameter";
  return `${part} ${fact.where}`;
}

/** Changes between two versions of a published document, split into what we bind and what we do not. */
export function drift(older: Record<string, unknown>, newer: Record<string, unknown>, binding: Binding): DriftReport {
  const before = documentFacts(older);
  const after = documentFacts(newer);
  const bound: DriftItem[] = [];
  const unboundOps = new Set<string>();
  let unbound = 0;
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(key);
    const b = after.get(key);
    if (a && b && a.value === b.value) continue;
    const fact = defined(b ?? a, `the fact ${key}`);
    if (!isBound(fact, binding, b ? a : undefined)) {
      unbound++;
      unboundOps.add(fact.op);
      continue;
    }
    bound.push({
      tools: binding.operations.get(fact.op) ?? [],
      op: fact.op,
      what: whatOf(fact),
      change: !a ? "added" : !b ? "removed" : "changed",
      ...(a && a.value !== "present" && a.value !== "declared" ? { from: JSON.parse(a.value) } : {}),
      ...(b && b.value !== "present" && b.value !== "declared" ? { to: JSON.parse(b.value) } : {}),
    });
  }
  const published = new Set(
    [...before.values(), ...after.values()].filter((f) => f.kind === "operation").map((f) => f.op),
  );
  return {
    bound,
    unbound: { count: unbound, operations: unboundOps.size },
    unmatched: [...binding.operations.keys()].filter((op) => !published.has(op)).sort(),
  };
}

/** A to-do line for one bound change, against our spec file. */
export function todo(item: DriftItem, spec: string): string {
  const values =
    item.change === "changed"
      ? `: ${difference(item.from, item.to)}`
      : item.change === "added" && item.to !== undefined
        ? `: ${canonical(item.to)}`
        : "";
  return (
    `${item.tools.join(", ") || "(credential)"} · ${item.op} · ${item.what} ${item.change}${values} ` +
    `→ review ${spec}`
  );
}

/** What differs between two summaries, key by key (enums as values removed and added). */
function difference(from: unknown, to: unknown): string {
  if (!from || !to || typeof from !== "object" || typeof to !== "object")
    return `${canonical(from)} → ${canonical(to)}`;
  const a = from as Record<string, unknown>;
  const b = to as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (canonical(a[key]) === canonical(b[key])) continue;
    if (Array.isArray(a[key]) && Array.isArray(b[key])) {
      const removed = (a[key] as unknown[]).filter((v) => !(b[key] as unknown[]).includes(v));
      const added = (b[key] as unknown[]).filter((v) => !(a[key] as unknown[]).includes(v));
      parts.push(
        `${key}${removed.length ? ` without ${removed.map((v) => canonical(v)).join(", ")}` : ""}` +
          `${added.length ? `${removed.length ? " and" : ""} with ${added.map((v) => canonical(v)).join(", ")}` : ""}`,
      );
    } else
      parts.push(
        `${key} ${a[key] === undefined ? "(none)" : canonical(a[key])} ` +
          `→ ${b[key] === undefined ? "(none)" : canonical(b[key])}`,
      );
  }
  return parts.join("; ");
}

/** The places an output reads: its expression's, or each of a first-of's; none for a constant. */
export function sourceRefs(source: OutputSource): ValueRef[] {
  return "value" in source ? [] : "first" in source ? source.first.map((p) => p.ref) : [source.ref];
}
