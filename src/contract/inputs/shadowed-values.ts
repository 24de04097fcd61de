// Values of a path parameter that address another operation: a router matches a concrete path before a templated one
// (OpenAPI: "concrete (non-templated) paths would be matched before their templated counterparts"), so with
// `GET /items/{name}` and `GET /items/featured` in one document, `name: featured` reaches the second operation, its
// answers and examples, not the tool's. Such a value is no input of the tool: the suite's values leave it out.
import type { ParamSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation } from "../../load/openapi-document.js";
import { routePath } from "../../load/operation-index.js";

// Read once per operation: `accepts` asks for every value drawn.
const known = new WeakMap<OpenApiOperation, Map<string, Set<string>>>();

const WHOLE_TEMPLATE = /^\{([^{}]+)\}$/;

/** Whether `value` of the path parameter `param` makes the tool's address another operation's. */
export function addressesAnother(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  param: ParamSpec,
  value: unknown,
): boolean {
  if (param.wire.in !== "path" || (typeof value !== "string" && typeof value !== "number")) return false;
  return (
    shadowedPathValues(doc, op)
      .get(param.wire.name ?? param.name)
      ?.has(String(value)) ?? false
  );
}

/**
 * Per path parameter (its wire name) of `op`, the values that make its address another operation's of the same
 * method: a sibling path with a literal segment where `op`'s is the whole `{name}`, and otherwise no more general
 * (each of its other segments the same literal, or a template where `op` has one too).
 */
export function shadowedPathValues(doc: OpenApiDocument, op: OpenApiOperation): Map<string, Set<string>> {
  let out = known.get(op);
  if (out) return out;
  out = new Map<string, Set<string>>();
  known.set(op, out);
  const own = segments(op.path);
  for (const other of doc.operations.values()) {
    // A key holding its own query is served at a path of its own (mock-document.ts).
    if (other === op || other.method !== op.method || other.path.includes("?")) continue;
    const theirs = segments(other.path);
    if (theirs.length !== own.length) continue;
    let at: number | undefined;
    let shadows = true;
    for (let i = 0; i < own.length && shadows; i++) {
      const mine = WHOLE_TEMPLATE.exec(own[i] as string);
      const literal = !(theirs[i] as string).includes("{");
      if (mine && literal && at === undefined) at = i;
      else if (mine) shadows = WHOLE_TEMPLATE.test(theirs[i] as string);
      else shadows = own[i] === theirs[i];
    }
    if (!shadows || at === undefined) continue;
    const name = (WHOLE_TEMPLATE.exec(own[at] as string) as RegExpExecArray)[1] as string;
    const values = out.get(name) ?? new Set<string>();
    values.add(decoded(theirs[at] as string));
    out.set(name, values);
  }
  return out;
}

function segments(path: string): string[] {
  return routePath(path).split("/");
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
