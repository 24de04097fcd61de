// A body field required only for some values of another: a union of object shapes told apart by one field's listed
// values, one shape requiring a field the others do not (`anyOf: [{properties: {status: {enum: [completed]}},
// required: [conclusion]}, {properties: {status: {enum: [queued, in_progress]}}}]`), or OpenAPI 3.1's `if`
// (one field's `const`/`enum`, that field required) with `then: {required: [...]}`. Drafted as the rule
// requiredWhen, one per field, so a call that leaves the field out is refused before any request rather than by the
// upstream's 422.
import type { ManifestRule } from "../../load/precompiled/manifest-types.js";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";

type Scalar = string | number | boolean;

/** A field required for some values of another: the field, the selecting field, those values. */
interface ValueRequired {
  field: string;
  selector: string;
  values: Scalar[];
}

/** The values a field's schema lists (`enum`, `const`), when they are all scalars. */
function listedValues(doc: OpenApiDocument, schema: unknown): Scalar[] | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  let flat: Schema;
  try {
    flat = doc.flatten(schema as Schema);
  } catch {
    return undefined;
  }
  const list = Array.isArray(flat.enum) ? flat.enum : Object.hasOwn(flat, "const") ? [flat.const] : undefined;
  const scalar = (v: unknown): v is Scalar => ["string", "number", "boolean"].includes(typeof v);
  return list?.length && list.every(scalar) ? list : undefined;
}

const requiredOf = (s: Schema) => (Array.isArray(s.required) ? s.required.filter((f) => typeof f === "string") : []);
const propsOf = (s: Schema) => (s.properties ?? {}) as Record<string, unknown>;

/** From a union whose every shape lists the selecting field's values: the fields each value's shapes all require. */
function fromUnion(doc: OpenApiDocument, flat: Schema): ValueRequired[] {
  const key = Array.isArray(flat.anyOf) ? "anyOf" : Array.isArray(flat.oneOf) ? "oneOf" : undefined;
  if (!key || (flat[key] as unknown[]).length < 2) return [];
  let shapes: Schema[];
  try {
    shapes = (flat[key] as Schema[]).map((s) => doc.flatten(s));
  } catch {
    return [];
  }
  if (shapes.some((s) => s.type !== undefined && s.type !== "object")) return [];
  const beside = new Set(requiredOf(flat));
  for (const selector of new Set([...Object.keys(propsOf(flat)), ...shapes.flatMap((s) => Object.keys(propsOf(s)))])) {
    const lists = shapes.map((s) => listedValues(doc, propsOf(s)[selector]));
    // Every shape must say which values it takes (a shape saying none takes them all, and requires nothing then).
    if (lists.some((l) => l === undefined) || new Set(lists.map((l) => JSON.stringify(l))).size < 2) continue;
    const values = [...new Set(lists.flat() as Scalar[])];
    const found: ValueRequired[] = [];
    const fields = new Set(shapes.flatMap(requiredOf).filter((f) => !beside.has(f) && f !== selector));
    for (const field of fields) {
      // A value requires the field when every shape taking it does.
      const requiring = values.filter((v) =>
        shapes.every((s, i) => !lists[i]?.includes(v) || requiredOf(s).includes(field)),
      );
      if (requiring.length && requiring.length < values.length) found.push({ field, selector, values: requiring });
    }
    if (found.length) return found;
  }
  return [];
}

/** From `if` (one field's values, the field required) and `then` (the fields it requires), here or in `allOf`. */
function fromIfThen(doc: OpenApiDocument, flat: Schema): ValueRequired[] {
  const pairs = [flat, ...(Array.isArray(flat.allOf) ? (flat.allOf as Schema[]) : [])];
  return pairs.flatMap((s): ValueRequired[] => {
    const cond = s.if as Schema | undefined;
    const then = s.then as Schema | undefined;
    if (!cond || !then || typeof cond !== "object" || typeof then !== "object") return [];
    const tested = Object.keys(propsOf(cond));
    const selector = tested[0];
    // One field tested, and required by the `if` (else a body without it meets the `if`, and `then` applies).
    if (tested.length !== 1 || selector === undefined || !requiredOf(cond).includes(selector)) return [];
    const values = listedValues(doc, propsOf(cond)[selector]);
    if (!values) return [];
    return requiredOf(then)
      .filter((f) => f !== selector)
      .map((field) => ({ field, selector, values }));
  });
}

/**
 * The requiredWhen rules a body states (`byWire`: `body:/<field>` → its parameter; `required`: the fields drafted
 * required), and the note saying so; none when a field is not drafted.
 */
export function valueRequiredRules(
  doc: OpenApiDocument,
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
  required: ReadonlySet<string>,
): { rules: ManifestRule[]; note: string } | undefined {
  const found = [...fromUnion(doc, flat), ...fromIfThen(doc, flat)].filter(
    (r) => !required.has(r.field) && byWire.has(`body:/${r.field}`) && byWire.has(`body:/${r.selector}`),
  );
  if (!found.length) return undefined;
  const rules = found.map(
    (r): ManifestRule => ({
      rule: "requiredWhen",
      param: byWire.get(`body:/${r.field}`) as string,
      dependsOn: byWire.get(`body:/${r.selector}`) as string,
      values: r.values,
    }),
  );
  const words = found.map((r) => `${r.field} when ${r.selector} is ${r.values.map(String).join(" or ")}`);
  return {
    rules,
    note:
      `the request body requires ${words.join("; ")} (the shape that value selects requires it): drafted as the ` +
      "rule requiredWhen, checked before any request",
  };
}
