// An object query parameter drafted as its fields (a search API's
// `searchParameters`: dozens of documented fields), each a parameter of its own
// with its type, limits and description, sent as the parameter's style writes
// the field (`wire: {in: query, name, field}`, link/query-fields.ts). An
// object its style writes as one value, one the document describes by `content`,
// or one whose fields are not named (a map), stays one parameter.
import type { OpenApiDocument, OpenApiParameter, Schema } from "../../load/openapi-document.js";
import { typeOf } from "../../load/openapi-document.js";
import { fieldKey } from "../../link/wire/query-fields.js";
import type { ManifestRule } from "../../load/precompiled/manifest-types.js";

/**
 * A field of an object query parameter, standing for a parameter in the drafter's loop; `of` names the object's
 * parameter.
 */
export interface QueryObjectField extends OpenApiParameter {
  of: string;
  /** The object's parameter is required: some field of it must be sent. */
  ofRequired: boolean;
  description?: string;
  example?: unknown;
  deprecated?: boolean;
}

/**
 * An object query parameter sent exploded (style form) whose fields take the names of other query parameters: one
 * parameter, which refuses those fields (a pair of that name would be read as the other parameter's).
 */
export interface SharedNameQueryObject extends OpenApiParameter {
  sharedFields: string[];
}

/**
 * `parameters` with each object query parameter whose style sends its fields one by one replaced by its fields; a note
 * for each.
 */
export function explodedQueryObjects(
  doc: OpenApiDocument,
  parameters: readonly OpenApiParameter[],
  note: (text: string) => void,
): (OpenApiParameter | QueryObjectField | SharedNameQueryObject)[] {
  return parameters.flatMap((declared): (OpenApiParameter | QueryObjectField | SharedNameQueryObject)[] => {
    // A `content` parameter is one value, written in its media type (JSON: its JSON text): never split.
    if (declared.in !== "query" || declared.content !== undefined) return [declared];
    let object: Schema;
    try {
      object = doc.flatten(declared.schema);
    } catch {
      return [declared];
    }
    const properties = (object.properties ?? {}) as Record<string, Schema>;
    const fields = Object.entries(properties);
    const key = fieldKey(declared.style, declared.explode, declared.name, "field");
    if (typeOf(object) !== "object" || !fields.length || key === undefined) return [declared];
    const taken = key === "field" ? sharedNames(doc, declared, parameters, fields) : [];
    if (taken.length) {
      note(
        `query parameter ${declared.name} is an object sent exploded (style form), but its ` +
          `field${taken.length > 1 ? "s" : ""} ${taken.join(", ")} would take the name of another query parameter ` +
          "or of another exploded object's field: " +
          `drafted as one parameter that refuses ${taken.length > 1 ? "them" : "it"} (forbiddenKeys: a pair of that ` +
          `name is the other parameter's); the upstream may read it as ${declared.name}[field] (style deepObject): ` +
          "check its documentation",
      );
      return [{ ...declared, sharedFields: taken }];
    }
    // Fields the object's own rules tie together (`oneOf`/`anyOf`/`not`: only one of `before` and `after`): sent field
    // by field, no parameter would hold the rule, and a call giving both breaks it; one parameter, as written.
    const across = ["oneOf", "anyOf", "not"].filter((k) => object[k] !== undefined);
    if (across.length) {
      note(
        `query parameter ${declared.name} is an object whose fields its ${across.join(", ")} ties together: ` +
          "drafted as one parameter, which that rule checks as written",
      );
      return [declared];
    }
    // An object that names some fields and takes any other (`additionalProperties: true` or a schema: keys passed on
    // as they are, `pass_through[search]=leads`): drafted field by field, no call could send a key it does not name.
    // One parameter, as a map is.
    if (object.additionalProperties === true || isOpenSchema(object.additionalProperties)) {
      note(
        `query parameter ${declared.name} is an object that names ${fields.map(([f]) => f).join(", ")} and takes ` +
          "other fields too (additionalProperties): drafted as one parameter, so a call can send any field",
      );
      return [declared];
    }
    const required = new Set(Array.isArray(object.required) ? (object.required as unknown[]) : []);
    // An optional object that requires fields of its own: a call giving any of its fields gives those too, which no
    // rule over parameters of their own says (each field optional, as the object is); one parameter, as written.
    if (!declared.required && required.size) {
      note(
        `query parameter ${declared.name} is an optional object that requires ${[...required].join(", ")} when ` +
          "sent: drafted as one parameter, whose schema checks that as written",
      );
      return [declared];
    }
    fields.push(...undescribedFields(declared.name, properties, required, note));
    // A field that is itself an object (or a list of objects or of lists) has no form when its parent is sent
    // exploded in style form: OpenAPI writes only scalars and lists of scalars as `field=value`. Not drafted, and
    // said (a required one of a required object leaves the operation uncallable: structured-list-params.ts).
    const unsendable = key === "field" ? unsendableFields(doc, fields, required) : [];
    if (unsendable.length) note(unsendableNote(declared.name, unsendable));
    const sent =
      key === "field" ? "exploded (style form): field=value" : `as ${declared.name}[field]=value (style deepObject)`;
    note(
      `query parameter ${declared.name} is an object of ${fields.length} field${fields.length > 1 ? "s" : ""}, ` +
        `sent ${sent}: ` +
        "drafted as a parameter per field, each with its type, limits and description",
    );
    return fields
      .filter(([field]) => !unsendable.some(([f]) => f === field))
      .map(([field, schema]) => {
        let flat: Schema = {};
        try {
          flat = doc.flatten(schema);
        } catch {
          // a $ref that names nothing: fromSchema says so
        }
        return {
          name: field,
          in: "query",
          required: declared.required && required.has(field),
          schema,
          of: declared.name,
          ofRequired: declared.required === true,
          ...(typeof flat.description === "string" ? { description: flat.description } : {}),
          ...(flat.example !== undefined ? { example: flat.example } : {}),
          ...(flat.deprecated === true ? { deprecated: true } : {}),
        };
      });
  });
}

/**
 * The fields of an object sent exploded (form) that another query parameter also takes by name (a sort_by of
 * date_created beside a date_created filter), or that another object sent so also has (a contact's `address` beside a
 * third account's): the document leaves which is which unsaid.
 */
function sharedNames(
  doc: OpenApiDocument,
  declared: OpenApiParameter,
  parameters: readonly OpenApiParameter[],
  fields: [string, Schema][],
): string[] {
  const others = parameters.filter((other) => other !== declared && other.in === "query");
  return fields
    .map(([field]) => field)
    .filter((field) => others.some((other) => other.name === field || explodedFieldNames(doc, other).includes(field)));
}

/** The names of the fields an object query parameter sends as their own pairs (style form, exploded); else none. */
function explodedFieldNames(doc: OpenApiDocument, parameter: OpenApiParameter): string[] {
  if (parameter.in !== "query" || parameter.content !== undefined) return [];
  if (fieldKey(parameter.style, parameter.explode, parameter.name, "field") !== "field") return [];
  try {
    const object = doc.flatten(parameter.schema);
    return typeOf(object) === "object" ? Object.keys((object.properties ?? {}) as Record<string, Schema>) : [];
  } catch {
    return [];
  }
}

/** The fields, not required, that no `field=value` writes, with what each is. */
function unsendableFields(
  doc: OpenApiDocument,
  fields: [string, Schema][],
  required: Set<unknown>,
): [string, string][] {
  return fields.flatMap(([field, schema]): [string, string][] => {
    const kind = required.has(field) ? undefined : nested(doc, schema);
    return kind ? [[field, kind]] : [];
  });
}

/**
 * The fields an object requires but its properties do not describe (any value), as text fields, with a note: else no
 * call could send them and the link refuses the operation (a search API's `required: [q, …, group_by]` beside
 * properties that leave some of them out).
 */
function undescribedFields(
  name: string,
  properties: Record<string, Schema>,
  required: Set<unknown>,
  note: (text: string) => void,
): [string, Schema][] {
  const fields = [...required].filter((f): f is string => typeof f === "string" && !Object.hasOwn(properties, f));
  if (!fields.length) return [];
  const what = fields.length === 1 ? `field ${fields[0]}` : `fields ${fields.join(", ")}`;
  note(
    `query parameter ${name} requires ${what}, which its properties do not describe (any value): drafted as text, ` +
      "required of every call; check whether the service needs it",
  );
  return fields.map((f) => [f, { type: "string" }]);
}

/** What a note says of an exploded form object's fields that style has no form for. */
function unsendableNote(name: string, unsendable: [string, string][]): string {
  const kinds = new Set(unsendable.map(([, kind]) => kind));
  const [[first, kind] = ["", ""]] = unsendable;
  const what =
    unsendable.length === 1
      ? `field ${first} is ${kind}`
      : `fields ${unsendable.map(([f]) => f).join(", ")} are ` +
        (kinds.size === 1 && kinds.has("an object") ? "objects" : "objects or lists of them");
  return (
    `query parameter ${name} is an object sent exploded (style form), whose ${what}, which that style has no ` +
    "form for: not drafted"
  );
}

/** What a field's value is when no `field=value` writes it: an object, or a list of objects or of lists. */
function nested(
  doc: OpenApiDocument,
  schema: Schema,
): "an object" | "a list of objects" | "a list of lists" | undefined {
  try {
    const flat = doc.flatten(schema);
    if (typeOf(flat) === "array") {
      const items = typeOf(doc.flatten((flat.items ?? {}) as Schema));
      return items === "object" ? "a list of objects" : items === "array" ? "a list of lists" : undefined;
    }
    return typeOf(flat) === "object" ? "an object" : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A rule for each required object query parameter none of whose drafted fields is required: at least one of them
 * given (`anyOf`, a group per field), else the call sends no field and the parameter the document requires is
 * missing from the query. `byWire` maps `query:<object>/<field>` to the field's manifest parameter.
 */
export function requiredObjectRules(
  parameters: readonly (OpenApiParameter | QueryObjectField)[],
  byWire: ReadonlyMap<string, string>,
): ManifestRule[] {
  const fields = new Map<string, { names: string[]; someRequired: boolean }>();
  for (const p of parameters) {
    if (!("of" in p) || !p.ofRequired) continue;
    const name = byWire.get(`query:${p.of}/${p.name}`);
    if (name === undefined) continue;
    const group = fields.get(p.of) ?? { names: [], someRequired: false };
    group.names.push(name);
    group.someRequired ||= p.required === true;
    fields.set(p.of, group);
  }
  return [...fields.values()]
    .filter((g) => !g.someRequired && g.names.length)
    .map((g) => ({ rule: "anyOf", groups: g.names.map((n) => [n]) }));
}

/** Whether `additionalProperties` is a schema that takes some value (not `false`, not `{not: {}}`). */
function isOpenSchema(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && (value as Schema).not === undefined;
}
