// A body that is one of several object shapes (`oneOf`/`anyOf`, beside common fields or not) whose shapes share
// fields (`anyOf: [{required: [table-name, filter, schema-id]}, {required: [table-name, operation]}]`: a scan
// report or a commit report, each naming its table): shapesRule (body-rules.ts) states no rule over shapes that
// share a field, so the draft made each shape's fields optional and a call of the shared ones alone was sent,
// meeting no shape. Whatever else tells the shapes apart, a body meeting one holds every field that shape requires
// beyond those all shapes require: the rule anyOf over those groups (one needed whole) is stated for any such
// union, and never refuses a body the document takes. For a oneOf whose groups are each one shape's own fields
// (listed by no other shape), two given together meet two shapes, which oneOf refuses: atMostOne too.
import type { ManifestRule } from "../../../load/precompiled/manifest-types.js";
import { acceptsAnyObject } from "../../../judge/open-one-of.js";
import { type OpenApiDocument, type Schema, typeOf } from "../../../load/openapi-document.js";
import { shapesRule } from "../body-rules.js";

type ShapesRule = { rule: ManifestRule; also?: ManifestRule; note: string };

/** The rules over a union body's shapes: shapesRule's (shapes of fields their own), else those sharing fields need. */
export function unionShapesRule(
  doc: OpenApiDocument,
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
): ShapesRule | undefined {
  return shapesRule(doc, flat, byWire) ?? sharedFieldShapesRule(doc, flat, byWire);
}

const requiredOf = (b: Schema): string[] => (Array.isArray(b.required) ? b.required.map(String) : []);
const fieldsOf = (b: Schema): string[] => Object.keys((b.properties ?? {}) as object);

/** Whether a field's schema narrows it to values (`enum`, `const`). */
function narrowed(doc: OpenApiDocument, field: Schema | undefined): boolean {
  if (!field) return false;
  try {
    const flat = doc.flatten(field);
    return Array.isArray(flat.enum) || flat.const !== undefined;
  } catch {
    return false;
  }
}

/**
 * The rules a union body's shapes that share fields need: anyOf over each shape's group (the fields it requires
 * beyond those every shape requires), and for a oneOf of groups no other shape lists, atMostOne over them; none
 * where a shape is open to any object, is no object, requires nothing beyond the others, or a group's field has no
 * drafted parameter (`byWire`: `body:/<field>` to its parameter).
 */
export function sharedFieldShapesRule(
  doc: OpenApiDocument,
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
): ShapesRule | undefined {
  const key = Array.isArray(flat.oneOf) ? "oneOf" : Array.isArray(flat.anyOf) ? "anyOf" : undefined;
  if (!key || (flat[key] as unknown[]).length < 2) return undefined;
  let shapes: Schema[];
  try {
    shapes = (flat[key] as Schema[]).map((b) => doc.flatten(b));
  } catch {
    return undefined;
  }
  if (shapes.some((s) => acceptsAnyObject(s) || (typeOf(s) !== "object" && s.properties === undefined))) return;
  // Shapes of fields their own are shapesRule's to tell apart, or to leave as they are (a closed shape beside one with
  // optional fields): these share a field beyond the body's own.
  const own = new Set(fieldsOf(flat));
  const listed = shapes.flatMap((s) => fieldsOf(s).filter((f) => !own.has(f)));
  if (new Set(listed).size === listed.length) return undefined;
  const everyOne = new Set(
    requiredOf(shapes[0] as Schema).filter((f) => shapes.every((s) => requiredOf(s).includes(f))),
  );
  for (const f of requiredOf(flat)) everyOne.add(f);
  // A field every shape requires, narrowed to values in each (a tag): its values tell the shapes apart, by the rules
  // requiredWhen the draft states of them (value-required.ts).
  if ([...everyOne].some((f) => shapes.every((s) => narrowed(doc, (s.properties as Record<string, Schema>)?.[f]))))
    return undefined;
  const fieldGroups = shapes.map((s) => requiredOf(s).filter((f) => !everyOne.has(f)));
  if (fieldGroups.some((g) => !g.length)) return undefined;
  const groups = fieldGroups.map((g) => g.map((f) => byWire.get(`body:/${f}`)));
  if (groups.some((g) => g.some((p) => p === undefined))) return undefined;
  const named = groups as string[][];
  const words = named.map((g) => g.join(" with ")).join(", or ");
  const anyOf: ManifestRule = { rule: "anyOf", groups: named };
  const apart =
    key === "oneOf" &&
    fieldGroups.every((g, i) => g.every((f) => shapes.every((s, j) => j === i || !fieldsOf(s).includes(f))));
  if (apart)
    return {
      rule: { rule: "atMostOne", groups: named },
      also: anyOf,
      note:
        `the request body is one of ${shapes.length} shapes (oneOf) sharing fields: each shape's own required ` +
        `fields, ${words}, go whole and never together, and one of them is needed; drafted as the rules atMostOne ` +
        "and anyOf, checked before any request",
    };
  return {
    rule: anyOf,
    note:
      `the request body is one of ${shapes.length} shapes (${key}) sharing fields: a body meeting one holds the ` +
      `fields it requires beyond the shared ones, ${words}; drafted as the rule anyOf (one of them whole), checked ` +
      "before any request",
  };
}
