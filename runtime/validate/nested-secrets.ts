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
  secretPlaces(p, value, (text) => {
    if (typeof text === "string") found(text);
  });
}

/** A place in a JSON value: its keys and indexes from the top. */
export type ValuePath = readonly (string | number)[];

/**
 * Each value inside a JSON parameter's `value` at a place its shape marks secret (NestedLimits.secret, or a kind of
 * its that is), with its path: one walk for the call's secrets (above) and the command line's rule that such a field is
 * given as a reference (src/cli/support/references.ts).
 */
export function secretPlaces(p: Top, value: unknown, found: (value: unknown, path: ValuePath) => void): void {
  if (p.object) walk(p.object, value, [], found);
  if (p.tuple) walk(p.tuple, value, [], found);
  if (p.items && Array.isArray(value)) for (const [i, item] of value.entries()) walk(p.items, item, [i], found);
  if (p.values && isObject(value)) for (const [key, v] of Object.entries(value)) walk(p.values, v, [key], found);
}

function walk(
  limits: NestedLimits,
  value: unknown,
  path: ValuePath,
  found: (value: unknown, path: ValuePath) => void,
): void {
  if (value === null || value === undefined) return;
  if (limits.secret || limits.kinds?.some((k) => k.secret)) {
    // A map of texts marked secret (its name says so, `credentials`): each value, at its key.
    if (limits.type === "object" && isObject(value))
      for (const [key, v] of Object.entries(value)) found(v, [...path, key]);
    else found(value, path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const at = limits.prefix?.[i] ?? limits.items;
      if (at) walk(at, item, [...path, i], found);
    });
    return;
  }
  if (!isObject(value)) return;
  for (const [key, v] of Object.entries(value)) {
    const at = fieldLimits(limits, value, key);
    if (at) walk(at, v, [...path, key], found);
  }
}

/**
 * A field's limits: its object's, or of a union's shapes those the tag names (all where none is named), one that
 * marks it secret first (which shape an untagged value meets is the check's to say).
 */
function fieldLimits(limits: NestedLimits, record: Record<string, unknown>, key: string): NestedLimits | undefined {
  const own = limits.fields && Object.hasOwn(limits.fields, key) ? limits.fields[key] : undefined;
  if (own || !limits.shapes) return own;
  const tag = limits.tag;
  const named = limits.shapes.filter((s) => tag !== undefined && s.fields[tag]?.enum?.includes(record[tag]));
  const fields = (named.length ? named : limits.shapes).flatMap((s) =>
    Object.hasOwn(s.fields, key) ? [s.fields[key] as NestedLimits] : [],
  );
  return fields.find((f) => f.secret) ?? fields[0];
}

/**
 * A JSON input as its value: an object as it is, JSON text read (text that is no JSON as it is). A workflow or the
 * command line may give a JSON parameter either way; each reads its secret places so (workflow/run.ts,
 * src/workflow/nested-secret-inputs.ts, src/cli/support/references.ts).
 */
export function jsonInput(input: unknown): unknown {
  if (typeof input !== "string") return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
