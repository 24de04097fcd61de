// A field of an object query parameter as a parameter of its own (`wire: {in:
// query, name, field}`): a search API's `searchParameters` object of many
// documented fields, each a block input with its type, limits and description.
// The parameter's style says the key the field is sent under: `form`, exploded
// (OpenAPI's default), `field=value`; `deepObject`, `name[field]=value` (a list `name[field][0]=a`). Any
// other style writes the whole object as one value, which no field alone can
// be. The linked wire keeps which parameter and field it is (`of`), so that
// what checks the request finds the field's schema.
import type { ParamSpec, WireSpec } from "@blockwright/runtime/internal";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import {
  declaredParameter,
  isJsonMediaType,
  typeOf,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";
import type { SchemaAtPlace } from "./schema-at-place.js";

/**
 * The key a field of object query parameter `name` goes under, as its style writes it; undefined when the style writes
 * the object as one value.
 */
export function fieldKey(
  style: string | undefined,
  explode: boolean | undefined,
  name: string,
  field: string,
): string | undefined {
  const s = style ?? "form";
  if (s === "form" && (explode ?? true)) return field;
  if (s === "deepObject") return `${name}[${field}]`;
  return undefined;
}

/** The placement of parameter `name`, field `wire.field` of the object query parameter `wire.name` of `op`. */
export function placeQueryField(
  ctx: LinkContext,
  name: string,
  p: ManifestParam,
  at: Path,
  op: OpenApiOperation,
  wireAt: Path,
): { wire: WireSpec; place: SchemaAtPlace } | undefined {
  const w = p.wire as { in: string; name?: string; field: string };
  if (w.in !== "query")
    return ctx.fail(
      "BW2017",
      [...wireAt, "field"],
      `field applies to a query parameter (an object's field sent as its style writes it), not to ${w.in}`,
    );
  const objectName = w.name ?? name;
  const declared = declaredParameter(op, "query", objectName);
  if (!declared) {
    const available = op.parameters.filter((x) => x.in === "query").map((x) => x.name);
    return ctx.fail(
      "BW2003",
      wireAt,
      `query parameter "${objectName}" not found in operation "${op.operationId}" of ${ctx.openapiName} ` +
        `(its query parameters: ${available.join(", ") || "none"})`,
    );
  }
  let object: Schema;
  try {
    object = ctx.doc.flatten(declared.schema);
  } catch (e) {
    return ctx.fail(
      "BW2003",
      wireAt,
      `query parameter "${objectName}" of "${op.operationId}": ${(e as Error).message}`,
    );
  }
  const fields = (object.properties ?? {}) as Record<string, Schema>;
  // A field the object requires without describing it (no property: any value) is one of its fields too.
  const requiredOnly = !Object.hasOwn(fields, w.field) && (object.required as unknown[] | undefined)?.includes(w.field);
  if (typeOf(object) !== "object" || (!Object.hasOwn(fields, w.field) && !requiredOnly)) {
    const listed = Object.keys(fields);
    const more = listed.length > 20 ? `, and ${listed.length - 20} more` : "";
    const fieldList = listed.length ? ` (fields: ${listed.slice(0, 20).join(", ")}${more})` : "";
    return ctx.fail(
      "BW2003",
      [...wireAt, "field"],
      `query parameter "${objectName}" of "${op.operationId}" in ${ctx.openapiName} ` +
        `${typeOf(object) === "object" ? `has no field "${w.field}"` : "is not an object"}` +
        fieldList,
      "value",
    );
  }
  // A `content` parameter is one value, written in its media type (JSON: its JSON text).
  const key =
    declared.content !== undefined ? undefined : fieldKey(declared.style, declared.explode, objectName, w.field);
  if (key === undefined) {
    const written =
      declared.content !== undefined
        ? `its ${isJsonMediaType(declared.content) ? "JSON " : ""}text: content ${declared.content}`
        : `style ${declared.style ?? "form"}, explode ${String(declared.explode ?? false)}`;
    return ctx.fail(
      "BW2017",
      [...wireAt, "field"],
      `query parameter "${objectName}" of "${op.operationId}" in ${ctx.openapiName} ` +
        `is written as one value (` +
        written +
        `): a field of it cannot be sent alone; send the object as one json parameter`,
    );
  }
  const schema = requiredOnly ? {} : (fields[w.field] as Schema);
  // A field the object requires, of an object the spec requires: every request carries it.
  const required =
    declared.required && Array.isArray(object.required) && (object.required as unknown[]).includes(w.field);
  if (required && ((!p.required && p.default === undefined) || (p.default !== undefined && p.sendDefault === false))) {
    ctx.fail(
      "BW2010",
      at,
      `${ctx.openapiName} requires field "${w.field}" of query parameter "${objectName}"; declare required: ` +
        `true or a default that is sent`,
    );
  }
  // A deepObject's field is written in its brackets to the end (`name[field][0]=a`, `name[field][k]=v`), as the
  // bracket convention deepObject extends reads a list or an object there; form would repeat `name[field]=a`. The
  // parameter's allowReserved is each field's: its reserved characters go as they are (RFC 6570's reserved expansion).
  const deep = (declared.style ?? "form") === "deepObject";
  const reserved = (declared as { allowReserved?: unknown }).allowReserved === true;
  const encoding = deep
    ? { style: "deepObject" as const, explode: true, ...(reserved ? { reserved: true as const } : {}) }
    : reserved
      ? { style: "form" as const, explode: true, reserved: true as const }
      : undefined;
  return {
    wire: { in: "query", name: key, of: { name: objectName, field: w.field }, ...(encoding ? { encoding } : {}) },
    place: { schema, what: `field "${w.field}" of query parameter "${objectName}"`, text: true },
  };
}

/**
 * The object query parameters the fields among `params` send (their slots, for the rule that the spec's required
 * parameters are sent).
 */
export function objectsSent(params: readonly ParamSpec[]): string[] {
  return params.flatMap((p) => (p.wire.in === "query" && p.wire.of ? [p.wire.of.name] : []));
}

/**
 * The fields a required object query parameter requires that no parameter sends, where some of its fields are sent one
 * by one.
 */
export function fieldsNotSent(
  ctx: LinkContext,
  op: OpenApiOperation,
  params: readonly ParamSpec[],
): { name: string; field: string }[] {
  const sent = params.flatMap((p) => (p.wire.in === "query" && p.wire.of ? [p.wire.of] : []));
  return [...new Set(sent.map((s) => s.name))].flatMap((name) => {
    const declared = declaredParameter(op, "query", name);
    if (!declared?.required) return [];
    let object: Schema;
    try {
      object = ctx.doc.flatten(declared.schema);
    } catch {
      return [];
    }
    const required = Array.isArray(object.required)
      ? (object.required as unknown[]).filter((f): f is string => typeof f === "string")
      : [];
    return required
      .filter((field) => !sent.some((s) => s.name === name && s.field === field))
      .map((field) => ({ name, field }));
  });
}
