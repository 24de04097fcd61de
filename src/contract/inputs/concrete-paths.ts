// Values a path parameter is not given: those that make its operation's address another path's concrete one.
// OpenAPI matches a concrete path before its templated counterpart (`/extensions/monitoring` before
// `/extensions/{name}`), and so do the mocks and real services: a call of the templated operation whose value spells
// the concrete segment reaches the other operation (the mock answered 404 for an example of the one asked for).
import type { ParamSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation } from "../../load/openapi-document.js";

/** A whole-segment template, `{name}`. */
const TEMPLATE = /^\{([^{}]+)\}$/;

/**
 * For each path parameter of the operation standing alone in its segment, the texts of the document's other paths
 * at that segment, where those paths are the operation's own with concrete segments for some of its templates.
 */
export function concreteSegments(doc: OpenApiDocument, op: OpenApiOperation): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const own = op.path.split("/");
  for (const other of splitPaths(doc).get(own.length) ?? []) {
    const differing: number[] = [];
    let matches = true;
    for (let i = 0; i < own.length && matches; i++) {
      if (own[i] === other[i]) continue;
      // Where they differ, ours is a template and theirs concrete text: their path is ours with a value given.
      if (TEMPLATE.test(own[i] as string) && !(other[i] as string).includes("{")) differing.push(i);
      else matches = false;
    }
    // Concrete in two segments or more, the other path is reached by those values together only (`global` with
    // `boxSkillsCards`): each alone is a value of its own (an enum of two, each in such a path, had none left).
    if (!matches || differing.length !== 1) continue;
    for (const i of differing) {
      const name = TEMPLATE.exec(own[i] as string)?.[1] as string;
      const texts = out.get(name) ?? new Set<string>();
      texts.add(decodeSegment(other[i] as string));
      out.set(name, texts);
    }
  }
  return out;
}

const splitOf = new WeakMap<OpenApiDocument, Map<number, string[][]>>();

/** The document's paths split into segments, by their number of segments (once per document). */
function splitPaths(doc: OpenApiDocument): Map<number, string[][]> {
  let byLength = splitOf.get(doc);
  if (byLength) return byLength;
  byLength = new Map();
  const paths = (doc.source.data as { paths?: Record<string, unknown> }).paths ?? {};
  for (const path of Object.keys(paths)) {
    const segments = path.split("/");
    const same = byLength.get(segments.length) ?? [];
    same.push(segments);
    byLength.set(segments.length, same);
  }
  splitOf.set(doc, byLength);
  return byLength;
}

const segmentsOf = new WeakMap<OpenApiOperation, Map<string, Set<string>>>();

/**
 * Whether `value` of a path parameter spells another path's concrete segment where the parameter stands (the
 * operation's segments worked out once).
 */
export function reachesConcretePath(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  param: ParamSpec,
  value: unknown,
): boolean {
  if (param.wire.in !== "path" || (typeof value !== "string" && typeof value !== "number")) return false;
  let segments = segmentsOf.get(op);
  if (!segments) segmentsOf.set(op, (segments = concreteSegments(doc, op)));
  return segments.get(param.wire.name)?.has(String(value)) ?? false;
}

function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
