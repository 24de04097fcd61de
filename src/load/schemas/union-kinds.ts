// The values naming each shape of a discriminated union (`{oneOf: [$ref: Lambda, $ref: Http], discriminator:
// {propertyName: type, mapping: {lambda: Lambda}}}`), one rule for the link (link/param-limits/schema-place.ts
// `unionTag`, which the runtime holds a call to), the request judge (load/examples/discriminated-kinds.ts, which holds
// a request to it) and the mock's sampler (mocks/sample/sample-lookup.ts `discriminated`, which names the kind of a
// value it makes). By OpenAPI the property's value names the shape: the mapping's value leading to it, else its
// schema's name. A shape fixing the property to one value of its own is named by that value (a document whose mapping
// and fixed values disagree means its fixed value, which is all its shape takes); a property whose enum lists every
// kind's value (one enum the base gives them all) is named by the mapping's values it lists, else by its schema's name
// where the enum lists it.

const SCHEMAS = "#/components/schemas/";

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The values naming the union's shape `shape` by the one rule (shapeKindValues), its own fixed values read where it
 * declares the property (propertySchemas); `deref` follows a reference as the reader holds them (the document's
 * `$ref`s for the mock's sampler, the registered schemas for the judge).
 */
export function kindValuesOf(
  mapping: readonly [string, unknown][],
  shape: unknown,
  property: string,
  deref: (node: unknown) => Json | undefined,
): unknown[] | undefined {
  const ref = isJson(shape) ? shape.$ref : undefined;
  return shapeKindValues(mapping, ref, ownValues(propertySchemas(shape, property, deref)));
}

/**
 * The schemas of the property a shape declares, its `$ref`s followed, in its own `properties` and those of its `allOf`
 * members at any depth (a kind's value written in a member beside the `$ref` it extends).
 */
export function propertySchemas(shape: unknown, property: string, deref: (n: unknown) => Json | undefined): Json[] {
  const found: Json[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number): void => {
    const own = deref(node);
    if (!own || seen.has(own) || depth > 8) return;
    seen.add(own);
    const field = isJson(own.properties) ? deref(own.properties[property]) : undefined;
    if (field) found.push(field);
    if (Array.isArray(own.allOf)) for (const member of own.allOf) visit(member, depth + 1);
  };
  visit(shape, 0);
  return found;
}

/** The values a shape's property is fixed to (each of its enums, or consts, met), undefined where none fixes it. */
export function ownValues(schemas: readonly Json[]): unknown[] | undefined {
  let values: unknown[] | undefined;
  for (const s of schemas) {
    const listed = Array.isArray(s.enum) ? s.enum.filter((v) => v !== null) : "const" in s ? [s.const] : undefined;
    if (listed) values = values ? values.filter((v) => listed.includes(v)) : listed;
  }
  return values;
}

/**
 * Whether a discriminator names the union's shapes: it maps values to them, or the union or one of its shapes declares
 * its property. A property none declares and no mapping (`responseStatus` over `[ResourceDelete, Error]`, the
 * document's own examples giving it HTTP statuses) is no field the shapes' names are written in: the union is read as
 * its shapes alone, by the judge, the mock and the link alike. `declared`: for the union and each shape, whether it
 * declares the property.
 */
export function namesShapes(mapping: readonly unknown[], declared: readonly boolean[]): boolean {
  return mapping.length > 0 || declared.some(Boolean);
}

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
  // No mapping's value: the shape's schema's name, as OpenAPI names it; one enum the shapes share, listing every
  // shape's name (GeoJSON's `type`), names each by that name too.
  const implicit = typeof ref === "string" ? ref.slice(ref.lastIndexOf("/") + 1) : undefined;
  if (own?.length) return implicit !== undefined && own.includes(implicit) ? [implicit] : [...own];
  return implicit !== undefined ? [implicit] : undefined;
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
