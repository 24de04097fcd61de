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
  if ("omit" in source && source.omit && value && typeof value === "object" && !Array.isArray(value)) {
    const copy = { ...(value as Record<string, unknown>) };
    for (const key of source.omit) delete copy[key];
    value = copy;
  }
  return value;
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
  for (const { path, source, optional } of outputs) {
    const value = resolveSource(source, ctx);
    if (value === undefined && !("value" in source) && source.required && !optional)
      (missing ??= []).push({ path, expression: expressionOf(source) });
    if (optional && (value === undefined || value === null)) continue;
    setOutputPath(output, path, value === undefined ? null : value);
  }
  return { output, missing: missing ?? NONE_MISSING };
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
  return keysOf(dotted).reduce<unknown>(
    (node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    target,
  );
}

/** Set a dotted output path, creating the objects on the way. */
export function setOutputPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = keysOf(dotted);
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
