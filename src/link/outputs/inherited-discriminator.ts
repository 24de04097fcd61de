// A family's discriminator property, which openapi-typescript may leave out of a member's type.
//
// The transform types a member built on a discriminated schema (`allOf: [$ref Parent]`) as `Omit<Parent, "<name>">`
// and gives the member the property back as a literal of its own, but only once its scan has taken the member into
// the family, which it does in one walk in the document's order: a member listed before its parent, or built on a
// link with no properties of its own, is left without the property (a search API's `Suggestions` without `_type`).
// An output's type read there by indexed access then failed to compile (TS2339); it is typed by the schema instead,
// also where the member declares the property itself (a directory API's entities, each naming its type), which the
// transform omits as well wherever a schema built on the member takes it from a discriminated parent.
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";

const MAX_DEPTH = 16;

/**
 * Whether `field` of the object `holder` (as the link's walk found it: flattened) is a discriminator's property that
 * an ancestor of `holder` through its `allOf` is discriminated by.
 */
export function inheritedDiscriminator(doc: OpenApiDocument, holder: Schema, field: string): boolean {
  return fromAncestor(doc, doc.unflattened(holder), field, 0);
}

/** Whether an ancestor of `schema` through its `allOf`'s refs is discriminated by `field` (the Omit's key). */
function fromAncestor(doc: OpenApiDocument, schema: Schema, field: string, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  for (const member of allOfOf(schema)) {
    if (typeof member.$ref !== "string") continue;
    let parent: Schema;
    try {
      parent = doc.resolve(member);
    } catch {
      continue;
    }
    const discriminator = parent.discriminator as { propertyName?: unknown } | undefined;
    if (discriminator?.propertyName === field || fromAncestor(doc, parent, field, depth + 1)) return true;
  }
  return false;
}

function allOfOf(schema: Schema): Schema[] {
  const members = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [];
  return members.filter((member): member is Schema => member !== null && typeof member === "object");
}
