// The one value a field's schema allows, as a tag that tells a union's shapes apart carries it: `add` drafts such a
// tag (src/import/draft/body-rules.ts shapeTag) and the judge leaves tagged shapes to the letter
// (src/judge/open-one-of.ts).

/** The one value a field's schema allows (`enum: [x]` or `const: x`), if it allows one. */
export function oneValue(schema: Record<string, unknown> | undefined): { value: unknown } | undefined {
  if (!schema) return undefined;
  if (Object.hasOwn(schema, "const")) return { value: schema.const };
  return Array.isArray(schema.enum) && schema.enum.length === 1 ? { value: schema.enum[0] } : undefined;
}
