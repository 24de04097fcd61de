// A union of one member and nothing of its own beside it (schema-place.ts reads its limits): read as that member, its
// discriminator's property held to the values naming it.
import type { NestedLimits } from "@blockwright/runtime/internal";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import { loneKindValues } from "../../load/schemas/lone-kind.js";

/** A union's one member's limits, its discriminator's property held to the values naming it (schemas/lone-kind.ts). */
export function loneKindOf(doc: OpenApiDocument, s: Schema, lone: Schema, member: NestedLimits | undefined) {
  const kind = member?.fields ? loneKindValues(s, doc.flatten(lone)) : undefined;
  if (!member?.fields || !kind) return member;
  const named = { ...(member.fields[kind.property] ?? { type: "string" as const }), enum: kind.values };
  return { ...member, fields: { ...member.fields, [kind.property]: named } };
}

/** The one member of a union with no fields, items or values of its own beside it; undefined for any other schema. */
export function loneMember(s: Schema): Schema | undefined {
  const members = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
  if (members?.length !== 1 || (s.oneOf && s.anyOf) || s.properties || s.items || s.enum || "const" in s)
    return undefined;
  const [member] = members;
  return member && typeof member === "object" ? (member as Schema) : undefined;
}
