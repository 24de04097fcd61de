// One walk over the objects of a cut document, for the rewrites add makes in place (a pattern or a format no value
// meets, a union's required fields): each object once (a document's objects may be shared), with the keys that lead
// to it, for the cut's header to name the place.
type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A local `$ref` followed in the cut, a few hops at most. */
export function resolved(cut: Json, value: unknown): unknown {
  let node = value;
  for (let hops = 0; hops < 8 && isJson(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/"); hops++) {
    let at: unknown = cut;
    for (const key of node.$ref.slice(2).split("/"))
      at = isJson(at) ? at[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    node = at;
  }
  return node;
}

/** A union's shape as a cut's header names it: its component's name, else its title, else its place in the union. */
export function shapeName(shape: unknown, index: number): string {
  if (isJson(shape) && typeof shape.$ref === "string") return shape.$ref.split("/").at(-1) ?? shape.$ref;
  return isJson(shape) && typeof shape.title === "string" ? shape.title : `shape ${index + 1}`;
}

/**
 * Calls `visit` on every object of `cut` (not on arrays, whose items it walks), each once; `visit` changes the object
 * in place and says what it changed, if anything. Keys `skip` names are not walked into (data, not schemas). Each
 * place changed, as `components.schemas.Zq (what changed)`.
 */
export function rewriteEachObject(
  cut: Json,
  visit: (node: Json) => string | undefined,
  skip: (key: string) => boolean = () => false,
): string[] {
  const changed: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, at: string[]): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...at, String(i)]);
      return;
    }
    const what = visit(node as Json);
    if (what !== undefined) changed.push(`${at.join(".")} (${what})`);
    for (const [key, value] of Object.entries(node)) if (!skip(key)) walk(value, [...at, key]);
  };
  walk(cut, []);
  return changed;
}
