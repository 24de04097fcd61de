// The document's schema at a parameter's place, flattened once: every fact taken
// from it and every check against it (param-limits.ts) reads this record, so the
// document is asked once per place, not once per rule.
import type { NestedLimits } from "@blockwright/runtime/internal";
import { valueFormatOf, withFormatPattern } from "../../model/format-aliases.js";
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { regexProblem } from "../context.js";

export interface SchemaPlace {
  /** As the document writes it there: its own type, before an allOf is merged (what the type checks read). */
  readonly declared: Schema;
  /** Its `$ref` followed and its allOf merged. */
  readonly flat: Schema;
  /** The items of an array, flattened (a list in one string takes their limits). */
  items(): Schema | undefined;
  /**
   * What a JSON value of `jsonType` holds there: the member of that type (of a union too), and the limits it puts on
   * its items or values.
   */
  held(jsonType: string | undefined): Held;
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
  const held = new Map<string | undefined, Held>();
  return {
    declared,
    flat,
    items() {
      items ??= { value: flat.items ? doc.flatten(flat.items as Schema) : undefined };
      return items.value;
    },
    held(jsonType) {
      let found = held.get(jsonType);
      if (!found) {
        const holder = memberOfType(doc, flat, jsonType);
        const raw =
          jsonType === "array" ? holder?.items : jsonType === "object" ? holder?.additionalProperties : undefined;
        found = { holder, nested: raw && typeof raw === "object" ? nestedOf(doc, raw as Schema) : undefined };
        held.set(jsonType, found);
      }
      return found;
    },
  };
}

/** The schema, or the member of its anyOf/oneOf that is of `type` (a JSON parameter binds one of a union's members). */
function memberOfType(doc: OpenApiDocument, s: Schema, type: string | undefined): Schema | undefined {
  if (type === undefined || typeOf(s) === type) return s;
  const members = [...((s.anyOf as Schema[]) ?? []), ...((s.oneOf as Schema[]) ?? [])].map((m) => doc.flatten(m));
  return members.find((m) => typeOf(m) === type);
}

/**
 * The limits a schema puts on a value, as nested limits (undefined when it puts none); a union of objects, its shapes.
 */
function nestedOf(doc: OpenApiDocument, raw: Schema): NestedLimits | undefined {
  const s = doc.flatten(raw);
  const shapes = shapesOf(doc, s);
  if (shapes) return { shapes };
  const out: NestedLimits = {};
  const t = typeOf(s);
  if (t === "string" || t === "number" || t === "integer" || t === "boolean") out.type = t;
  // A number of a whole-number format (`type: number, format: int32`): its validators (the mocks') take whole numbers
  // only, as a top-level parameter's integer: true says (draft/param-schema.ts).
  if (t === "number" && (s.format === "int32" || s.format === "int64")) out.type = "integer";
  // A keyword of another type than the schema's one type (`maxLength: 1000` on an object, a document's misplaced
  // limit) limits nothing, JSON Schema applying each to its own type: taken, it made a limit case send text for an
  // object.
  const one = Array.isArray(s.type) ? undefined : t;
  const text = one === undefined || one === "string";
  const numeric = one === undefined || one === "number" || one === "integer";
  for (const key of ["minLength", "maxLength", "minimum", "maximum"] as const)
    if (typeof s[key] === "number" && (key.endsWith("Length") ? text : numeric)) out[key] = s[key] as number;
  if (text && typeof s.pattern === "string" && !regexProblem(s.pattern)) out.pattern = s.pattern;
  // A format the manifest names otherwise (`url`, a `uri`): its name, so that a value drawn here is of it.
  const format = text ? valueFormatOf(s.format) : undefined;
  if (format) out.format = format;
  // A format the manifest states as a pattern (`time`, `duration`, `byte`), as add drafts a parameter of it: a value
  // drawn or given here is then of it, where plain text went and the mock refused it. The document's own pattern (but
  // one of any text, whose lengths stay) and enum stay.
  if (text && !Array.isArray(s.enum)) Object.assign(out, withFormatPattern(out, s.format));
  if (Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[])];
  return Object.keys(out).length ? out : undefined;
}

/**
 * The shapes of a union of objects (`oneOf`/`anyOf`, each member an object with properties): each member's
 * fields as nested limits (those that limit a scalar) and its required fields. Undefined for any other schema.
 */
function shapesOf(doc: OpenApiDocument, s: Schema): NonNullable<NestedLimits["shapes"]> | undefined {
  const members = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as
    | Schema[]
    | undefined;
  if (!members || members.length < 2) return undefined;
  const flat = members.map((m) => doc.flatten(m));
  if (
    !flat.every(
      (m) =>
        (typeOf(m) === "object" || m.properties !== undefined) &&
        m.properties !== null &&
        typeof m.properties === "object",
    )
  )
    return undefined;
  return flat.map((m) => {
    const fields: Record<string, NestedLimits> = {};
    for (const [name, field] of Object.entries(m.properties as Record<string, Schema>)) {
      const limits =
        field && typeof field === "object" && doc.flatten(field).readOnly !== true ? nestedOf(doc, field) : undefined;
      if (limits && !limits.shapes) fields[name] = limits;
    }
    // A required field only the reply carries (readOnly) is not required of a request (OpenAPI 3).
    const props = m.properties as Record<string, Schema>;
    const required = Array.isArray(m.required)
      ? (m.required as unknown[]).filter(
          (f): f is string => typeof f === "string" && !(props[f] && doc.flatten(props[f]).readOnly === true),
        )
      : [];
    return { fields, ...(required.length ? { required } : {}) };
  });
}
