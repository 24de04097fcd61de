// A body field required only for some values of another: a union of object shapes told apart by one field's listed
// values, one shape requiring a field the others do not (`anyOf: [{properties: {status: {enum: [completed]}},
// required: [conclusion]}, {properties: {status: {enum: [queued, in_progress]}}}]`), or OpenAPI 3.1's `if`
// (one field's `const`/`enum`, that field required) with `then: {required: [...]}`. Drafted as the rule
// requiredWhen, one per field, so a call that leaves the field out is refused before any request rather than by the
// upstream's 422. The limits a `then`'s `properties` set (`minItems: 1` on a list a value requires non-empty, a
// number's range, a text's length) are drafted as the rule dependentLimits, keyed by the `if`'s values.
import type { ManifestParam, ManifestRule } from "../../load/precompiled/manifest-types.js";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";

type Scalar = string | number | boolean;
/** The limits a dependentLimits rule sets for one value. */
type DependentLimit = Extract<ManifestRule, { rule: "dependentLimits" }>["limits"][string];

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

/** An `if` of one field's listed values (the field required), and its `then`, here or in `allOf`. */
function ifThenPairs(doc: OpenApiDocument, flat: Schema): { selector: string; values: Scalar[]; then: Schema }[] {
  const pairs = [flat, ...(Array.isArray(flat.allOf) ? (flat.allOf as Schema[]) : [])];
  return pairs.flatMap((s) => {
    const cond = s.if as Schema | undefined;
    const then = s.then as Schema | undefined;
    if (!cond || !then || typeof cond !== "object" || typeof then !== "object") return [];
    const tested = Object.keys(propsOf(cond));
    const selector = tested[0];
    // One field tested, and required by the `if` (else a body without it meets the `if`, and `then` applies).
    if (tested.length !== 1 || selector === undefined || !requiredOf(cond).includes(selector)) return [];
    const values = listedValues(doc, propsOf(cond)[selector]);
    return values ? [{ selector, values, then }] : [];
  });
}

/** From `if` (one field's values, the field required) and `then` (the fields it requires). */
function fromIfThen(doc: OpenApiDocument, flat: Schema): ValueRequired[] {
  return ifThenPairs(doc, flat).flatMap(({ selector, values, then }) =>
    requiredOf(then)
      .filter((f) => f !== selector)
      .map((field) => ({ field, selector, values })),
  );
}

/** The limits a value may set for another field, by the kind of parameter each applies to. */
const LIMITS = [
  ["minimum", "number", true],
  ["maximum", "number", false],
  ["minLength", "string", true],
  ["maxLength", "string", false],
  ["minItems", "list", true],
  ["maxItems", "list", false],
] as const satisfies readonly (readonly [keyof DependentLimit, string, boolean])[];

/**
 * From `if` and `then`'s `properties`: the limits each listed value sets for another field (a list's item count, a
 * number's range, a text's length), those of the field's kind that tighten its parameter's own; keyed by the values.
 */
function limitsFromIfThen(
  doc: OpenApiDocument,
  flat: Schema,
  paramOf: (field: string) => ManifestParam | undefined,
): { field: string; selector: string; limits: Record<string, DependentLimit> }[] {
  const found = new Map<string, { field: string; selector: string; limits: Record<string, DependentLimit> }>();
  for (const { selector, values, then } of ifThenPairs(doc, flat)) {
    const selectorParam = paramOf(selector);
    const taken = values.filter((v) => !selectorParam?.enum || selectorParam.enum.includes(v));
    for (const [field, schema] of Object.entries(propsOf(then))) {
      const param = paramOf(field);
      const own = field === selector || !param ? undefined : safeFlatten(doc, schema as Schema);
      if (!own || !param || !taken.length) continue;
      const kind = param.type === "json" ? (param.jsonType === "array" ? "list" : undefined) : param.type;
      const limits: DependentLimit = {};
      for (const [name, of, low] of LIMITS) {
        const set = own[name];
        const was = param[name];
        if (of === kind && typeof set === "number" && (was === undefined || (low ? set > was : set < was)))
          limits[name] = set;
      }
      if (!Object.keys(limits).length) continue;
      const entry = found.get(`${field}\u0000${selector}`) ?? { field, selector, limits: {} };
      for (const v of taken) entry.limits[String(v)] = { ...entry.limits[String(v)], ...limits };
      found.set(`${field}\u0000${selector}`, entry);
    }
  }
  return [...found.values()];
}

/**
 * The requiredWhen rules a body states (`byWire`: `body:/<field>` → its parameter; `required`: the fields drafted
 * required), and the dependentLimits rules of its `if`/`then` (`params`: the drafted parameters, whose own limits a
 * rule tightens), and the note saying so; none when a field is not drafted.
 */
export function valueRequiredRules(
  doc: OpenApiDocument,
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
  required: ReadonlySet<string>,
  params: Readonly<Record<string, ManifestParam>> = {},
): { rules: ManifestRule[]; note: string } | undefined {
  const found = [...fromUnion(doc, flat), ...fromIfThen(doc, flat)].filter(
    (r) => !required.has(r.field) && byWire.has(`body:/${r.field}`) && byWire.has(`body:/${r.selector}`),
  );
  const nameOf = (field: string) => byWire.get(`body:/${field}`);
  const paramOf = (field: string) => {
    const name = nameOf(field);
    return name === undefined ? undefined : params[name];
  };
  const limited = limitsFromIfThen(doc, flat, paramOf);
  if (!found.length && !limited.length) return undefined;
  const rules = [
    ...found.map(
      (r): ManifestRule => ({
        rule: "requiredWhen",
        param: nameOf(r.field) as string,
        dependsOn: nameOf(r.selector) as string,
        values: r.values,
      }),
    ),
    ...limited.map(
      (r): ManifestRule => ({
        rule: "dependentLimits",
        param: nameOf(r.field) as string,
        dependsOn: nameOf(r.selector) as string,
        limits: r.limits,
      }),
    ),
  ];
  const words = found.map((r) => `${r.field} when ${r.selector} is ${r.values.map(String).join(" or ")}`);
  const limitWords = limited.flatMap((r) =>
    Object.entries(r.limits).map(
      ([v, limits]) =>
        `${r.field} when ${r.selector} is ${v}: ${Object.entries(limits)
          .map(([name, n]) => `${name} ${n}`)
          .join(", ")}`,
    ),
  );
  return {
    rules,
    note: [
      ...(found.length
        ? [
            `the request body requires ${words.join("; ")} (the shape that value selects requires it): drafted as ` +
              "the rule requiredWhen, checked before any request",
          ]
        : []),
      ...(limited.length
        ? [
            `the request body limits ${limitWords.join("; ")} (its if/then): drafted as the rule dependentLimits, ` +
              "checked before any request",
          ]
        : []),
    ].join("; "),
  };
}
