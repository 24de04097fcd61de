// How the shapes of a union of objects are told apart (schema-place.ts records them): by the field naming each, the
// document's discriminator or a field every shape fixes to its own value; else, of a oneOf, by a field each alone
// requires.
import type { NestedLimits } from "@blockwright/runtime/internal";
import type { Schema } from "../../load/openapi-document.js";
import { distinctKinds, namesShapes, shapeKindValues } from "../../load/schemas/union-kinds.js";

export type Shapes = NonNullable<NestedLimits["shapes"]>;

/**
 * The field naming each shape of a union: the document's discriminator (each member's values its own fixed ones, the
 * mapping's that lead to it, or its schema's name), else the first field every member fixes to one value of its own.
 * The shapes with that field's values as its enum; undefined where no field tells every shape apart.
 */
export function unionTag(s: Schema, members: Schema[], shapes: Shapes): { field: string; shapes: Shapes } | undefined {
  const single = (shape: Shapes[number], field: string) => {
    const values = shape.fields[field]?.enum;
    return values?.length === 1 ? values : undefined;
  };
  const withTag = (field: string, values: (unknown[] | undefined)[], required = false) =>
    distinctKinds(values)
      ? {
          field,
          shapes: shapes.map((shape, i) => ({
            ...shape,
            fields: { ...shape.fields, [field]: { ...shape.fields[field], enum: values[i] as unknown[] } },
            ...(required && !shape.required?.includes(field) ? { required: [...(shape.required ?? []), field] } : {}),
          })),
        }
      : undefined;
  const discriminator = s.discriminator as Record<string, unknown> | undefined;
  const named =
    discriminator && typeof discriminator.propertyName === "string" ? discriminator.propertyName : undefined;
  const mapping = Object.entries((discriminator?.mapping as Record<string, unknown> | undefined) ?? {});
  if (
    named !== undefined &&
    namesShapes(
      mapping,
      shapes.map((shape) => named in shape.fields),
    )
  ) {
    const field = named;
    // By OpenAPI a union's property MUST be present, where the document forgot to require it too, as the request judge
    // holds it (load/examples/discriminated-kinds.ts); unless a `defaultMapping` (OpenAPI 3.2) names the shape of a
    // value without it. A base's kinds are held alike (baseKindsOf), as the judge reads them
    // (load/schemas/base-kinds.ts).
    return withTag(
      field,
      shapes.map((shape, i) => shapeKindValues(mapping, members[i]?.$ref, shape.fields[field]?.enum)),
      !Object.hasOwn(discriminator ?? {}, "defaultMapping"),
    );
  }
  const first = shapes[0];
  for (const field of Object.keys(first?.fields ?? {})) {
    const values = shapes.map((shape) => single(shape, field));
    const tagged = withTag(field, values);
    if (tagged) return tagged;
  }
  return undefined;
}

/**
 * Whether each shape requires a field no other shape has (`groupRef` in one, `installationId` in the other): a value
 * meeting two then gives each one's own field, which a oneOf refuses. Shapes that overlap otherwise (an object of no
 * required field meets every shape) are checked as anyOf, a value meeting several sent.
 */
export function ownRequired(shapes: Shapes): boolean {
  return shapes.every((shape, i) =>
    (shape.required ?? []).some((field) =>
      shapes.every((o, j) => j === i || (!Object.hasOwn(o.fields, field) && !o.required?.includes(field))),
    ),
  );
}
