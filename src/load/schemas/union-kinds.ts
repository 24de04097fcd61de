// The values naming each shape of a discriminated union (`{oneOf: [$ref: Lambda, $ref: Http], discriminator:
// {propertyName: type, mapping: {lambda: Lambda}}}`), one rule for the link (link/param-limits/schema-place.ts
// `unionTag`, which the runtime holds a call to) and the request judge (judge/kinds/discriminated-kinds.ts, which holds
// a request to it). By OpenAPI the property's value names the shape: the mapping's value leading to it, else its
// schema's name. A shape fixing the property to one value of its own is named by that value (a document whose mapping
// and fixed values disagree means its fixed value, which is all its shape takes); a property whose enum lists every
// kind's value (one enum the base gives them all) is named by the mapping's values it lists.

const SCHEMAS = "#/components/schemas/";

/**
 * The values naming one shape: `mapping` the discriminator's (value → target as written), `ref` the shape's `$ref` as
 * the union writes it (undefined for a shape written in place), `own` its property's enum (undefined where it has
 * none). Undefined where nothing names it (a shape in place of no enum).
 */
export function shapeKindValues(
  mapping: readonly [string, unknown][],
  ref: unknown,
  own: readonly unknown[] | undefined,
): unknown[] | undefined {
  if (own?.length === 1) return [...own];
  const mapped =
    typeof ref !== "string"
      ? []
      : mapping.filter(([, to]) => to === ref || `${SCHEMAS}${String(to)}` === ref).map(([value]) => value);
  const named = own ? mapped.filter((value) => own.includes(value)) : mapped;
  if (named.length) return named;
  if (own?.length) return [...own];
  return typeof ref === "string" ? [ref.slice(ref.lastIndexOf("/") + 1)] : undefined;
}

/**
 * Whether each shape is named by values of its own: each shape has some, each a text, number or boolean, and no value
 * names two shapes (else the property tells them apart by none of its values, and the union is read by its shapes).
 */
export function distinctKinds(values: readonly (readonly unknown[] | undefined)[]): boolean {
  const seen = new Set<string>();
  for (const value of values.flat()) {
    const key = `${typeof value}:${String(value)}`;
    if (value === null || typeof value === "object" || seen.has(key)) return false;
    seen.add(key);
  }
  return !values.some((v) => !v?.length);
}
