// The document's schema at a parameter's place, flattened once: every fact taken
// from it and every check against it (param-limits.ts) reads this record, so the
// document is asked once per place, not once per rule.
import type { NestedLimits } from "@blockwright/runtime/internal";
import { setOwn } from "@blockwright/runtime/internal/generate";
import { indistinctShapes } from "../../model/indistinct-shapes.js";
import { valueFormatOf, withFormatPattern } from "../../model/format-aliases.js";
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { withRequiredBeside } from "../../load/schema-types.js";
import { schemaRef } from "../../load/schemas/base-kinds.js";
import { loneKindOf, loneMember } from "./lone-member.js";
import { listedValues } from "../../load/schemas/listed-values.js";
import { knownValuesOf } from "../../load/schemas/known-values.js";
import { namesSecretMap, secretTextsMap } from "../../load/schemas/secrets/secret-maps.js";
import { secretField, secretHolder } from "../../load/schemas/secrets/secret-names.js";
import { deeper, fresh, heldWalk, roomIn, type Walk } from "./value-walk.js";
import { fixedValues } from "../../load/text-enum.js";
import { ownRequired, type Shapes, unionTag } from "./shapes-apart.js";
import { regexProblem } from "../context.js";
import { baseAt } from "./base-at.js";
import { specBounds } from "./spec-bounds.js";
import { scalarKindsOf } from "./scalar-kinds.js";
import { mixedUnionOf } from "./mixed-union.js";
import { loneJsonKind } from "./json-kind.js";
import { isUnion, othersAgree, unionMembers } from "./union-members.js";

export interface SchemaPlace {
  /** As the document writes it there: its own type, before an allOf is merged (what the type checks read). */
  readonly declared: Schema;
  /** Its `$ref` followed and its allOf merged. */
  readonly flat: Schema;
  /** The items of an array, flattened (a list in one string takes their limits). */
  items(): Schema | undefined;
  /**
   * What a JSON value of `jsonType` holds there: the member of that type (of a union too), and the limits it puts on
   * its items or values, read by the value's name (`field`: a list of credentials' items hold secrets).
   */
  held(jsonType: string | undefined, field?: string): Held;
  /**
   * A JSON object's own shape there, as nested limits: its fields' kinds and limits and those it must have, or the
   * shapes of a union of objects and the field telling them apart. Undefined where it says nothing of its fields.
   */
  object(field?: string): NestedLimits | undefined;
  /** A list that is a 3.1 tuple there, as nested limits: its positions', its rest's and its count. */
  tuple(): NestedLimits | undefined;
  /** The one kind of JSON value, an object or a list, the schema there admits (json-kind.ts). */
  jsonKind(): "object" | "array" | undefined;
}

/** The name a parameter's value has in its request: a body field's last pointer segment, else its wire or own name. */
export function sentName(wire: unknown, name: string): string {
  const w = (wire ?? {}) as { name?: unknown; pointer?: unknown };
  return typeof w.pointer === "string"
    ? (w.pointer.split("/").at(-1) ?? name)
    : typeof w.name === "string"
      ? w.name
      : name;
}

export interface Held {
  holder: Schema | undefined;
  nested: NestedLimits | undefined;
}

/**
 * The place's schema, read once (`flat` when the caller has flattened it); what is read of it later (items, a member)
 * is read on first ask and kept.
 */
export function schemaPlace(doc: OpenApiDocument, declared: Schema, flat: Schema = doc.flatten(declared)): SchemaPlace {
  let items: { value: Schema | undefined } | undefined;
  const held = new Map<string, Held>();
  let object: { value: NestedLimits | undefined } | undefined;
  return {
    declared,
    flat,
    items() {
      items ??= { value: flat.items ? doc.flatten(flat.items as Schema) : undefined };
      return items.value;
    },
    held(jsonType, field) {
      const holds = secretHolder(field);
      // A map of texts named as secrets (`credentials`, `AuthParameters`): each value withheld, whatever its key.
      const secretValues = jsonType === "object" && namesSecretMap(field, flat.description);
      const key = `${jsonType}:${holds ?? ""}:${secretValues}`;
      let found = held.get(key);
      if (!found) {
        const holder = memberOfType(doc, flat, jsonType);
        // A tuple's `items` hold past its `prefixItems` alone (itemsOf): no limit of every item.
        const items = holder && !isTuple(holder) ? holder.items : undefined;
        const raw = jsonType === "array" ? items : jsonType === "object" ? holder?.additionalProperties : undefined;
        const agreed = raw && typeof raw === "object" && othersAgree(doc, flat, jsonType, raw) ? raw : undefined;
        const nested = agreed ? nestedOf(doc, agreed as Schema, heldWalk(field)) : undefined;
        found = { holder, nested: secretValues && nested?.type === "string" ? { ...nested, secret: true } : nested };
        held.set(key, found);
      }
      return found;
    },
    object(field) {
      object ??= { value: objectOf(doc, declared, flat, field) };
      return object.value;
    },
    tuple() {
      const holder = this.held("array").holder;
      return holder && tupleOf(doc, holder);
    },
    jsonKind() {
      return loneJsonKind(flat, isUnion(flat) ? unionMembers(doc, flat) : []);
    },
  };
}

/** The shapes recorded of a union of objects (and the field naming them), or undefined: a broken `$ref` gives none. */
export function unionShapes(doc: OpenApiDocument, flat: Schema): NestedLimits | undefined {
  try {
    return shapesOf(doc, flat, fresh());
  } catch {
    return undefined;
  }
}

/** An object's shape (a union of objects', or its fields'), or undefined when it records nothing of its fields. */
function objectOf(doc: OpenApiDocument, declared: Schema, flat: Schema, field?: string): NestedLimits | undefined {
  const shapes = shapesOf(doc, flat, fresh(), declared) ?? baseKindsOf(doc, declared, fresh());
  if (shapes) return shapes;
  // A union beside other members: one admitting any value (`{}`) leaves the object unlimited; several objects are
  // their own union (the first alone refused a value of another, `oneOf: [{}, A, B]`).
  const members = unionMembers(doc, flat);
  if (members.some(admitsAnything)) return undefined;
  const objects = members.filter((m) => typeOf(m) === "object" || m.properties !== undefined);
  if (objects.length > 1) return shapesOf(doc, { oneOf: objects }, fresh(), declared);
  const holder = memberOfType(doc, flat, "object");
  // A field holding a service's credentials (`service: {token, api_url}`), or named as a secret (`auth_cookie: {name,
  // value}`), is walked with its name: its token, its value is secret.
  const at = heldWalk(field);
  const limits = holder && loneKindOf(doc, flat, holder, nestedOf(doc, holder, at));
  return limits?.type === "object" && (limits.fields || limits.required) ? limits : undefined;
}

/** Annotations: a schema of these alone (`{}`, `{description}`) admits any value. */
const ANNOTATIONS = new Set(["description", "title", "example", "examples", "default", "deprecated", "externalDocs"]);
const admitsAnything = (m: Schema) => Object.keys(m).every((k) => ANNOTATIONS.has(k) || k.startsWith("x-"));

/** The schema, or the member of its anyOf/oneOf that is of `type` (a JSON parameter binds one of a union's members). */
function memberOfType(doc: OpenApiDocument, s: Schema, type: string | undefined): Schema | undefined {
  if (type === undefined || typeOf(s) === type) return s;
  const members = [...((s.anyOf as Schema[]) ?? []), ...((s.oneOf as Schema[]) ?? [])].map((m) => doc.flatten(m));
  return members.find((m) => typeOf(m) === type);
}

/**
 * Each document's values' limits walked from their top (`nestedOf` with a fresh walk), by the schema: a `$ref` alone by
 * its text (each operation's body writes its own `{$ref}` object for the same component), any other by the object. A
 * whole published API of update actions walked the same 209 schemas 1,361 times, each up to NESTED_PLACES places and
 * a third of generate's garbage (docs/contributing/performance.md, graphgen10). The records are read, never changed.
 */
const walkedTops = new WeakMap<OpenApiDocument, Map<unknown, NestedLimits | undefined>>();

/**
 * The limits a schema puts on a value, as nested limits (undefined when it puts none): a scalar's kind and bounds, a
 * list's and an object's kind with their items and fields (to NESTED_DEPTH), a union of objects its shapes. From the
 * value's top (no `at`), made once a document and schema.
 */
function nestedOf(doc: OpenApiDocument, raw: Schema, at?: Walk): NestedLimits | undefined {
  if (at) return nestedWalk(doc, raw, at);
  let walked = walkedTops.get(doc);
  if (!walked) walkedTops.set(doc, (walked = new Map()));
  const key =
    Object.keys(raw).length === 1 && typeof raw.$ref === "string" && raw.$ref.startsWith("#") ? raw.$ref : raw;
  if (walked.has(key)) return walked.get(key);
  const limits = nestedWalk(doc, raw, fresh());
  walked.set(key, limits);
  return limits;
}

function nestedWalk(doc: OpenApiDocument, raw: Schema, at: Walk): NestedLimits | undefined {
  const s = doc.flatten(raw);
  at.left.places--;
  const shapes = shapesOf(doc, s, at, raw) ?? baseKindsOf(doc, raw, at) ?? listedOf(doc, s);
  if (shapes) return shapes;
  // A union of one member and nothing of its own beside it (`{type: object, oneOf: [$ref: v1]}`, a kind's versions of
  // which there is one so far): that member. Read as a union, it limited nothing, and a value lacking what the member
  // requires was sent.
  const lone = loneMember(s);
  const member = lone && loneKindOf(doc, s, lone, nestedOf(doc, lone, at));
  if (lone) return member && admitsNull(doc, s) ? { ...member, nullable: true } : member;
  const scalar = scalarKindsOf(doc, s, (kind) => nestedOf(doc, kind, at));
  if (scalar) return scalar;
  // Scalars beside objects (an id or the object): their kinds and the objects' shapes, one object a shape alone.
  const kind = (m: Schema) => nestedOf(doc, m, at);
  const mixed =
    roomIn(at) && mixedUnionOf(doc, s, { kind, shapes: (u) => shapesOf(doc, u, at) ?? oneShape(doc, u, at) });
  if (mixed) return mixed;
  const out: NestedLimits = {};
  const t = typeOf(s);
  // A type array of several kinds (`[string, number]`) is none of them alone.
  const kinds = Array.isArray(s.type) ? (s.type as unknown[]).filter((k) => k !== "null") : [];
  if (kinds.length <= 1 && (t === "string" || t === "number" || t === "integer" || t === "boolean")) out.type = t;
  // A number of a whole-number format (`type: number, format: int32`): its validators (the mocks') take whole numbers
  // only, as a top-level parameter's integer: true says (draft/param-schema.ts).
  if (out.type === "number" && (s.format === "int32" || s.format === "int64")) out.type = "integer";
  if (kinds.length <= 1 && (t === "object" || t === "array") && !isUnion(s))
    Object.assign(out, !roomIn(at) ? { type: t } : t === "object" ? fieldsOf(doc, s, at) : itemsOf(doc, s, at));
  if (out.type !== undefined && admitsNull(doc, s)) out.nullable = true;
  // A keyword of another type than the schema's one type (`maxLength: 1000` on an object, a document's misplaced
  // limit) limits nothing, JSON Schema applying each to its own type: taken, it made a limit case send text for an
  // object.
  const one = Array.isArray(s.type) ? undefined : t;
  const text = one === undefined || one === "string";
  const numeric = one === undefined || one === "number" || one === "integer";
  for (const key of ["minLength", "maxLength"] as const) if (typeof s[key] === "number" && text) out[key] = s[key];
  // Its bounds, a number's exclusive one kept, an integer's the whole number past it (spec-bounds.ts).
  if (numeric) Object.assign(out, specBounds(s, out.type === "integer" || one === "integer"));
  if (text && typeof s.pattern === "string" && !regexProblem(s.pattern)) out.pattern = s.pattern;
  // A format the manifest names otherwise (`url`, a `uri`): its name, so that a value drawn here is of it.
  const format = text ? valueFormatOf(s.format) : undefined;
  if (format) out.format = format;
  // A format the manifest states as a pattern (`time`, `duration`, `byte`), as add drafts a parameter of it: a value
  // drawn or given here is then of it, where plain text went and the mock refused it. The document's own pattern (but
  // one of any text, whose lengths stay) and enum stay.
  const fixed = fixedValues(s);
  if (text && !fixed) Object.assign(out, withFormatPattern(out, s.format));
  if (fixed) out.enum = fixed;
  const known = out.type === "string" && !fixed ? knownValuesOf(s) : undefined;
  if (known) out.knownValues = known;
  return Object.keys(out).length ? out : undefined;
}

/**
 * A union each of whose branches lists its values (`oneOf: [{enum: [a, b]}, {enum: [b, c]}]`): their kind and the
 * values it allows, of a `oneOf` those one branch alone lists (load/schemas/listed-values.ts, as add drafts a parameter
 * of one); undefined for any other schema. Read as no limit, a list's items took any value, one two branches list too.
 */
function listedOf(doc: OpenApiDocument, s: Schema): NestedLimits | undefined {
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (!branches?.length) return undefined;
  const flat = (branches as Schema[]).map((b) => doc.flatten(b));
  // "" a branch lists kept: the body carries it as given (a choice that may be blank).
  const listed = listedValues(flat, !s.anyOf, false, true);
  if (!listed) return undefined;
  const type = listed.type === "number" && "integer" in listed ? "integer" : listed.type;
  const nullable = admitsNull(doc, s) || flat.some((b) => b.type === "null" || admitsNull(doc, b) || b.const === null);
  return { type, enum: [...listed.enum], ...(nullable ? { nullable: true } : {}) };
}

/** `nullable` read where it is a word of the document's schemas (OpenAPI 3.0), as the request judge reads it. */
function admitsNull(doc: OpenApiDocument, s: Schema): boolean {
  return (
    (doc.nullableKeyword && s.nullable === true) ||
    (Array.isArray(s.type) && s.type.includes("null")) ||
    (Array.isArray(s.enum) && s.enum.includes(null))
  );
}

/** An object's kind, its fields' limits (a field the server alone sets aside) and those it must have. */
function fieldsOf(doc: OpenApiDocument, s: Schema, at: Walk): NestedLimits {
  const props = s.properties && typeof s.properties === "object" ? (s.properties as Record<string, Schema>) : {};
  const fields: Record<string, NestedLimits> = {};
  const readOnly = new Set<string>();
  for (const [name, field] of Object.entries(props)) {
    if (!field || typeof field !== "object") continue;
    // A field only the reply carries (readOnly) is not a request's (OpenAPI 3).
    if (doc.flatten(field).readOnly === true) {
      readOnly.add(name);
      continue;
    }
    // A field that puts no limit on its value is recorded all the same: a typed caller's type names it.
    // Defined as its own key whatever its name (a document's `__proto__` field assigned would set the prototype). A
    // text that holds a secret (a password, by its name or `format: password`) is marked: its refusal withholds it.
    const limits = nestedOf(doc, field, deeper(at, name)) ?? {};
    const holder = { name: at.holder, description: s.description ?? s.title };
    // ...and so is a map of texts its name says holds secrets (`credentials`: each value).
    const secret =
      limits.type === "string"
        ? secretField(name, doc.flatten(field), Object.keys(props), holder)
        : limits.type === "object" && !limits.fields && secretTextsMap(doc, name, doc.flatten(field));
    setOwn(fields, name, secret ? { ...limits, secret: true } : limits);
  }
  const required = Array.isArray(s.required)
    ? (s.required as unknown[]).filter((f): f is string => typeof f === "string" && !readOnly.has(f))
    : [];
  const extra = s.additionalProperties;
  const open = extra === true || (extra !== null && typeof extra === "object");
  return {
    type: "object",
    ...(Object.keys(fields).length ? { fields } : {}),
    ...(required.length ? { required } : {}),
    ...(open && Object.keys(fields).length ? { open: true as const } : {}),
  };
}

/** Whether a list's schema is a 3.1 tuple: `prefixItems` give its first items' schemas. */
function isTuple(s: Schema): boolean {
  return Array.isArray(s.prefixItems) && s.prefixItems.length > 0;
}

/**
 * A list's kind and its items' limits. A 3.1 tuple (`prefixItems`, its first items' own schemas) has none: `items`
 * holds past them alone, and held to every item it refused a flow whose first event is the `start` its `prefixItems`
 * ask; one limit for every item says no tuple (the service checks it).
 */
function itemsOf(doc: OpenApiDocument, s: Schema, at: Walk): NestedLimits {
  if (isTuple(s)) return tupleOf(doc, s, at) as NestedLimits;
  const items = s.items && typeof s.items === "object" ? nestedOf(doc, s.items as Schema, deeper(at)) : undefined;
  return { type: "array", ...(items ? { items } : {}) };
}

/**
 * A 3.1 tuple's limits (issue 59: a wrong pair went to the service): each `prefixItems` position's, the rest's
 * (`items`), and its count (`minItems`, `maxItems`; `items: false` its positions' count). Undefined for another list.
 */
function tupleOf(doc: OpenApiDocument, s: Schema, at: Walk = fresh()): NestedLimits | undefined {
  if (!isTuple(s)) return undefined;
  const prefix = (s.prefixItems as Schema[]).map((p) => nestedOf(doc, p, deeper(at)) ?? {});
  const rest = s.items && typeof s.items === "object" ? nestedOf(doc, s.items as Schema, deeper(at)) : undefined;
  const max = s.items === false ? prefix.length : undefined;
  const maxItems = typeof s.maxItems === "number" ? Math.min(s.maxItems, max ?? Infinity) : max;
  return {
    type: "array",
    prefix,
    ...(rest ? { items: rest } : {}),
    ...(typeof s.minItems === "number" ? { minItems: s.minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
  };
}

/**
 * The shapes of a union of objects (`oneOf`/`anyOf`, each member an object with properties): each member's fields as
 * nested limits and its required fields, and the field telling them apart where one does (unionTag). Undefined for
 * any other schema.
 */
function shapesOf(doc: OpenApiDocument, s: Schema, at: Walk, raw?: Schema): NestedLimits | undefined {
  const members = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as
    | Schema[]
    | undefined;
  if (!members || members.length < 2 || !roomIn(at)) return undefined;
  // A member `{$ref, required: […]}`: the fields it requires beside its `$ref` too, as Prism and 3.1 read it.
  const flat = members.map((m) => withRequiredBeside(m, doc.flatten(m)));
  if (
    !flat.every(
      (m) =>
        (typeOf(m) === "object" || m.properties !== undefined) &&
        m.properties !== null &&
        typeof m.properties === "object",
    )
  )
    return undefined;
  const shapes = flat.map((m) => shapeOf(doc, m, at));
  const tag = unionTag(s, members, shapes);
  if (tag) return { shapes: tag.shapes, tag: tag.field };
  if (!Array.isArray(s.oneOf)) return { shapes };
  if (ownRequired(shapes)) return { shapes, exclusive: true };
  // Shapes nothing tells apart, and no field beside them (which every shape would take): each its own fields only. Read
  // of the union as written, as the judge reads it (a member holding a union of its own, which the flattening spreads
  // among the others, tells its shapes apart from the rest).
  const resolved = (m: Schema) => (Object.keys(m).length === 1 && typeof m.$ref === "string" ? doc.resolve(m) : m);
  const declared = raw && resolved(raw);
  const asWritten = declared && Array.isArray(declared.oneOf) ? (declared.oneOf as Schema[]) : members;
  const written = asWritten.map(resolved);
  const beside = s.properties && typeof s.properties === "object" && Object.keys(s.properties).length;
  return !beside && indistinctShapes(written) ? { shapes, byFields: true } : { shapes };
}

/** One object of a union as a shape: its fields' limits, those it requires, whether it takes others or none. */
function shapeOf(doc: OpenApiDocument, m: Schema, at: Walk): Shapes[number] {
  const { fields = {}, required, open } = fieldsOf(doc, m, at);
  const closed = m.additionalProperties === false && Object.keys(fields).length > 0;
  return { fields, ...(required ? { required } : {}), ...(open ? { open } : {}), ...(closed ? { closed } : {}) };
}

/** A union's one object (beside scalars: mixed-union.ts) as its one shape. */
function oneShape(doc: OpenApiDocument, u: Schema, at: Walk): NestedLimits | undefined {
  const [only, ...more] = ((u.oneOf ?? u.anyOf) as Schema[]) ?? [];
  if (!only || more.length) return undefined;
  return { shapes: [shapeOf(doc, withRequiredBeside(only, doc.flatten(only)), at)] };
}

/**
 * A discriminated base (`Pet: {discriminator: {propertyName: petType}}`, no union of its own), by OpenAPI's inheritance
 * model one of the kinds extending it by allOf, each named by the mapping's value or (no mapping) its schema's name:
 * their union, told apart by the property, as a union of objects is (add writes a request body of one as `<Base>Kinds`;
 * a field of one is read here). The kinds as every reader reads them (load/schemas/base-kinds.ts); undefined for any
 * other schema, a base reached by no `$ref`, or one no schema of the document extends.
 */
function baseKindsOf(doc: OpenApiDocument, raw: Schema, at: Walk): NestedLimits | undefined {
  // A field's schema reached through its object's (`$ref` followed already, an `allOf` merged): the base is the
  // component it is.
  const base = baseAt(doc, raw, doc.unflattened(raw));
  if (!base?.property) return undefined;
  const mapping: Record<string, string> = {};
  for (const { name, value } of base.kinds) mapping[value] ??= schemaRef(name);
  const kinds = [...new Set(Object.values(mapping))].map((to) => ({ $ref: to }));
  try {
    // A base of one kind (a network of one kind, so far): that kind's fields, its property naming it.
    const [only] = base.kinds;
    if (kinds.length === 1 && only) {
      const fields = fieldsOf(doc, doc.flatten(kinds[0] as Schema), at);
      const named = { ...fields.fields?.[base.property], enum: [only.value] };
      const required = fields.required ?? [];
      const naming =
        base.defaulted || required.includes(base.property) ? {} : { required: [...required, base.property] };
      return { ...fields, ...naming, fields: { ...fields.fields, [base.property]: named } };
    }
    // Its property required to name the kind as a union's is (unionTag), unless a `defaultMapping` names the kind of a
    // value without it.
    const defaulted = base.defaulted ? { defaultMapping: true } : {};
    return shapesOf(doc, { oneOf: kinds, discriminator: { propertyName: base.property, mapping, ...defaulted } }, at);
  } catch {
    // A kind the document's `$ref`s leave unreadable (a broken reference inside it): the base is read as itself.
    return undefined;
  }
}
