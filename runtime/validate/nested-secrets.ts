// The texts a JSON parameter's value holds at places its shape marks secret (NestedLimits.secret: a password inside an
// object, `passwordProfile.password`; a stored secret's `payload.data`): the call's secrets too, kept out of everything
// it returns, as a secret parameter's value is (single-call.ts). A refusal of such a field withholds it already
// (nested-limits.ts); an upstream's error echoing it, a log or a recording did not. Part of the runtime's support
// (call/support.ts `nestedSecrets`): bundled only by packages with a tool whose JSON parameter holds such a field.
import type { NestedLimits } from "../spec/param-types.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";

/** The nested limits a JSON parameter's value is read by, at its top. */
type Top = Pick<ParamCall, "keys" | "values" | "items" | "object" | "tuple">;

/** Each tool's JSON parameters whose shape marks a text inside them secret: looked for once per (immutable) tool. */
const holders = new WeakMap<Pick<ToolCall, "params">, readonly ParamCall[]>();

/** The texts of a call's values at places its tool's JSON parameters mark secret, each given to `found`. */
export function nestedSecretTexts(
  tool: Pick<ToolCall, "params">,
  values: Readonly<Record<string, unknown>>,
  found: (text: string) => void,
): void {
  let params = holders.get(tool);
  if (!params) holders.set(tool, (params = tool.params.filter(holdsNestedSecret)));
  for (const p of params) if (Object.hasOwn(values, p.name)) nestedSecrets(p, values[p.name], found);
}

/** Whether a JSON parameter's shape marks a text inside it secret, at any depth (not a secret parameter's own). */
export function holdsNestedSecret(p: Top & Pick<ParamCall, "type" | "secret">): boolean {
  if (p.type !== "json" || p.secret) return false;
  const seen = new Set<NestedLimits>();
  return [p.values, p.items, p.object, p.tuple].some((limits) => limits !== undefined && marks(limits, seen));
}

function marks(limits: NestedLimits, seen: Set<NestedLimits>): boolean {
  // The link may share one limits record between places (a schema met twice): each looked at once.
  if (seen.has(limits)) return false;
  seen.add(limits);
  if (limits.secret) return true;
  const inner = [
    ...Object.values(limits.fields ?? {}),
    ...(limits.items ? [limits.items] : []),
    ...(limits.prefix ?? []),
    ...(limits.kinds ?? []),
    ...(limits.shapes ?? []).flatMap((s) => Object.values(s.fields)),
  ];
  return inner.some((l) => marks(l, seen));
}

/** Each text of `value` (a JSON parameter's, as validated) at a place its shape marks secret, given to `found`. */
export function nestedSecrets(p: Top, value: unknown, found: (text: string) => void): void {
  if (p.object) walk(p.object, value, found);
  if (p.tuple) walk(p.tuple, value, found);
  if (p.items && Array.isArray(value)) for (const item of value) walk(p.items, item, found);
  if (p.values && isObject(value)) for (const v of Object.values(value)) walk(p.values, v, found);
}

function walk(limits: NestedLimits, value: unknown, found: (text: string) => void): void {
  if (typeof value === "string") {
    if (limits.secret || limits.kinds?.some((k) => k.secret)) found(value);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const at = limits.prefix?.[i] ?? limits.items;
      if (at) walk(at, item, found);
    });
    return;
  }
  if (!isObject(value)) return;
  // A field is read by each shape that names it (which shape a union's value meets is the check's to say).
  const fieldSets = [limits.fields, ...(limits.shapes ?? []).map((s) => s.fields)];
  for (const [name, v] of Object.entries(value))
    for (const fields of fieldSets) {
      const at = fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (at) walk(at, v, found);
    }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
