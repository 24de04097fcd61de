// The surface of a provider package as the surface layer reads it: the
// format, which generation writes (model/surface-format.ts, one entry per
// concept in link/), and shapeAt, which finds a value's shape inside
// an output (for workflow references to outputs of a package version).
import { ownValue } from "@blockwright/runtime/internal";
import type { Shape } from "../model/surface-format.js";

export { linkedShapes } from "../model/shape.js";
import { linkedName } from "../model/shape.js";
export {
  forbiddenKeysOf,
  type ForbiddenKeys,
  type OutputSurface,
  type ParamSurface,
  type Shape,
  type Surface,
  type ToolSurface,
} from "../model/surface-format.js";

export type ShapeLookup = { found: Shape } | { unknown: true } | { missing: string };

/**
 * The shape of the value at `path` inside an output's shape (a number steps into a list). `drawn`: the value is
 * drawn from the schema by a mock (mocks/sample/schema-sample.ts), which leaves out a field where its schema recurs:
 * such a field is missing, not unknown.
 */
export function shapeAt(shape: Shape, path: readonly (string | number)[], drawn = false): ShapeLookup {
  let current: Shape = shape;
  let at = "";
  // The shapes on the way (linked shapes: a schema that recurs is the same object again).
  const onPath = new Set<Shape>([shape]);
  const recurs = (next: Shape, place: string): ShapeLookup | undefined => {
    if (drawn && onPath.has(next)) {
      const name = linkedName(next);
      return {
        missing:
          `${place} is left out of the mock's answers: its schema${name ? ` (${name})` : ""} recurs there, ` +
          `and an answer drawn from the schema stops where it recurs`,
      };
    }
    onPath.add(next);
    return undefined;
  };
  for (const segment of path) {
    if (current.recursive || current.type === undefined) return { unknown: true };
    if (typeof segment === "number") {
      if (current.type !== "array") return { missing: `${at || "it"} is ${describe(current)}, not a list` };
      if (!current.items) return { unknown: true };
      const cut = recurs(current.items, `${at}[${segment}]`);
      if (cut) return cut;
      current = current.items;
      at += `[${segment}]`;
    } else {
      if (current.type !== "object")
        return { missing: `${at || "it"} is ${describe(current)}, which has no field "${segment}"` };
      // Own fields only: "constructor" is no field of an object shape.
      const next = (ownValue(current.properties, segment) as Shape | undefined) ?? current.additionalProperties;
      if (!next) {
        const fields = Object.keys(current.properties ?? {});
        return {
          missing:
            `${at || "it"} has no field "${segment}"` +
            `${fields.length ? ` (fields: ${fields.slice(0, 15).join(", ")}${fields.length > 15 ? ", …" : ""})` : ""}`,
        };
      }
      const cut = recurs(next, `${at}.${segment}`);
      if (cut) return cut;
      current = next;
      at += `.${segment}`;
    }
  }
  return { found: current };
}

function describe(shape: Shape): string {
  return shape.type === "array" ? "a list" : shape.type === "object" ? "an object" : `a ${shape.type}`;
}
