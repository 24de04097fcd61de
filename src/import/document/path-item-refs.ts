// Path items given by reference (`/support/address: {$ref: "#/paths/~1address"}`, 3.1's
// `{$ref: "#/components/pathItems/Address"}`), written out where they are referenced. OpenAPI allows a path item to be
// a `$ref` to another; a multi-file document's are written out when it is bundled (@redocly/openapi-core), but one
// pointing inside the document stayed a reference, and every reader of paths (the picker, the cut, the draft, the
// comparison of versions) saw no operation there: its operations were left out without a word.
type Json = Record<string, unknown>;

/** `doc` with each path item that is a local `$ref` replaced by a copy of what it points to (its siblings kept). */
export function withPathItemRefsWrittenOut(doc: Json): Json {
  const paths = doc.paths;
  if (!isNode(paths)) return doc;
  for (const [path, item] of Object.entries(paths)) {
    if (!isNode(item) || typeof item.$ref !== "string") continue;
    const target = pathItemAt(doc, item.$ref, new Set([path]));
    if (target === undefined) continue;
    const { $ref: _ref, ...siblings } = item;
    paths[path] = { ...structuredClone(target), ...siblings };
  }
  return doc;
}

/** The path item a local reference points to, following references to references; undefined where none is there. */
function pathItemAt(doc: Json, ref: string, seen: Set<string>): Json | undefined {
  if (!ref.startsWith("#/") || seen.has(ref)) return undefined;
  seen.add(ref);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = isNode(node) ? node[key] : undefined;
  }
  if (!isNode(node)) return undefined;
  return typeof node.$ref === "string" ? pathItemAt(doc, node.$ref, seen) : node;
}

function isNode(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
