// What a request body's schema says across its fields, beyond each field:
// a union of one branch (`oneOf: [$ref]`, as generators write a lone
// reference) is that branch; and `anyOf`/`oneOf` branches that only require
// fields (`anyOf: [{required: [email]}, {required: [external_id]}]`: a
// contact needs an email or an external id) are the operation's cross-field
// rule (`anyOf` groups, or `exactlyOne` of single fields), checked before any
// request, rather than left to the upstream's 400.
import type { NestedLimits } from "@blockwright/runtime/internal";
import type { ManifestRule } from "../../load/precompiled/manifest-types.js";
import { acceptsAnyObject } from "../../judge/open-one-of.js";
import { type OpenApiDocument, type Schema, typeOf } from "../../load/openapi-document.js";
import { valuesAcross } from "../../load/schema-types.js";
import { withLoneKind } from "../../load/schemas/lone-kind.js";
import { oneValue } from "../../model/one-value.js";

/** Keys a branch that only requires fields may carry besides `required`. */
const ANNOTATIONS = new Set(["required", "title", "description"]);

/**
 * The schema with a union of one branch replaced by that branch (flattened); the union's own keywords beside it (a
 * description of the field) win, and a discriminator's property takes the values naming the branch.
 */
export function loneBranch(doc: OpenApiDocument, flat: Schema | undefined): Schema | undefined {
  if (!flat || flat.properties !== undefined) return flat;
  for (const key of ["oneOf", "anyOf"] as const) {
    const members = flat[key];
    if (!Array.isArray(members) || members.length !== 1) continue;
    const { [key]: _lone, ...own } = flat;
    try {
      // Its discriminator's property the values naming it (load/schemas/lone-kind.ts), as a union of several's.
      return withLoneKind(flat, { ...doc.flatten(members[0] as Schema), ...own });
    } catch {
      return flat;
    }
  }
  return flat;
}

/** The fields each branch requires, when every branch only requires fields. */
function requiredOnly(branches: unknown[]): string[][] | undefined {
  const groups: string[][] = [];
  for (const branch of branches) {
    if (!branch || typeof branch !== "object") return undefined;
    const b = branch as Schema;
    if (Object.keys(b).some((k) => !ANNOTATIONS.has(k)) || !Array.isArray(b.required) || !b.required.length)
      return undefined;
    groups.push(b.required.map(String));
  }
  return groups.length > 1 ? groups : undefined;
}

/**
 * The rule the body's required-only branches state over the drafted parameters (`byWire`: `body:/<field>` → its
 * parameter), and the note saying so; none when a branch says more, or fewer than two branches require only drafted
 * fields.
 */
export function bodyFieldRule(
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
): { rule: ManifestRule; note: string; required?: string[] } | undefined {
  const key = Array.isArray(flat.anyOf) ? "anyOf" : Array.isArray(flat.oneOf) ? "oneOf" : undefined;
  const groups = key ? requiredOnly(flat[key] as unknown[]) : undefined;
  if (!key || !groups) return anyFieldRule(flat, byWire);
  // A branch requiring a field the body does not list (and so no parameter sends) is one no call can meet: left out,
  // said, while two or more branches remain.
  const all = groups.map((g) => g.map((field) => byWire.get(`body:/${field}`)));
  const named = all.filter((g): g is string[] => g.every((p) => p !== undefined));
  const unsendable = groups.filter((_, i) => all[i]?.some((p) => p === undefined));
  if (named.length < 2) return undefined;
  const unsent = unsendable.map((g) => g.join(" and ")).join(", or ");
  const left = unsendable.length
    ? `; the branch${unsendable.length > 1 ? "es" : ""} requiring ${unsent} left out: no parameter sends such a ` +
      "field (the body's properties do not list it)"
    : "";
  const words = named.map((g) => g.join(" and ")).join(", or ");
  // Groups that share fields and differ in one each (`[orgID, bucket]`, `[org, bucket]`): the shared ones required,
  // exactly one of the others (a call giving both matches two branches of the oneOf, which refuses it).
  const shared = named.reduce((all, g) => all.filter((p) => g.includes(p)));
  const own = named.map((g) => g.filter((p) => !shared.includes(p)));
  if (key === "oneOf" && own.every((g) => g.length === 1) && new Set(own.flat()).size === own.length) {
    const one = own.map((g) => g[0] as string);
    return {
      rule: { rule: "exactlyOne", params: one },
      ...(shared.length ? { required: shared } : {}),
      note:
        `the request body takes exactly one of ${one.join(", ")} (oneOf of required fields): drafted as the rule ` +
        `exactlyOne, checked before any request${shared.length ? `, ${shared.join(", ")} required` : ""}${left}`,
    };
  }
  const loose =
    key === "oneOf" ? " (the spec's oneOf also refuses a call that gives two groups: say so in the descriptions)" : "";
  return {
    rule: { rule: "anyOf", groups: named },
    note:
      `the request body needs ${words} (${key} of required fields): drafted as the rule anyOf, checked before any ` +
      `request${loose}${left}`,
  };
}

/**
 * A body that must hold at least one field (`minProperties: 1`) and requires none (a patch of whichever fields
 * change): the rule anyOf, each drafted field a group, so that a call giving none is refused before any request
 * rather than sent as `{}`, which the upstream (and its mock) refuses.
 */
function anyFieldRule(
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
): { rule: ManifestRule; note: string } | undefined {
  if (flat.minProperties !== 1 || (Array.isArray(flat.required) && flat.required.length)) return undefined;
  const params = [...byWire].filter(([wire]) => wire.startsWith("body:/")).map(([, param]) => param);
  if (params.length < 2) return undefined;
  return {
    rule: { rule: "anyOf", groups: params.map((p) => [p]) },
    note:
      "the request body must hold at least one field (minProperties: 1): drafted as the rule anyOf, one of " +
      `${params.join(", ")}, checked before any request`,
  };
}

/** Keys a union branch that only narrows fields' values may carry, and keys of such a narrowed field. */
const NARROWING = new Set(["type", "properties", "title", "description"]);
const NARROWED = new Set(["type", "enum", "title", "description"]);

/**
 * The values body fields may take where the body's union branches each only narrow them to an enum
 * (`anyOf: [{properties: {status: {enum: [succeeded]}}}, {properties: {status: {enum: [failed, retry]}}}]`): each
 * field every branch narrows takes any of their values, though its own schema lists none. A `oneOf`'s branches
 * must not share a value (one value would then match two).
 */
export function branchEnums(doc: OpenApiDocument, flat: Schema): Map<string, unknown[]> {
  const key = Array.isArray(flat.anyOf) ? "anyOf" : Array.isArray(flat.oneOf) ? "oneOf" : undefined;
  const out = new Map<string, unknown[]>();
  if (!key) return out;
  const branches: Schema[] = [];
  for (const raw of flat[key] as unknown[]) {
    let branch: Schema;
    try {
      branch = doc.flatten(raw as Schema);
    } catch {
      return out;
    }
    if (
      Object.keys(branch).some((k) => !NARROWING.has(k)) ||
      (branch.type !== undefined && branch.type !== "object") ||
      !branch.properties
    )
      return out;
    branches.push(branch);
  }
  const fields = Object.keys((branches[0]?.properties ?? {}) as Schema);
  for (const field of fields) {
    const lists = branches.map((b) => (b.properties as Record<string, Schema>)[field]);
    if (lists.some((f) => !f || Object.keys(f).some((k) => !NARROWED.has(k)) || !Array.isArray(f.enum))) continue;
    const values = lists.flatMap((f) => f?.enum as unknown[]);
    const distinct = [...new Set(values)];
    if (key === "oneOf" && distinct.length !== values.length) continue;
    out.set(field, distinct);
  }
  return out;
}

/** A schema flattened, or undefined where its references cannot be followed. */
function flattened(doc: OpenApiDocument, schema: Schema): Schema | undefined {
  try {
    return doc.flatten(schema);
  } catch {
    return undefined;
  }
}

/** What shapes may narrow a field they share to apart, each shape its own (a format, a pattern, its values). */
const WIDENED = ["format", "pattern", "enum", "const"];

/**
 * The fields a body's union branches carry beyond its own (`allOf: [{oneOf: [A, B]}, {properties: …}]`, shapes
 * beside common fields), each with its schema (the first branch's) and whether every branch requires it; none when
 * the branches carry no fields of their own.
 */
export function branchFields(
  doc: OpenApiDocument,
  flat: Schema,
): { fields: Record<string, Schema>; required: Set<string>; note: string } | undefined {
  const key = Array.isArray(flat.oneOf) ? "oneOf" : Array.isArray(flat.anyOf) ? "anyOf" : undefined;
  if (!key) return undefined;
  const own = new Set(Object.keys((flat.properties ?? {}) as object));
  const branches = (flat[key] as Schema[]).flatMap((b) => {
    try {
      return [doc.flatten(b)];
    } catch {
      return [];
    }
  });
  const fields: Record<string, Schema> = {};
  for (const b of branches)
    for (const [name, schema] of Object.entries((b.properties ?? {}) as Record<string, Schema>))
      if (!own.has(name) && !Object.hasOwn(fields, name)) fields[name] = schema;
  if (!Object.keys(fields).length) return undefined;
  // A field the shapes narrow apart (a record's value of format ipv4 in one shape, ipv6 in another): drafted without
  // that narrowing, which would refuse the other shapes' values before any request.
  const widened: string[] = [];
  for (const [name, schema] of Object.entries(fields)) {
    const owns = branches.flatMap((b) => {
      const field = (b.properties as Record<string, Schema> | undefined)?.[name];
      return field ? [flattened(doc, field) ?? {}] : [];
    });
    const apart = WIDENED.filter((key) => new Set(owns.map((f) => JSON.stringify(f[key] ?? null))).size > 1);
    // A tag of a value of each shape's own (`enum: [link]`, `enum: [text]`): every shape's values (as the linker reads
    // the place, valuesAcross); the first shape's alone refused the others' calls and the rules naming their values.
    const values = valuesAcross(owns)?.enum;
    const flat = apart.length ? flattened(doc, schema) : undefined;
    if (!flat) continue;
    const kept = Object.entries(flat).filter(([key]) => !apart.includes(key));
    fields[name] = Object.fromEntries(Array.isArray(values) ? [...kept, ["enum", values]] : kept);
    if (!Array.isArray(values)) widened.push(`${name} (${apart.join(", ")})`);
  }
  const required = new Set(
    Object.keys(fields).filter((name) =>
      branches.every((b) => Array.isArray(b.required) && (b.required as unknown[]).includes(name)),
    ),
  );
  const note =
    `the request body is one of ${branches.length} shapes${own.size ? " beside its common fields" : ""} (${key}): ` +
    "the fields of each " +
    `shape drafted (${Object.keys(fields).join(", ")}), optional unless every shape requires them; a call gives ` +
    "those of one shape" +
    (widened.length ? `; drafted without what the shapes narrow apart: ${widened.join(", ")}` : "");
  return { fields, required, note };
}

/**
 * A body that is one of several shapes beside one open to any object (`oneOf: [{required: [clock.limit,
 * clock.increment], …}, {required: [days], …}, {properties: {}}]`: real-time, correspondence or unlimited): the
 * fields of each shape go together and never with another's, and a call may give none. The rule atMostOne over the
 * drafted fields, each shape a group of the fields it requires, when each requires one or more, and no two share a
 * field (a shape's optional fields go as given: another shape, open, takes them as fields it does not list; with a
 * closed shape among them, no rule). With no
 * open shape, one shape is needed: the rule exactlyOne where each shape is one field; where a shape has several, the
 * rule atMostOne (never two, each whole) with anyOf (one group in full), which together take exactly one shape
 * whole. A shape that also narrows a common field (a tag's value) is told apart by it: no rule (the shapes' fields
 * stay drafted, with the note saying so).
 */
export function shapesRule(
  doc: OpenApiDocument,
  flat: Schema,
  byWire: ReadonlyMap<string, string>,
): { rule: ManifestRule; also?: ManifestRule; note: string } | undefined {
  if (!Array.isArray(flat.oneOf)) return undefined;
  const own = new Set(Object.keys((flat.properties ?? {}) as object));
  let branches: Schema[];
  try {
    branches = (flat.oneOf as Schema[]).map((b) => doc.flatten(b));
  } catch {
    return undefined;
  }
  const open = branches.filter((b) => acceptsAnyObject(b));
  const shaped = branches.filter((b) => !acceptsAnyObject(b));
  if (shaped.length < 2) return undefined;
  const groups: string[][] = [];
  const seen = new Set<string>();
  const optional: string[] = [];
  let narrowsCommon = false; // a shape that also narrows a common field (a tag's value) is told apart by it
  for (const b of shaped) {
    const listed = Object.keys((b.properties ?? {}) as object);
    const fields = listed.filter((f) => !own.has(f));
    narrowsCommon ||= fields.length !== listed.length;
    const required = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
    const params = fields.map((f) => byWire.get(`body:/${f}`));
    if (fields.some((f) => seen.has(f)) || params.some((p) => p === undefined)) return undefined;
    for (const f of fields) seen.add(f);
    // A shape is told apart by the fields it requires; its optional ones go as given (another open shape takes them
    // as fields it does not list), so a shape's group is its required fields.
    const group = fields.filter((f) => required.has(f)).map((f) => byWire.get(`body:/${f}`) as string);
    if (!group.length) return undefined;
    optional.push(...fields.filter((f) => !required.has(f)));
    groups.push(group);
  }
  // A closed shape refuses another's optional field: one parameter of the whole body then, as before.
  if (optional.length && shaped.some(closesFields)) return undefined;
  const also = optional.length
    ? `; each shape's optional fields (${optional.join(", ")}) are sent as given, with any shape`
    : "";
  // No open shape, each shape one field of its own (`oneOf: [{required: [github]}, {required: [s3]}]`, a tagged
  // union as serde writes one): a call gives exactly one of them; none, or two, meets no shape or two.
  const words = groups.map((g) => g.join(" with ")).join(", or ");
  if (!open.length && narrowsCommon) return undefined;
  if (!open.length && groups.some((g) => g.length !== 1))
    return {
      // atMostOne first: a group given in part is refused naming its missing field, not as no group given.
      rule: { rule: "atMostOne", groups },
      also: { rule: "anyOf", groups },
      note:
        `the request body is one of ${branches.length} shapes (oneOf), none open to any object: ${words} go each ` +
        "whole and never together, and one of them is needed; drafted as the rules atMostOne and anyOf, checked " +
        `before any request${also}`,
    };
  if (!open.length) {
    const one = groups.map((g) => g[0] as string);
    return {
      rule: { rule: "exactlyOne", params: one },
      note:
        `the request body is one of ${branches.length} shapes (oneOf), each its own field: exactly one of ` +
        `${one.join(", ")}; drafted as the rule exactlyOne, checked before any request${also}`,
    };
  }
  return {
    rule: { rule: "atMostOne", groups },
    note:
      `the request body is one of ${branches.length} shapes (oneOf), one of them open to any object: ${words} go ` +
      "each whole and never together, or none of them; drafted as the rule atMostOne, checked before any " +
      `request${also}`,
  };
}

/** Whether a shape takes no field it does not list (`additionalProperties` or `unevaluatedProperties` false). */
function closesFields(shape: Schema): boolean {
  return shape.additionalProperties === false || shape.unevaluatedProperties === false;
}

/**
 * The field that tells a body's `oneOf` shapes apart when nothing else does: every shape has it, each narrowed to a
 * value of its own (`type: {enum: [areas]}`, `{enum: [lengths]}`), none requires it, and two or more shapes require
 * nothing else. A body that names no shape then meets all of those, which `oneOf` refuses (it needs exactly one):
 * the field is drafted required, its enum the shapes' values, so every call names one shape and a call that names
 * none is refused before any request.
 */
export function shapeTag(
  doc: OpenApiDocument,
  flat: Schema,
): { field: string; values: unknown[]; description: string; note: string } | undefined {
  if (!Array.isArray(flat.oneOf) || flat.oneOf.length < 2) return undefined;
  let branches: Schema[];
  try {
    branches = (flat.oneOf as Schema[]).map((b) => doc.flatten(b));
  } catch {
    return undefined;
  }
  const propsOf = (b: Schema) => (b.properties ?? {}) as Record<string, Schema>;
  const requiredOf = (b: Schema) => (Array.isArray(b.required) ? b.required.map(String) : []);
  for (const field of Object.keys(propsOf(branches[0] ?? {}))) {
    const values: unknown[] = [];
    for (const b of branches) {
      let own: Schema | undefined;
      try {
        own = Object.hasOwn(propsOf(b), field) ? doc.flatten(propsOf(b)[field] as Schema) : undefined;
      } catch {
        own = undefined;
      }
      const one = oneValue(own);
      if (!one || values.includes(one.value) || requiredOf(b).includes(field)) break;
      values.push(one.value);
    }
    if (values.length !== branches.length) continue;
    const untold = branches.filter((b) => requiredOf(b).every((f) => f === field)).length;
    if (untold < 2) return undefined;
    return {
      field,
      values,
      // Its own description is the first shape's (`Kind areas: ...`), which a call of another shape would misread.
      description:
        `Which of the body's ${branches.length} shapes this is (${values.map(String).join(", ")}); give the fields ` +
        "of that shape.",
      note:
        `the request body is one of ${branches.length} shapes (oneOf) told apart only by ${field} ` +
        `(${values.map(String).join(", ")}), which no shape requires: a body without it meets ${untold} shapes, ` +
        "which oneOf refuses; drafted required, so each call names its shape",
    };
  }
  return undefined;
}

/**
 * Whether a body is one of several object shapes and nothing beside them (`oneOf: [{required: [droplet_id], …},
 * {required: [region], …}]`, no fields of its own), each shape with fields of its own, one or more required, and
 * none open to any object: the rule shapesRule states tells them apart, so the shapes' fields are drafted as
 * parameters, as beside common fields, with that rule. Drafted as one parameter holding the whole body, a call of no
 * shape, part of one or two of them was sent. Shapes that share a field (a tag, fields of the same name), or that
 * have optional fields beside a closed shape, stay one parameter.
 */
export function shapesApart(doc: OpenApiDocument, flat: Schema, encoding?: string): boolean {
  if (encoding === "form" && taggedForm(doc, flat)) return true;
  if (!Array.isArray(flat.oneOf) || flat.oneOf.length < 2 || flat.properties !== undefined) return false;
  let branches: Schema[];
  try {
    branches = (flat.oneOf as Schema[]).map((b) => doc.flatten(b));
  } catch {
    return false;
  }
  const fieldsOf = (b: Schema) => Object.keys((b.properties ?? {}) as object);
  if (branches.some((b) => typeOf(b) !== "object" || acceptsAnyObject(b) || !fieldsOf(b).length)) return false;
  // Each field its own parameter, by its name: what the rule needs of the drafted parameters is that each exists.
  const byName = new Map(branches.flatMap((b) => fieldsOf(b).map((f): [string, string] => [`body:/${f}`, f])));
  return shapesRule(doc, flat, byName) !== undefined;
}

/**
 * Which of a union's shapes the runtime holds a value to, as a review note says it: the one its tag names, the one
 * whose fields hold all its keys (shapes nothing tells apart, by JSON Schema's letter none met), or one.
 */
export function heldTo(held: NestedLimits): string {
  if (held.tag !== undefined) return `the one its ${held.tag} names`;
  if (!held.byFields) return "one";
  return (
    "the one whose fields hold all its keys (no shape requires a field, closes or fixes one, so by JSON Schema's " +
    "letter every object meets several and none the oneOf: read as the request judge and the mocks read it)"
  );
}

/**
 * A form body (pairs of text, no nesting) that is one of several object shapes told apart by a field each requires,
 * narrowed to values of its own (`grant_type`: `client_credentials` or a token exchange, an OAuth token endpoint's
 * form): drafted as the shapes' fields, as a form of one shape is, the tag required with every shape's values and
 * the fields each value's shape requires as the rule requiredWhen (value-required.ts). As one JSON parameter holding
 * the whole form, a field such as `client_secret` was no secret parameter: given as a literal, asked of a model.
 */
function taggedForm(doc: OpenApiDocument, flat: Schema): boolean {
  const key = Array.isArray(flat.oneOf) ? "oneOf" : Array.isArray(flat.anyOf) ? "anyOf" : undefined;
  if (!key || (flat[key] as unknown[]).length < 2 || flat.properties !== undefined) return false;
  const shapes = (flat[key] as Schema[]).map((b) => flattened(doc, b));
  if (shapes.some((s) => !s || typeOf(s) !== "object" || acceptsAnyObject(s))) return false;
  const all = shapes as Schema[];
  const requiredOf = (s: Schema) => (Array.isArray(s.required) ? s.required.map(String) : []);
  return requiredOf(all[0] as Schema).some((field) => {
    const values = all.map((s) => {
      const own = (s.properties as Record<string, Schema> | undefined)?.[field];
      const f = requiredOf(s).includes(field) && own ? flattened(doc, own) : undefined;
      return Array.isArray(f?.enum) ? f.enum : f && Object.hasOwn(f, "const") ? [f.const] : undefined;
    });
    const listed = values.flat();
    return values.every((v) => v?.length) && new Set(listed).size === listed.length;
  });
}
