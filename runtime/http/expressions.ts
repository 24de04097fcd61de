// Runtime expressions in the style of Arazzo: `$response.body#/records`,
// `$response.header.x-request-id`, `$statusCode`, `$params.recordId`.
import { ownValue } from "../common/own.js";
import type { ValueRef } from "../spec/tool-types.js";
import { headerValue } from "./header-values.js";

export function parseExpression(text: string): ValueRef {
  if (text === "$statusCode") return { kind: "status" };
  if (text === "$response.body") return { kind: "body", pointer: [] };
  if (text.startsWith("$response.body#"))
    return { kind: "body", pointer: [...parsePointer(text.slice("$response.body#".length))] };
  if (text.startsWith("$response.header."))
    return { kind: "header", name: text.slice("$response.header.".length).toLowerCase() };
  if (text.startsWith("$params.")) return { kind: "param", name: text.slice("$params.".length) };
  throw new Error(`unknown expression ${JSON.stringify(text)}`);
}

/**
 * The expression's text (parseExpression's inverse; a header name in lower case, `$response.body#` for the whole body).
 */
export function formatExpression(ref: ValueRef): string {
  switch (ref.kind) {
    case "status":
      return "$statusCode";
    case "body":
      return `$response.body#${formatPointer(ref.pointer)}`;
    case "header":
      return `$response.header.${ref.name}`;
    case "param":
      return `$params.${ref.name}`;
  }
}

/** RFC 6901 JSON pointer → segments ("" is the whole document). The array is shared: do not change it. */
export function parsePointer(pointer: string): readonly string[] {
  let segments = pointers.get(pointer);
  if (segments) return segments;
  if (pointer === "") segments = [];
  else if (!pointer.startsWith("/")) throw new Error(`a JSON pointer starts with "/", got ${JSON.stringify(pointer)}`);
  else
    segments = pointer
      .slice(1)
      .split("/")
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  // Pointers come from tool definitions (a small, fixed set), parsed on every call: remembered.
  if (pointers.size >= 1024) pointers.clear();
  pointers.set(pointer, segments);
  return segments;
}

const pointers = new Map<string, readonly string[]>();

export function formatPointer(segments: readonly string[]): string {
  return segments.map((s) => "/" + s.replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/**
 * The value at a parsed pointer. Beyond RFC 6901, a negative index counts
 * from the end of an array: `/data/-1/id` is the id of the last item.
 */
export function getAtPointer(value: unknown, pointer: readonly string[]): unknown {
  let current = value;
  for (const segment of pointer) {
    if (current === null || typeof current !== "object") return undefined;
    current =
      Array.isArray(current) && NEGATIVE_INDEX.test(segment)
        ? current[current.length + Number(segment)]
        : ownValue(current, segment);
  }
  return current;
}

/** `-1`, `-2`, …: an array index counted from the end. */
export const NEGATIVE_INDEX = /^-[1-9]\d*$/;

export interface ExpressionContext {
  status: number;
  body: unknown;
  headers: Headers;
  params: Record<string, unknown>;
}

// Every value an expression finds, where a `*` segment of a body pointer
// stands for each item of a list (`/error/errors/*/reason`: every error's
// reason; on an object, `*` is the key `*`). Values not found are left out.
export function evaluateAll(ref: ValueRef, ctx: ExpressionContext): unknown[] {
  if (ref.kind !== "body") return [evaluate(ref, ctx)].filter((v) => v !== undefined);
  let found: unknown[] = [ctx.body];
  for (const segment of ref.pointer)
    found = found.flatMap((value) =>
      segment === "*" && Array.isArray(value) ? value.slice(0, WILDCARD_ITEMS) : [getAtPointer(value, [segment])],
    );
  return found.filter((v) => v !== undefined);
}

/** The most items of a list a `*` segment looks at: an upstream's list is not trusted to be short. */
const WILDCARD_ITEMS = 100;

export function evaluate(ref: ValueRef, ctx: ExpressionContext): unknown {
  switch (ref.kind) {
    case "status":
      return ctx.status;
    case "body":
      return getAtPointer(ctx.body, ref.pointer);
    case "header": {
      const text = ctx.headers.get(ref.name);
      if (text === null) return undefined;
      return ref.as ? headerValue(text, ref.as) : text;
    }
    case "param":
      return ctx.params[ref.name];
  }
}
