// A discriminator's values as its members declare them, for openapi-typescript's scan.
//
// A discriminator without a mapping names each member of its `oneOf` by its schema's name (OpenAPI's implicit
// mapping), and openapi-typescript's scan writes that name into the member as the property's one value. A document
// whose members declare the value themselves (`type: {enum: [episode]}` in `EpisodeObject`'s base, under
// `discriminator: {propertyName: type}` with no mapping: a music API's) then had both: `type: "episode"` and
// `type: "EpisodeObject"`, whose intersection is never, and every answer holding such a member was typed never. The
// types' copy of the document maps each member that declares one value to that value, as its mapping would have
// written it; an explicit mapping of the member stands.

import { rewrittenTree } from "./rewritten-tree.js";

type Node = Record<string, unknown>;

const MAX_DEPTH = 8;

/** `document` with those discriminators' mappings filled in (copied on the way to each); itself when none changes. */
export function withDeclaredMappings(document: unknown, resolve: (root: unknown, ref: string) => unknown): unknown {
  return rewrittenTree(document, (record) => {
    if (record.discriminator === undefined) return record;
    const discriminator = filled(document, record, resolve);
    return discriminator === record.discriminator ? record : { ...record, discriminator };
  });
}

/** The `discriminator` of `holder`, mapped for each `oneOf` member declaring one value; itself if none does. */
function filled(document: unknown, holder: Node, resolve: (root: unknown, ref: string) => unknown): unknown {
  const discriminator = holder.discriminator as { propertyName?: unknown; mapping?: unknown } | null;
  if (discriminator === null || typeof discriminator !== "object" || typeof discriminator.propertyName !== "string")
    return discriminator;
  if (!Array.isArray(holder.oneOf)) return discriminator;
  const mapping = (discriminator.mapping ?? {}) as Record<string, unknown>;
  const mapped = new Set(Object.values(mapping));
  let added: Record<string, string> | undefined;
  for (const member of holder.oneOf as unknown[]) {
    const ref = (member as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== "string" || mapped.has(ref)) continue;
    const value = declaredValue(document, resolve(document, ref), discriminator.propertyName, resolve, 0);
    if (value === undefined || Object.hasOwn(mapping, value) || added?.[value] !== undefined) continue;
    (added ??= {})[value] = ref;
  }
  return added ? { ...discriminator, mapping: { ...mapping, ...added } } : discriminator;
}

/** The one text value `schema` (its properties, then its `allOf`'s) declares for `property`; none if not one. */
function declaredValue(
  document: unknown,
  schema: unknown,
  property: string,
  resolve: (root: unknown, ref: string) => unknown,
  depth: number,
): string | undefined {
  if (depth > MAX_DEPTH || schema === null || typeof schema !== "object") return undefined;
  const record = schema as Node;
  const properties = record.properties as Node | undefined;
  if (properties && typeof properties === "object" && Object.hasOwn(properties, property)) {
    let field = properties[property] as Node | undefined;
    if (typeof field?.$ref === "string") field = resolve(document, field.$ref) as Node | undefined;
    if (field === null || typeof field !== "object") return undefined;
    if (typeof field.const === "string") return field.const;
    const values = field.enum;
    return Array.isArray(values) && values.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
  }
  for (const member of Array.isArray(record.allOf) ? (record.allOf as unknown[]) : []) {
    const ref = (member as { $ref?: unknown } | null)?.$ref;
    const part = typeof ref === "string" ? resolve(document, ref) : member;
    const value = declaredValue(document, part, property, resolve, depth + 1);
    if (value !== undefined) return value;
  }
  return undefined;
}
