// A parameter's schema of type string whose enum lists numbers or booleans
// (YAML's unquoted `0`, `true`: `type: string, enum: [0, 1, 2]` in a
// published document): a query, path, header or cookie value is text, so
// the values it allows are their texts ("0", "1", "2"), as the document
// means. Read so by the linker, add's drafter and the mocks alike.
type Json = Record<string, unknown>;

/**
 * The schema with its enum as texts where it is a string whose enum holds
 * other scalars, or a list of such strings (`type: array, items: {type:
 * string, enum: [20160128]}`: each item is text in the address too); the
 * same object otherwise.
 */
export function withTextEnum<T>(schema: T): T {
  const s = schema as Json | null;
  if (s && typeof s === "object" && s.type === "array" && s.items && typeof s.items === "object") {
    const items = withTextEnum(s.items);
    return items === s.items ? schema : ({ ...s, items } as T);
  }
  if (!s || typeof s !== "object" || s.type !== "string" || !Array.isArray(s.enum)) return schema;
  if (s.enum.every((v) => typeof v === "string" || v === null)) return schema;
  if (!s.enum.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) return schema;
  // The values are listed: a format the texts of numbers cannot meet (`format: date` over `20160128`) is dropped.
  const { format: _format, ...rest } = s;
  return { ...rest, enum: s.enum.map((v) => (v === null ? v : String(v))) } as T;
}
