// A body value a parameter gives whole (a JSON object, `link`) that holds a place the credential is written at
// (auth.alsoSends, `[link, accessToken]`: a key inside an object beside other fields): the credential fills that
// field on every call that carries it, so the parameter's schema leaves it out. Kept, the field stayed required of
// the caller ("link.accessToken: is required, got nothing"), who had to give a key that the credential then wrote over.
import { parsePointer } from "@blockwright/runtime/internal/generate";
import type { OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { nestedBodyPlaces, takesNoCredential } from "../auth/credential-places.js";
import type { LinkContext } from "../context.js";

/** The schema of the body value at `pointer` without the fields inside it that the credential is written at. */
export function withoutCredentialFields(
  ctx: LinkContext,
  op: OpenApiOperation,
  pointer: string,
  schema: Schema,
): Schema {
  if (takesNoCredential(op)) return schema;
  const inside = nestedBodyPlaces(ctx, op).filter((p) => p.startsWith(`${pointer}/`));
  return inside.reduce((s, place) => withoutField(ctx, s, parsePointer(place.slice(pointer.length))), schema);
}

/** The schema with the field at `path` (from its top) out of its object's properties and required names. */
function withoutField(ctx: LinkContext, schema: Schema, path: readonly string[]): Schema {
  const [field, ...rest] = path;
  const flat = ctx.doc.flatten(schema);
  const properties = (flat?.properties ?? {}) as Record<string, Schema>;
  if (!flat || field === undefined || !Object.hasOwn(properties, field)) return schema;
  if (rest.length)
    return { ...flat, properties: { ...properties, [field]: withoutField(ctx, properties[field] as Schema, rest) } };
  const { [field]: _filled, ...others } = properties;
  const required = Array.isArray(flat.required) ? { required: flat.required.filter((n) => n !== field) } : {};
  return { ...flat, properties: others, ...required };
}
