// A union of one shape whose discriminator names it (`CreateTool: {oneOf: [$ref: Lambda], discriminator: {propertyName:
// type, mapping: {lambda: Lambda}}}`, a kind's union of which there is one kind so far). By OpenAPI, the property's
// value names the shape: the mapping's value leading to it, else (no mapping names it) its schema's name; a value
// naming no shape is no value of the union. Read as its one shape, the property was any text its shape allows
// (`type: string`, "This should always be lambda"), and `type: foo` was sent. The values are read as a union of several
// shapes reads each one's (link/param-limits/schema-place.ts `unionTag`): the shape's own one fixed value, else the
// mapping's (those its own enum lists, where it lists several), else its own enum, else its schema's name. Add drafts
// the property so (import/draft/body-rules.ts `loneBranch`), and the link holds a field of one so.

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

const SCHEMAS = "#/components/schemas/";

/**
 * The property naming the one shape of `union` and the values naming it, where its discriminator names a property the
 * shape does not fix to one value already; undefined for any other schema. `shape`: the member as flattened (its
 * `$ref` followed, its `allOf` merged).
 */
export function loneKindValues(union: Json, shape: Json): { property: string; values: string[] } | undefined {
  const members = Array.isArray(union.oneOf) ? union.oneOf : Array.isArray(union.anyOf) ? union.anyOf : undefined;
  const discriminator = union.discriminator;
  if (members?.length !== 1 || !isJson(discriminator) || typeof discriminator.propertyName !== "string")
    return undefined;
  const property = discriminator.propertyName;
  const own = isJson(shape.properties) ? shape.properties[property] : undefined;
  const listed = isJson(own) && Array.isArray(own.enum) ? own.enum.filter((v) => typeof v === "string") : undefined;
  if (listed?.length === 1 || (isJson(own) && "const" in own)) return undefined;
  const ref = isJson(members[0]) ? members[0].$ref : undefined;
  const mapping = isJson(discriminator.mapping) ? Object.entries(discriminator.mapping) : [];
  const mapped = mapping
    .filter(([, to]) => typeof ref === "string" && (to === ref || `${SCHEMAS}${String(to)}` === ref))
    .map(([value]) => value);
  const named = listed ? mapped.filter((value) => listed.includes(value)) : mapped;
  if (named.length) return { property, values: named };
  if (listed?.length) return undefined;
  return typeof ref === "string" && ref.startsWith(SCHEMAS)
    ? { property, values: [ref.slice(ref.lastIndexOf("/") + 1)] }
    : undefined;
}

/** `shape` with its property naming it narrowed to the values naming it in `union` (loneKindValues); else `shape`. */
export function withLoneKind(union: Json, shape: Json): Json {
  const kind = loneKindValues(union, shape);
  if (!kind) return shape;
  const properties = isJson(shape.properties) ? shape.properties : {};
  const given = properties[kind.property];
  const own = isJson(given) ? given : { type: "string" };
  return { ...shape, properties: { ...properties, [kind.property]: { ...own, enum: kind.values } } };
}
