// A schema closed (`additionalProperties: false`) beside a union of object
// shapes (`anyOf`/`oneOf`) and listing no field of its own: by JSON Schema's
// letter that closing refuses every field, whichever shape lists it (it knows
// only its own `properties`, of which there are none), so no value holding a
// field meets the schema. The contract suite found "no value of parameter …
// passes its own rules" and a mock refused every request. The publisher means
// the shapes' fields, each shape closed as it is: add leaves the closing out
// of that level in the cut (each shape keeps its own), and says so. A closing
// beside an `allOf` is read otherwise (closed over all members' fields,
// src/judge/open-all-of-lookup.ts, src/mocks/open-all-of.ts) and left as it is.
import { isJson, resolved, rewriteEachObject, shapeName } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Whether a shape lists fields: its own `properties`, or its members' (through allOf, anyOf, oneOf). */
function listsFields(cut: Json, shape: unknown, depth = 0): boolean {
  const node = resolved(cut, shape);
  if (!isJson(node) || depth > 8) return false;
  if (isJson(node.properties) && Object.keys(node.properties).length) return true;
  return ["allOf", "anyOf", "oneOf"].some(
    (key) => Array.isArray(node[key]) && (node[key] as unknown[]).some((m) => listsFields(cut, m, depth + 1)),
  );
}

/** Whether the schema lists a field of its own (by name or by pattern): its closing lets those through. */
function hasOwnFields(schema: Json): boolean {
  return [schema.properties, schema.patternProperties].some((map) => isJson(map) && Object.keys(map).length > 0);
}

/**
 * The cut with each `additionalProperties: false` beside a union of shapes that list fields, at a level listing none
 * of its own and with no `allOf`, left out (changed in place); each place changed, as
 * `components.schemas.Zq (anyOf of ZqCard, ZqMeCard)`.
 */
export function withoutClosingBesideUnions(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (schema.additionalProperties !== false || hasOwnFields(schema) || schema.allOf !== undefined) return undefined;
      const key = Array.isArray(schema.anyOf) ? "anyOf" : Array.isArray(schema.oneOf) ? "oneOf" : undefined;
      if (!key) return undefined;
      const shapes = schema[key] as unknown[];
      if (!shapes.some((shape) => listsFields(cut, shape))) return undefined;
      delete schema.additionalProperties;
      return `${key} of ${shapes.map((shape, i) => shapeName(shape, i)).join(", ")}`;
    },
    (key) =>
      key === "example" ||
      key === "examples" ||
      key === "default" ||
      key === "enum" ||
      key === "const" ||
      key.startsWith("x-"),
  );
}
