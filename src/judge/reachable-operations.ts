// The operations a request's path can reach, of those the judge routes among (judge.ts `route`), by the index of
// their paths' segments common/segment-index.ts keeps (the mocks' router uses it too): trying every operation's
// template for each request made a run's routing grow with operations × requests. A template's segment holding an
// expression matches any segment (its value never holds `/`), a literal one only the same raw text (the judge matches
// the path as sent, undecoded); an operation with a value spanning segments may match paths of any count, so every
// request is offered it. The operations found keep their order: the route's verdict over them is its verdict over all,
// as no other operation's template matches the path.
import { type IndexedTemplate, reachableFrom, type SegmentIndex, segmentIndex } from "../common/segment-index.js";
import type { JudgedOperation } from "./operations.js";

const indexes = new WeakMap<readonly JudgedOperation[], SegmentIndex>();

/** Of `operations`, those whose template may match `path` (a path as sent: `/` first), in their order. */
export function reachingOperations(operations: readonly JudgedOperation[], path: string): JudgedOperation[] {
  if (!path.startsWith("/")) return [...operations];
  let index = indexes.get(operations);
  if (!index) indexes.set(operations, (index = segmentIndex(operations.map(indexedTemplate))));
  return reachableFrom(index, path.split("/").slice(1)).map((at) => operations[at] as JudgedOperation);
}

/** An operation's template as the index reads it (common/segment-index.ts `IndexedTemplate`). */
export function indexedTemplate(op: JudgedOperation): IndexedTemplate {
  if (op.params.some((p) => p.in === "path" && p.multiSegment)) return undefined;
  const [first] = op.template.parts;
  if (typeof first !== "string" || !first.startsWith("/")) return undefined;
  // Each segment's text, and whether an expression is in it; the text before the first `/` is empty.
  const segments: { text: string; expression: boolean }[] = [];
  for (const part of op.template.parts) {
    if (typeof part !== "string") {
      (segments.at(-1) as { expression: boolean }).expression = true;
      continue;
    }
    const [head = "", ...rest] = part.split("/");
    const current = segments.at(-1);
    if (current) current.text += head;
    for (const text of rest) segments.push({ text, expression: false });
  }
  return segments.map((s) => (s.expression ? undefined : s.text));
}
