// A body object's other fields (`wire: { in: body, otherFields: true }`): a json object parameter whose fields go
// beside the named fields of the body object at its pointer, those the object's schema does not name. The document
// must leave the object open to them (additionalProperties, or 3.1's unevaluatedProperties, not false); each value is
// held to the schema it gives them, and a key a named field holds is refused before any request (forbiddenKeys).
import type { ParamSpec } from "@blockwright/runtime/internal";
import type { ManifestParam, ManifestWireBody } from "../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";
import type { Placed } from "./schema-at-place.js";

/** The schema an object gives its other fields: additionalProperties', else unevaluatedProperties', else any value. */
function otherFieldsSchema(flat: Schema): Schema | false {
  for (const key of ["additionalProperties", "unevaluatedProperties"] as const) {
    const given = flat[key];
    if (given === false) return false;
    if (given !== undefined && given !== true && typeof given === "object") return given as Schema;
  }
  return {};
}

/** Why the keyword that closes an object closes it (`additionalProperties: false`). */
function closedBy(flat: Schema): string {
  return flat.additionalProperties === false ? "additionalProperties: false" : "unevaluatedProperties: false";
}

/** The placement of a parameter holding the other fields of the body object at `pointer`, whose schema is `target`. */
export function placeOtherFields(
  ctx: LinkContext,
  name: string,
  p: ManifestParam,
  w: ManifestWireBody,
  op: OpenApiOperation,
  wireAt: Path,
  pointer: string,
  target: Schema,
): Placed | undefined {
  const at = [...wireAt, "otherFields"];
  if (p.type !== "json" || p.jsonType === "array")
    return ctx.fail(
      "BW2004",
      at,
      `otherFields applies to a json object parameter, not ${p.type === "json" ? "a json array" : p.type} ` +
        `("${name}")`,
    );
  for (const key of ["split", "wrapUnlessKey"] as const)
    if (w[key] !== undefined) return ctx.fail("BW2005", [...wireAt, key], `${key} and otherFields do not go together`);
  const what = `body field "${pointer || "(whole body)"}" of "${op.operationId}" in ${ctx.openapiName}`;
  // An XML body is written as its schema's `xml` objects name each element, a text or a file's bytes has no fields.
  const encoding = op.requestBody?.encoding;
  if (encoding !== undefined && !["json", "form", "multipart"].includes(encoding))
    return ctx.fail(
      "BW2017",
      at,
      `${what} is ${encoding === "xml" ? "XML" : `a ${encoding} body`}: ` +
        "otherFields goes in a JSON, form or multipart body",
    );
  const flat = ctx.doc.flatten(target);
  if (typeOf(flat) !== "object" && flat.properties === undefined)
    return ctx.fail("BW2017", at, `${what} is no object: it has no other fields to send`);
  const extra = otherFieldsSchema(flat);
  if (extra === false)
    return ctx.fail("BW2017", at, `${what} takes no other fields (${closedBy(flat)}): leave otherFields out`);
  const named = Object.keys((flat.properties ?? {}) as object).sort();
  return {
    wire: { in: "body", pointer, otherFields: true },
    place: {
      schema: { type: "object", additionalProperties: extra },
      what: `the other fields of ${what.split(" of ")[0]}`,
      text: op.requestBody?.encoding === "form" || op.requestBody?.encoding === "multipart",
    },
    ...(named.length ? { named } : {}),
  };
}

/**
 * The object's named fields refused as keys of its other fields (added to the manifest's own forbiddenKeys), so that a
 * field given both as its parameter and among the others, or only among them, is refused before any request.
 */
export function refuseNamedFields(spec: ParamSpec, named: readonly string[]): void {
  const own = spec.forbiddenKeys;
  const keys = [...new Set([...(own?.keys ?? []), ...named])];
  spec.forbiddenKeys = {
    keys,
    ...(own?.caseInsensitive ? { caseInsensitive: true } : {}),
    hint: own?.hint ?? "a named field of the body is given as its own parameter, not among the other fields",
  };
}

/**
 * Each named field's parameter, where its name is not the field's, said in the hint of the other fields' forbidden
 * keys (linkParams, once every parameter of the operation is placed).
 */
export function nameFieldParams(params: ParamSpec[]): void {
  for (const spec of params) {
    if (spec.wire.in !== "body" || !spec.wire.otherFields || !spec.forbiddenKeys) continue;
    const pointer = spec.wire.pointer;
    const renamed = params.flatMap((p) => {
      if (p.wire.in !== "body" || p === spec) return [];
      const key = p.wire.pointer.startsWith(`${pointer}/`) ? p.wire.pointer.slice(pointer.length + 1) : undefined;
      const field = key?.includes("/") ? undefined : key?.replace(/~1/g, "/").replace(/~0/g, "~");
      return field !== undefined && field !== p.name ? [`${field} as ${p.name}`] : [];
    });
    if (renamed.length) spec.forbiddenKeys.hint = `${spec.forbiddenKeys.hint} (${renamed.join(", ")})`;
  }
}

/**
 * The parameters with every second holder of one body object's other fields left out, each refused at its own place
 * naming the first's: two would merge into one object silently, a field given in both going as one of them.
 */
export function refuseSecondOtherFields(ctx: LinkContext, params: ParamSpec[]): ParamSpec[] {
  const first = new Map<string, ParamSpec>();
  return params.filter((spec) => {
    if (spec.wire.in !== "body" || !spec.wire.otherFields) return true;
    const pointer = spec.wire.pointer;
    const held = first.get(pointer);
    if (!held) {
      first.set(pointer, spec);
      return true;
    }
    const otherFieldsAt = (p: ParamSpec): Path => [...(ctx.wireAt.get(p) ?? []), "otherFields"];
    ctx.fail(
      "BW2011",
      otherFieldsAt(spec),
      `parameter "${spec.name}" holds the other fields of body object "${pointer || "(whole body)"}", as parameter ` +
        `"${held.name}" does (${ctx.place(otherFieldsAt(held))}): one parameter holds an object's other fields`,
    );
    return false;
  });
}
