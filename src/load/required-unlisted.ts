// A field an object requires without listing it among its properties (a
// document generated from code that knows the name, not the type) is still
// one of its fields, as JSON Schema reads it.
type Schema = Record<string, unknown>;

/** The schema of `field` when `object` requires it without listing it: what additionalProperties gives other fields, any value when it says nothing; none when no other field is allowed. */
export function requiredUnlisted(object: Schema, field: string): Schema | undefined {
  if (!Array.isArray(object.required) || !object.required.includes(field) || object.additionalProperties === false) return undefined;
  return object.additionalProperties && typeof object.additionalProperties === "object" ? (object.additionalProperties as Schema) : {};
}
