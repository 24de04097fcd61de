// API Gateway's greedy path variable (`/v1/proxy/{path+}`): the rest of the request's path, its `/` as they are. Some
// documents declare it a list of texts (its segments), which OpenAPI's simple style writes comma-joined, one segment:
// a proxied `chat/completions` would go as `chat%2Fcompletions` or `chat,completions`, a path the service never
// routes. Such a list is drafted as a text of `/`-separated items (`separator: /`, which the link holds to the list's
// items), sent spanning segments (wire.multiSegment, load/operations/multi-segment.ts's `{name+}` mark), each
// segment encoded.
// And what a note says of a link's value (its reserved characters as they are).
import { multiSegmentMarker } from "../../../load/operations/multi-segment.js";
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";

/**
 * `draft` (a parameter the document marks `{name+}`) as a path of segments when it was drafted a list of texts;
 * the review note saying so, or undefined when it was a text already.
 */
export function greedyPathNote(
  draft: ManifestParam,
  declared: Parameters<typeof multiSegmentMarker>[0],
  path: string,
): string | undefined {
  if (multiSegmentMarker(declared, path) !== "{name+}") return undefined;
  const sentAs = String(declared.name);
  if (draft.type !== "json" || draft.jsonType !== "array") return undefined;
  const items = draft.items;
  if (items !== undefined && items.type !== undefined && items.type !== "string") return undefined;
  draft.type = "string";
  for (const key of ["jsonType", "items", "minItems", "maxItems", "example", "default"] as const) delete draft[key];
  if (items?.enum !== undefined) draft.enum = items.enum.map(String);
  draft.separator = "/";
  return (
    `the document declares {${sentAs}} (a greedy path variable: the rest of the path) a list, which its style would ` +
    `send as one segment (\`chat%2Fcompletions\` or \`chat,completions\`): drafted as a text of "/"-separated ` +
    `segments (separator: /) sent spanning segments (wire.multiSegment), each segment encoded`
  );
}

/** What a note says of a path value whose reserved characters go as they are (`reserved`, `as-given`). */
export function linkNote(kind: "reserved" | "as-given", marker: string): string {
  const how =
    kind === "reserved"
      ? `its reserved characters are sent as they are (wire.multiSegment: reserved, RFC 6570's reserved expansion)`
      : `it is sent as given (wire.multiSegment: as-given), a link the service gave`;
  return (
    `${how}, as the document marks it with ${marker}: a value carrying its own query (\`uploads/7?_state=a&n=1\`) ` +
    `sends a path and a query; a "#" or a segment "." or ".." is refused before any request` +
    (kind === "as-given"
      ? `, and a whole address (https://…) is followed only on the call's own origin and under its base path`
      : "")
  );
}
