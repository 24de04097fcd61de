// Draws of a path value that is, or holds, a dot segment ("." or ".."), which the runtime refuses before any request
// (rule pathSegment): an address resolves it away and the request would go to another resource; and, spanning
// segments, an empty segment.
import fc from "fast-check";
import type { ParamSpec } from "@blockwright/runtime/internal";

/** How a draw breaks one rule of parameter `p` (invalid-inputs.ts). */
export type Breaks = (
  p: string,
  value: fc.Arbitrary<unknown>,
  rule: string | string[],
  broken: string,
  shown?: boolean,
) => void;

/** The dot segments of `p` in a path: the whole value, one inside a value spanning segments, a list's one item. */
export function dotSegmentBreakers(p: ParamSpec, places: Set<string>, set: Breaks): void {
  if (!places.has("path") || p.enum) return;
  if (p.type === "json") {
    // A list in style simple is its items between commas (no limit of its items refusing the item first).
    const style = p.wire.in === "path" ? p.wire.encoding : undefined;
    const simple = p.wire.in === "path" && (!style || (!style.json && style.style === "simple"));
    if (simple && p.jsonType === "array" && !p.items && (p.minItems ?? 0) <= 1)
      set(p.name, fc.constantFrom(["."], [".."]), "pathSegment", "a dot segment as its one item");
    return;
  }
  // A dot segment is one or two characters: a pattern or a longer minLength may refuse it first.
  const first = [...(p.pattern ? ["pattern"] : []), ...((p.minLength ?? 0) > 1 ? ["minLength"] : [])];
  set(p.name, fc.constantFrom(".", ".."), ["pathSegment", ...first], "a dot segment");
  // A value spanning segments (a file path) holds one among others.
  if (p.wire.in === "path" && p.wire.multiSegment) {
    const short = (p.maxLength ?? Infinity) < 8 ? ["maxLength"] : [];
    set(
      p.name,
      fc.constantFrom("zq/../zq", "./zqf", "zqd/."),
      ["pathSegment", ...first, ...short],
      "a dot segment inside",
    );
    // An empty one too: "//" first in the path, which an address reads as a host (one leading "/" of an as-given link
    // is joined with the template's: runtime/http/path-link.ts).
    set(p.name, fc.constantFrom("//zq", "zq//zq", "zq/"), ["pathSegment", ...first], "an empty segment inside");
  }
}
