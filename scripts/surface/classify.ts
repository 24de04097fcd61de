// What changed between two surfaces of a provider package, and how much it
// matters to the people who depend on it. The rule set:
//
//   breaking  a tool, parameter or output removed (a rename is a removal and
//             an addition); a new required parameter, or an optional one
//             made required; a parameter's or output's type changed (nested
//             too); an enum value a parameter accepted removed; a limit
//             tightened or added (minimum, maximum, lengths, pattern, list
//             size, integer); a default changed; a parameter made secret or
//             user-only; a cross-field rule added or changed; auth placement
//             changed; a host the credential went to no longer allowed
//             (server.hosts); an output made optional, or a value an output could
//             take added (an enum value, nullability: consumers switch on
//             them); a status becoming a result (outcome) or no longer one;
//             job states of a polled operation changed; pagination removed
//             (allPages refused), or other list outputs gathered across pages.
//   minor     a new tool, optional parameter or output; an enum value
//             accepted; a host allowed; a limit loosened or removed; a rule removed; an
//             output made guaranteed; an output's possible values narrowed;
//             pagination added (allPages accepted).
//   patch     text (titles, descriptions, examples), wire placement of a parameter,
//             declared error statuses, polling timings, HTTP method or path,
//             how the next page is reached; the rate-limit policy (rateLimits),
//             tighter or looser: it changes when the runtime waits or stops
//             retrying, never what a call accepts or what a result holds, and
//             every error still says whether a retry could help.
import { canonical } from "../canonical-json.js";
import { forbiddenKeysOf, type ForbiddenKeys, type Shape, type Surface, type ToolSurface } from "./surface.js";

export type Level = "breaking" | "minor" | "patch";

export interface Change {
  level: Level;
  provider: string;
  /** The tool (operation id); absent for package-wide changes (auth). */
  tool?: string;
  /** What changed, e.g. `param maxResults`, `output metadata.totalItems`. */
  subject: string;
  /** The rule that classified it, in words. */
  rule: string;
  /** Before and after, when they are values. */
  from?: unknown;
  to?: unknown;
}

const RANK: Record<Level, number> = { patch: 0, minor: 1, breaking: 2 };

export function highest(changes: readonly Change[]): Level | undefined {
  return changes.reduce<Level | undefined>((top, c) => (top === undefined || RANK[c.level] > RANK[top] ? c.level : top), undefined);
}

export function atLeast(level: Level, threshold: Level): boolean {
  return RANK[level] >= RANK[threshold];
}

/**
 * The next version for the largest change (semver; in 0.x a breaking change
 * bumps the minor and anything else the patch, as npm's caret ranges expect).
 */
export function nextVersion(version: string, level: Level | undefined): string {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m || level === undefined) return version;
  let [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (major === 0) {
    if (level === "breaking") [minor, patch] = [minor + 1, 0];
    else patch++;
  } else if (level === "breaking") [major, minor, patch] = [major + 1, 0, 0];
  else if (level === "minor") [minor, patch] = [minor + 1, 0];
  else patch++;
  return `${major}.${minor}.${patch}`;
}

/** Every change from `base` to `head` (either may be absent: a package added or removed). */
export function diffSurfaces(base: Surface | undefined, head: Surface | undefined): Change[] {
  const provider = head?.provider ?? base?.provider ?? "";
  const changes: Change[] = [];
  const add = (c: Omit<Change, "provider">) => changes.push({ provider, ...c });
  if (!base && head) {
    add({ level: "minor", subject: "package", rule: "new package" });
    return changes;
  }
  if (base && !head) {
    add({ level: "breaking", subject: "package", rule: "package removed" });
    return changes;
  }
  if (!base || !head) return changes;
  if (base.auth.placement !== head.auth.placement) add({ level: "breaking", subject: "auth", rule: "credential placement changed", from: base.auth.placement, to: head.auth.placement });
  if (base.auth.param !== head.auth.param) add({ level: "breaking", subject: "auth", rule: "credential parameter renamed", from: base.auth.param, to: head.auth.param });
  if (canonical(base.rateLimits) !== canonical(head.rateLimits)) add({ level: "patch", subject: "rateLimits", rule: "rate-limit policy changed", from: base.rateLimits, to: head.rateLimits });
  // Surfaces before issue 24 have no hosts: nothing to compare.
  if (base.hosts && head.hosts) {
    for (const h of base.hosts) if (!head.hosts.includes(h)) add({ level: "breaking", subject: "hosts", rule: "host no longer allowed (addresses there are refused)", from: h });
    for (const h of head.hosts) if (!base.hosts.includes(h)) add({ level: "minor", subject: "hosts", rule: "host allowed", to: h });
  }
  for (const id of union(Object.keys(base.tools), Object.keys(head.tools))) {
    const before = base.tools[id];
    const after = head.tools[id];
    if (!after) add({ level: "breaking", tool: id, subject: "tool", rule: "tool removed" });
    else if (!before) add({ level: "minor", tool: id, subject: "tool", rule: "new tool" });
    else diffTool(before, after, (c) => add({ tool: id, ...c }));
  }
  return changes;
}

type Add = (c: Omit<Change, "provider" | "tool">) => void;

function diffTool(a: ToolSurface, b: ToolSurface, add: Add): void {
  if (a.title !== b.title) add({ level: "patch", subject: "title", rule: "text changed", from: a.title, to: b.title });
  if (a.description !== b.description) add({ level: "patch", subject: "description", rule: "text changed" });
  if (a.method !== b.method || a.path !== b.path) add({ level: "patch", subject: "request", rule: "upstream method or path changed", from: `${a.method} ${a.path}`, to: `${b.method} ${b.path}` });
  for (const name of union(Object.keys(a.params), Object.keys(b.params))) diffParam(name, a.params[name], b.params[name], add);
  const rules = (t: ToolSurface) => new Set(t.rules.map(canonical));
  for (const r of rules(b)) if (!rules(a).has(r)) add({ level: "breaking", subject: "rule", rule: "cross-field rule added or changed", to: JSON.parse(r) });
  for (const r of rules(a)) if (!rules(b).has(r)) add({ level: "minor", subject: "rule", rule: "cross-field rule removed", from: JSON.parse(r) });
  for (const path of union(Object.keys(a.outputs), Object.keys(b.outputs))) {
    const x = a.outputs[path];
    const y = b.outputs[path];
    const subject = `output ${path}`;
    if (!y) add({ level: "breaking", subject, rule: "output removed" });
    else if (!x) add({ level: "minor", subject, rule: "new output" });
    else {
      if (x.type !== y.type) add({ level: "breaking", subject, rule: "output type changed", from: x.type, to: y.type });
      if (!x.optional && y.optional) add({ level: "breaking", subject, rule: "output made optional" });
      if (x.optional && !y.optional) add({ level: "minor", subject, rule: "output made guaranteed" });
      if (x.description !== y.description) add({ level: "patch", subject, rule: "text changed" });
      diffShape(subject, x.shape, y.shape, add);
    }
  }
  diffStatuses(a.outcomes, b.outcomes, "outcome", "breaking", add);
  diffStatuses(a.errors, b.errors, "error status", "patch", add);
  if (a.polling || b.polling) {
    const states = (t: ToolSurface) => canonical([t.polling?.output, t.polling?.pending, t.polling?.terminal]);
    if (states(a) !== states(b))
      add({
        level: "breaking",
        subject: "polling",
        rule: "job states changed",
        from: a.polling && { pending: a.polling.pending, terminal: a.polling.terminal },
        to: b.polling && { pending: b.polling.pending, terminal: b.polling.terminal },
      });
    else if (canonical(a.polling) !== canonical(b.polling)) add({ level: "patch", subject: "polling", rule: "polling timings changed" });
  }
  if (!a.pagination && b.pagination) add({ level: "minor", subject: "pagination", rule: "pagination added (allPages accepted)" });
  else if (a.pagination && !b.pagination) add({ level: "breaking", subject: "pagination", rule: "pagination removed (allPages refused)" });
  else if (a.pagination && b.pagination) {
    if (canonical(a.pagination.items) !== canonical(b.pagination.items)) add({ level: "breaking", subject: "pagination", rule: "list outputs gathered across pages changed", from: a.pagination.items, to: b.pagination.items });
    if (a.pagination.style !== b.pagination.style) add({ level: "patch", subject: "pagination", rule: "next page reached another way", from: a.pagination.style, to: b.pagination.style });
  }
}

function diffStatuses(a: number[], b: number[], what: string, level: Level, add: Add): void {
  for (const s of b) if (!a.includes(s)) add({ level, subject: `${what} ${s}`, rule: `${what} added` });
  for (const s of a) if (!b.includes(s)) add({ level, subject: `${what} ${s}`, rule: `${what} removed` });
}

type Param = ToolSurface["params"][string];

function diffParam(name: string, a: Param | undefined, b: Param | undefined, add: Add): void {
  const subject = `param ${name}`;
  if (!b) return add({ level: "breaking", subject, rule: "parameter removed" });
  const required = (p: Param) => p.required && p.default === undefined;
  if (!a) return add(required(b) ? { level: "breaking", subject, rule: "new required parameter" } : { level: "minor", subject, rule: "new optional parameter" });
  if (a.type !== b.type || a.jsonType !== b.jsonType) add({ level: "breaking", subject, rule: "parameter type changed", from: a.jsonType ?? a.type, to: b.jsonType ?? b.type });
  if (!required(a) && required(b)) add({ level: "breaking", subject, rule: "parameter made required" });
  if (required(a) && !required(b)) add({ level: "minor", subject, rule: "parameter made optional" });
  if (canonical(a.default) !== canonical(b.default)) add({ level: "breaking", subject, rule: "default changed", from: a.default, to: b.default });
  if (!a.secret && b.secret) add({ level: "breaking", subject, rule: "parameter made secret" });
  if (a.secret && !b.secret) add({ level: "minor", subject, rule: "parameter no longer secret" });
  if (a.visibility !== b.visibility) add({ level: b.visibility === "user-only" ? "breaking" : "minor", subject, rule: "visibility changed", from: a.visibility, to: b.visibility });
  if (!a.integer && b.integer) add({ level: "breaking", subject, rule: "limit tightened: integer", from: false, to: true });
  if (a.integer && !b.integer) add({ level: "minor", subject, rule: "limit loosened: integer", from: true, to: false });
  limit(subject, "minimum", a.minimum, b.minimum, "raise", add);
  limit(subject, "maximum", a.maximum, b.maximum, "lower", add);
  limit(subject, "minLength", a.minLength, b.minLength, "raise", add);
  limit(subject, "maxLength", a.maxLength, b.maxLength, "lower", add);
  limit(subject, "list maxItems", a.list?.maxItems, b.list?.maxItems, "lower", add);
  if (a.pattern !== b.pattern) {
    add(
      b.pattern === undefined
        ? { level: "minor", subject, rule: "limit loosened: pattern removed", from: a.pattern }
        : { level: "breaking", subject, rule: a.pattern === undefined ? "limit added: pattern" : "limit changed: pattern", from: a.pattern, to: b.pattern },
    );
  }
  if (a.format !== b.format) add({ level: b.format ? "breaking" : "minor", subject, rule: "format changed", from: a.format, to: b.format });
  if (a.enum || b.enum) {
    const before = a.enum ?? [];
    const after = b.enum ?? [];
    if (!b.enum) add({ level: "minor", subject, rule: "enum removed (any value accepted)" });
    else if (!a.enum) add({ level: "breaking", subject, rule: "enum added (values restricted)", to: b.enum });
    else {
      for (const v of before) if (!after.includes(v)) add({ level: "breaking", subject, rule: "enum value removed", from: v });
      for (const v of after) if (!before.includes(v)) add({ level: "minor", subject, rule: "enum value added", to: v });
    }
  }
  diffForbiddenKeys(subject, forbiddenKeysOf(a), forbiddenKeysOf(b), add);
  if (canonical(a.example) !== canonical(b.example)) add({ level: "patch", subject, rule: "example changed", from: a.example, to: b.example });
  if (a.wire !== b.wire) add({ level: "patch", subject, rule: "wire placement changed", from: a.wire, to: b.wire });
  if (a.title !== b.title || a.description !== b.description) add({ level: "patch", subject, rule: "text changed" });
}

/** Keys a JSON parameter refuses: one more is breaking, one fewer minor; so is matching them in any case, or no longer. */
function diffForbiddenKeys(subject: string, a: ForbiddenKeys | undefined, b: ForbiddenKeys | undefined, add: Add): void {
  const before = a?.keys ?? [];
  const after = b?.keys ?? [];
  for (const k of after) if (!before.includes(k)) add({ level: "breaking", subject, rule: "limit added: forbidden key", to: k });
  for (const k of before) if (!after.includes(k)) add({ level: "minor", subject, rule: "limit loosened: key no longer forbidden", from: k });
  if (!a || !b) return;
  if (!a.caseInsensitive && b.caseInsensitive) add({ level: "breaking", subject, rule: "limit tightened: forbidden keys in any case" });
  if (a.caseInsensitive && !b.caseInsensitive) add({ level: "minor", subject, rule: "limit loosened: forbidden keys in their own case only" });
  if (a.hint !== b.hint) add({ level: "patch", subject, rule: "text changed", from: a.hint, to: b.hint });
}

/** `tighten`: whether raising (a minimum) or lowering (a maximum) the bound tightens it. */
function limit(subject: string, name: string, a: number | undefined, b: number | undefined, tighten: "raise" | "lower", add: Add): void {
  if (a === b) return;
  if (b === undefined) return add({ level: "minor", subject, rule: `limit loosened: ${name} removed`, from: a });
  if (a === undefined) return add({ level: "breaking", subject, rule: `limit added: ${name}`, to: b });
  const tighter = tighten === "raise" ? b > a : b < a;
  add({ level: tighter ? "breaking" : "minor", subject, rule: `limit ${tighter ? "tightened" : "loosened"}: ${name}`, from: a, to: b });
}

/** Output structure: what consumers read. Removed fields and changed types break them; new fields do not. */
function diffShape(subject: string, a: Shape, b: Shape, add: Add, at = ""): void {
  const where = at ? `${subject} ${at}` : subject;
  if (a.recursive || b.recursive) return;
  if (a.type !== undefined && b.type !== undefined && a.type !== b.type && !(a.type === "integer" && b.type === "number")) {
    return add({ level: "breaking", subject: where, rule: "output type changed", from: a.type, to: b.type });
  }
  if (a.type === "integer" && b.type === "number") add({ level: "breaking", subject: where, rule: "output type widened (integer → number)", from: a.type, to: b.type });
  if (!a.nullable && b.nullable) add({ level: "breaking", subject: where, rule: "output may now be null" });
  if (a.enum || b.enum) {
    const before = a.enum ?? [];
    const after = b.enum ?? [];
    if (a.enum && !b.enum) add({ level: "breaking", subject: where, rule: "output values no longer restricted to an enum", from: a.enum });
    else if (a.enum) {
      for (const v of after) if (!before.includes(v)) add({ level: "breaking", subject: where, rule: "enum value added to an output", to: v });
      for (const v of before) if (!after.includes(v)) add({ level: "minor", subject: where, rule: "enum value no longer output", from: v });
    }
  }
  for (const key of union(Object.keys(a.properties ?? {}), Object.keys(b.properties ?? {}))) {
    const x = a.properties?.[key];
    const y = b.properties?.[key];
    const child = `${at}.${key}`;
    if (x && !y) add({ level: "breaking", subject: `${subject} ${child}`, rule: "output field removed" });
    else if (!x && y) add({ level: "minor", subject: `${subject} ${child}`, rule: "new output field" });
    else if (x && y) {
      const wasRequired = a.required?.includes(key) ?? false;
      const isRequired = b.required?.includes(key) ?? false;
      if (wasRequired && !isRequired) add({ level: "breaking", subject: `${subject} ${child}`, rule: "output field no longer guaranteed" });
      diffShape(subject, x, y, add, child);
    }
  }
  if (a.items && b.items) diffShape(subject, a.items, b.items, add, `${at}[]`);
  if (a.additionalProperties && b.additionalProperties) diffShape(subject, a.additionalProperties, b.additionalProperties, add, `${at}.*`);
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}
