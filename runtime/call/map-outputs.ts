// Declarative output mapping: each output is read from the response (a JSON
// pointer, a header, the status), a parameter, or a constant.
import { itemAt } from "../common/checked.js";
import { cloneJson } from "../common/clone.js";
import { evaluate, type ExpressionContext } from "../http/expressions.js";
import type { FirstOfSource, OutputSource } from "../spec/tool-types.js";

/**
 * The value of the first place, in the order written, that holds one: present, not null and of the kind `holds` names
 * (a list for an `array` output, never the page object beside it); undefined when none does.
 */
function firstHeld(source: FirstOfSource, ctx: ExpressionContext): unknown {
  const { holds } = source;
  for (const { ref } of source.first) {
    const value = evaluate(ref, ctx);
    if (
      value !== undefined &&
      value !== null &&
      (holds === "array" ? Array.isArray(value) : !holds || typeof value === holds)
    )
      return value;
  }
  return undefined;
}

/** The expression a source reads, as a message names it: its places joined with `or` for a first-of. */
export function expressionOf(source: Exclude<OutputSource, { value: unknown }>): string {
  return "first" in source ? source.first.map((p) => p.expression).join(" or ") : source.expression;
}

export function resolveSource(source: OutputSource, ctx: ExpressionContext): unknown {
  if ("value" in source) return cloneJson(source.value);
  let value = "first" in source ? firstHeld(source, ctx) : evaluate(source.ref, ctx);
  if (source.count) return Array.isArray(value) ? value.length : 0;
  if ((value === undefined || value === null) && source.default !== undefined) value = cloneJson(source.default);
  if ("omit" in source && source.omit && value && typeof value === "object" && !Array.isArray(value))
    value = without(value as Record<string, unknown>, source.omit);
  return value;
}

/**
 * A copy of `value` without the keys `omit` names, made by leaving them out: a copy whose keys were deleted became a
 * dictionary object (a delete other than the last key added), 426 against 57 ns to make and walk once for a three-key
 * body, and slower for every reader after (the secrets' walk, the caller).
 */
function without(value: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (omit.includes(key)) continue;
    // An own `__proto__` of parsed JSON is a key like any other, as a spread copies it: assigned, it would set the
    // copy's prototype.
    if (key === "__proto__")
      Object.defineProperty(copy, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    else copy[key] = value[key];
  }
  return copy;
}

export interface MappedOutputs {
  output: Record<string, unknown>;
  /** Outputs the spec guarantees but the reply lacked. */
  missing: readonly { path: string; expression: string }[];
}

/** None missing: one list for every call (read only), a list made only for one that is. */
const NONE_MISSING: MappedOutputs["missing"] = [];

export function mapOutputs(
  outputs: readonly { path: string; source: OutputSource; optional?: boolean }[],
  ctx: ExpressionContext,
): MappedOutputs {
  const output: Record<string, unknown> = {};
  let missing: { path: string; expression: string }[] | undefined;
  const keys = pathKeys(outputs);
  for (let i = 0; i < outputs.length; i++) {
    const { path, source, optional } = outputs[i] as (typeof outputs)[number];
    const value = resolveSource(source, ctx);
    if (value === undefined && !("value" in source) && source.required && !optional)
      (missing ??= []).push({ path, expression: expressionOf(source) });
    if (optional && (value === undefined || value === null)) continue;
    setAt(output, keys[i] as readonly string[], value === undefined ? null : value);
  }
  return { output, missing: missing ?? NONE_MISSING };
}

// Each list's paths split, in its order, once per list (a tool's outputs, an outcome's: module constants): one lookup
// a call, where each output's path was looked up by its text on every call, twice with the kind check.
const listKeys = new WeakMap<readonly { path: string }[], readonly (readonly string[])[]>();
let lastList: readonly { path: string }[] | undefined;
let lastKeys: readonly (readonly string[])[] = [];

/** The split paths of `outputs`, index for index (the list's own, made on its first call). */
export function pathKeys(outputs: readonly { path: string }[]): readonly (readonly string[])[] {
  // The list of the call before, as a loop over one tool asks: not even the weak map's lookup.
  if (outputs === lastList) return lastKeys;
  let keys = listKeys.get(outputs);
  if (!keys) listKeys.set(outputs, (keys = outputs.map((o) => keysOf(o.path))));
  lastList = outputs;
  lastKeys = keys;
  return keys;
}

// Dotted output paths split once (they come from tool definitions: a small, fixed set).
const splitPaths = new Map<string, string[]>();

function keysOf(dotted: string): string[] {
  let keys = splitPaths.get(dotted);
  if (!keys) splitPaths.set(dotted, (keys = dotted.split(".")));
  return keys;
}

/** The value at a dotted output path (`metadata.total`), or undefined. */
export function readOutputPath(target: Record<string, unknown>, dotted: string): unknown {
  return readAt(target, keysOf(dotted));
}

/** The value at an output path already split (pathKeys), or undefined: a loop, no closure made. */
export function readAt(target: Record<string, unknown>, keys: readonly string[]): unknown {
  let node: unknown = target;
  for (let i = 0; i < keys.length; i++)
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[keys[i] as string] : undefined;
  return node;
}

/** Set a dotted output path, creating the objects on the way. */
export function setOutputPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  setAt(target, keysOf(dotted), value);
}

function setAt(target: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let node = target;
  // Indexed, not a slice of the keys on each call.
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    const key = keys[i] as string;
    if (!node[key] || typeof node[key] !== "object") node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[itemAt(keys, last)] = value;
}
