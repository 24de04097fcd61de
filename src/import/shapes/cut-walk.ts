// One walk over the objects of a cut document, for the rewrites add makes in place (a pattern or a format no value
// meets, a union's required fields): each object once (a document's objects may be shared), with the keys that lead
// to it, for the cut's header to name the place.
type Json = Record<string, unknown>;

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
