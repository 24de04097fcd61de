// The one pattern of a text whose allOf members each bound it (`allOf: [{pattern:
// A}, {not: {pattern: B}}]`: a relative path that starts with no `/` and holds
// no `\`). A merge that kept the first member's pattern alone let the suite draw
// values the others refuse, and the upstream would. Written as the first
// pattern after a lookahead for each other pattern and a negative one for each
// `not` of a pattern alone: every value of it meets each member (the draw
// leaves lookarounds out and keeps what the whole pattern accepts).
type Schema = Record<string, unknown>;

// JSON Schema's patterns are not anchored: each is found at some place after any start.
const SOMEWHERE = "[\\s\\S]*?";
/** A `not`'s keywords that leave it a text's pattern alone. */
const PATTERN_ALONE = new Set(["pattern", "type", "description", "title"]);

const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
};

/** The pattern holding every member's (each resolved, the schema's own first), or undefined when one says it all. */
export function patternOfMembers(members: readonly Schema[], resolve: (schema: Schema) => Schema): string | undefined {
  const must: string[] = [];
  const mustNot: string[] = [];
  for (const member of members) {
    if (typeof member.pattern === "string" && !must.includes(member.pattern)) must.push(member.pattern);
    const not = member.not !== null && typeof member.not === "object" ? resolve(member.not as Schema) : undefined;
    if (
      not &&
      typeof not.pattern === "string" &&
      (not.type ?? "string") === "string" &&
      Object.keys(not).every((k) => PATTERN_ALONE.has(k))
    )
      mustNot.push(not.pattern);
  }
  if (must.length < 2 && !mustNot.length) return undefined;
  if (![...must, ...mustNot].every(compiles)) return undefined;
  const [kept, ...others] = must;
  const ahead = [
    ...others.map((p) => `(?=${SOMEWHERE}(?:${p}))`),
    ...mustNot.map((p) => `(?!${SOMEWHERE}(?:${p}))`),
  ].join("");
  return `^${ahead}${kept === undefined ? "" : `${SOMEWHERE}(?:${kept})`}`;
}
