// `{{block_id.output_path}}` references to upstream outputs and `{{NAME}}`
// references to secrets or environment variables, in block inputs.
//
// A value that is exactly one reference keeps the referenced value's type; a
// reference inside longer text is interpolated (objects and arrays as JSON).
// `\{{` writes a literal `{{`.

import { defined } from "../common/checked.js";
import { ownValue } from "../common/own.js";

export type PathSegment = string | number;

export type Reference =
  | { kind: "output"; block: string; path: PathSegment[]; text: string }
  | { kind: "env"; name: string; text: string };

/** Where a reference sits inside an input value (object keys and array indexes). */
export type ValuePath = (string | number)[];

const TOKEN = /\\\{\{|\{\{([^{}]*)\}\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BLOCK_ID = /^[A-Za-z_][A-Za-z0-9_-]*/;

export class ReferenceSyntaxError extends Error {}

/** Parse the inside of `{{…}}`. */
export function parseReference(inner: string): Reference {
  const text = inner.trim();
  if (ENV_NAME.test(text)) return { kind: "env", name: text, text };
  const id = BLOCK_ID.exec(text)?.[0];
  if (!id || text[id.length] !== ".")
    throw new ReferenceSyntaxError(`invalid reference {{${inner}}}: expected {{NAME}} or {{block_id.output_path}}`);
  const path: PathSegment[] = [];
  let rest = text.slice(id.length);
  while (rest) {
    const m = /^\.([A-Za-z_$@][A-Za-z0-9_$@-]*)|^\[(\d+)\]/.exec(rest);
    if (!m) throw new ReferenceSyntaxError(unreadablePath(inner, text, rest));
    path.push(m[1] !== undefined ? m[1] : Number(m[2]));
    rest = rest.slice(m[0].length);
  }
  return { kind: "output", block: id, path, text };
}

/**
 * Why a reference's path cannot be read, and, for a list's item written as a field (`.0`, as other tools write it),
 * the reference as it is written here (`[0]`).
 */
function unreadablePath(inner: string, text: string, rest: string): string {
  const said = `invalid reference {{${inner}}}: cannot read the path at ${JSON.stringify(rest)}`;
  if (!/^\.\d/.test(rest)) return said;
  const bracketed = text.replace(/\.(\d+)(?=\.|\[|$)/g, "[$1]");
  return `${said}: a list's item is written with its index in brackets, {{${bracketed}}}`;
}

/** The variable name when `value` is exactly one `{{NAME}}` reference (how secrets must be given). */
export function envReferenceName(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const name = /^\{\{([^{}]*)\}\}$/.exec(value.trim())?.[1]?.trim();
  return name !== undefined && ENV_NAME.test(name) ? name : undefined;
}

type Part = string | Reference;

/** Split text into literal parts and references. */
export function parseTemplate(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  let literal = "";
  for (const m of text.matchAll(TOKEN)) {
    literal += text.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === "\\{{") {
      literal += "{{";
      continue;
    }
    if (literal) parts.push(literal);
    literal = "";
    parts.push(parseReference(defined(m[1], "the text of a reference")));
  }
  literal += text.slice(last);
  if (literal) parts.push(literal);
  return parts;
}

/** Whether a template is exactly one reference to an upstream output (`{{block.path}}`), which keeps its type. */
export function isOneOutput(template: string): boolean {
  try {
    const parts = parseTemplate(template);
    return parts.length === 1 && typeof parts[0] !== "string" && parts[0]?.kind === "output";
  } catch {
    return false;
  }
}

/** Every reference in a value (strings inside objects and arrays included), with where it sits. */
export function collectReferences(value: unknown, at: ValuePath = []): { reference: Reference; at: ValuePath }[] {
  if (typeof value === "string") {
    if (!value.includes("{{")) return [];
    return parseTemplate(value)
      .filter((p): p is Reference => typeof p !== "string")
      .map((reference) => ({ reference, at }));
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => collectReferences(v, [...at, i]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => collectReferences(v, [...at, k]));
  return [];
}

/** Resolve every reference in `value` with `lookup`. */
export function resolveValue(value: unknown, lookup: (reference: Reference) => unknown): unknown {
  if (typeof value === "string") {
    if (!value.includes("{{")) return value;
    const parts = parseTemplate(value);
    const [only] = parts;
    if (parts.length === 1 && only !== undefined && typeof only !== "string") return lookup(only);
    return parts.map((p) => (typeof p === "string" ? p : interpolate(lookup(p)))).join("");
  }
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, lookup));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, lookup)]));
  return value;
}

function interpolate(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Read a path (keys and indexes) from a value: own properties only, so
 * `{{x.data.constructor}}` finds nothing rather than a function; an index
 * reads an array, a key an object.
 */
export function readPath(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (typeof segment === "number" ? !Array.isArray(current) : Array.isArray(current)) return undefined;
    current = ownValue(current, segment);
  }
  return current;
}

/** Why `path` finds nothing in `value`: what the deepest step that exists holds. */
export function unresolvedReason(value: unknown, path: readonly PathSegment[], root: string): string {
  let current = value;
  let at = root;
  for (const segment of path) {
    const next = `${at}${formatPath([segment])}`;
    if (Array.isArray(current)) {
      if (typeof segment !== "number") return `${at} is a list (of ${current.length}), read it with [n]`;
      if (segment >= current.length)
        return (
          `${at} has ${current.length} ` +
          `item${current.length === 1 ? "" : "s"}${current.length ? ` (indexes 0–${current.length - 1})` : ""}`
        );
    } else if (current !== null && typeof current === "object") {
      if (typeof segment === "number") return `${at} is an object, not a list`;
      if (!Object.hasOwn(current, segment)) {
        const keys = Object.keys(current);
        const has = keys.length
          ? ` (it has ${keys.slice(0, 12).join(", ")}${keys.length > 12 ? ", …" : ""})`
          : " (it is empty)";
        return `${at} has no ${JSON.stringify(segment)}${has}`;
      }
    } else {
      return current === undefined
        ? `${at} is missing`
        : `${at} is ${current === null ? "null" : `a ${typeof current}`}, which has ` +
            `no ${JSON.stringify(String(segment))}`;
    }
    current = (current as Record<string | number, unknown>)[segment];
    at = next;
  }
  return `${at} is missing`;
}

export function formatPath(path: readonly PathSegment[]): string {
  return path.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
}
