// Branches of a `oneOf` alike but for their words (title, description,
// examples): every value one takes the other takes too, so no value of one is
// of exactly one shape. The walk tries one of each set of such twins: a union
// of many twins (one shape per network, written out alike but for its title)
// beside a few shapes of their own spent the walk's bound of branches on the
// twins, and no value was made where one of the others makes one.

/** Keys that describe a value without ruling any out. */
const WORDS = new Set(["title", "description", "summary", "$comment", "example", "examples", "externalDocs", "xml"]);

/** A schema's rules as one text: its words left out at every level ($refs compared by their targets' names). */
function rules(schema: unknown): string {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node).sort())
      if (!WORDS.has(key))
        out[key] =
          key === "enum" || key === "const"
            ? (node as Record<string, unknown>)[key]
            : strip((node as Record<string, unknown>)[key]);
    return out;
  };
  return JSON.stringify(strip(schema));
}

/** Whether `branch` is the first of its twins (`tried`: the rules of the branches tried so far, added to). */
export function firstOfTwins(tried: Set<string>, branch: unknown): boolean {
  const text = rules(branch);
  if (tried.has(text)) return false;
  tried.add(text);
  return true;
}
