// A parameter whose value is a list of objects or of lists (`Items`: a list of
// items, each a name and its attributes, as a query protocol's numbered members
// `Item.1.ItemName=…` carry it). OpenAPI's styles write a list of scalars
// (form, spaceDelimited, pipeDelimited, simple, label, matrix) or an object of
// scalars (deepObject): none writes a list of structures, so the document
// describes no request that carries one. Drafted, it was a JSON parameter no
// value could be sent for (the suite made none, or one the mocks refused).
// Optional, it is left out with a note (the rest of the operation goes
// through); required, no call of the operation can succeed: add refuses it,
// naming the parameter and the rule. One described by `content` (its JSON as
// the value) is sent as written.
import { followLocalRefs } from "../../load/json-ref.js";

type Json = Record<string, unknown>;

/** A parameter of a list of structures: where and what it is called, whether the operation requires it. */
export interface StructuredListParam {
  in: string;
  name: string;
  required: boolean;
}

/** Schemas followed inside one list's items (allOf members, unions' branches, references). */
const DEPTH = 8;

/** The parameters of an operation (its path item's too, `pathItem`) whose value is a list of objects or of lists. */
export function structuredListParams(document: unknown, op: Json, pathItem?: Json): StructuredListParam[] {
  const own = listOf(op.parameters).map((p) => followLocalRefs(document, p));
  const shared = listOf(pathItem?.parameters).map((p) => followLocalRefs(document, p));
  const named = new Set(own.map((p) => `${String(p?.in)}:${String(p?.name)}`));
  const out: StructuredListParam[] = [];
  for (const p of [...own, ...shared.filter((s) => !named.has(`${String(s?.in)}:${String(s?.name)}`))]) {
    if (!p || typeof p.name !== "string" || typeof p.in !== "string") continue;
    if (isStructuredList(document, p) || onlyStructuredFields(document, p))
      out.push({ in: p.in, name: p.name, required: p.in === "path" || p.required === true });
  }
  return out;
}

/** Whether a parameter (its `$ref`s followed) is a list of structures, which no style writes. */
export function isStructuredList(document: unknown, parameter: Json): boolean {
  if (parameter.content !== undefined) return false;
  const schema = followLocalRefs(document, parameter.schema);
  return schema !== undefined && listOfStructures(document, schema);
}

/**
 * Whether a parameter is an object every field of which is a list of structures (`body: {messages: [{…}]}`), or, in a
 * style other than deepObject, an object (`LoadBalancerAttributes: {AccessLog: {…}, ConnectionDraining: {…}}`): style
 * form writes its fields as `field=value` and deepObject as `name[field]=value`, scalars only, so no value of it can be
 * sent. So too an object that requires one such field (`Suggester: {SuggesterName, DocumentSuggesterOptions: {…}}`):
 * every value carries it. (A deepObject's object field is written a level deeper, `name[field][key]=value`, as the
 * runtime sends it.)
 */
function onlyStructuredFields(document: unknown, parameter: Json): boolean {
  if (parameter.content !== undefined) return false;
  const schema = followLocalRefs(document, parameter.schema);
  const fields = schema && isJson(schema.properties) ? Object.entries(schema.properties) : [];
  const required = new Set(listOf(schema?.required));
  const objectsToo = parameter.style !== "deepObject";
  const unwritable = (f: unknown): boolean => {
    const field = followLocalRefs(document, f);
    return (
      listOfStructures(document, field) ||
      (objectsToo && field !== undefined && !isList(document, field, DEPTH) && structured(document, field, DEPTH))
    );
  };
  return (
    fields.length > 0 &&
    (fields.every(([, f]) => unwritable(f)) || fields.some(([name, f]) => required.has(name) && unwritable(f)))
  );
}

function listOfStructures(document: unknown, schema: Json | undefined): boolean {
  return (
    schema !== undefined &&
    isList(document, schema, DEPTH) &&
    structured(document, followLocalRefs(document, itemsOf(document, schema, DEPTH)), DEPTH)
  );
}

/** The rule a note states. */
export function structuredListRule(p: { in: string; name: string }): string {
  return (
    `${p.in} parameter ${p.name} is a list of objects or of lists ` +
    `(or an object of only such lists, or of objects, or requiring one), ${NO_STYLE}`
  );
}

const NO_STYLE =
  "which no OpenAPI style writes (form, spaceDelimited, pipeDelimited, simple, label and matrix write lists of " +
  "scalars; deepObject, objects of scalars)";

function isList(document: unknown, schema: Json, depth: number): boolean {
  if (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"))) return true;
  if (depth <= 0) return false;
  return listOf(schema.allOf).some((m) => {
    const member = followLocalRefs(document, m);
    return member !== undefined && isList(document, member, depth - 1);
  });
}

/** A list's items (its own, or an `allOf` member's). */
function itemsOf(document: unknown, schema: Json, depth: number): unknown {
  if (schema.items !== undefined) return schema.items;
  if (depth <= 0) return undefined;
  for (const m of listOf(schema.allOf)) {
    const member = followLocalRefs(document, m);
    const items = member && itemsOf(document, member, depth - 1);
    if (items !== undefined) return items;
  }
  return undefined;
}

/**
 * Whether items are structures: an object or a list by type or by their keywords, or an `allOf` with such a member,
 * or a union whose every branch is one (a union with a scalar branch can be sent as scalars).
 */
function structured(document: unknown, schema: Json | undefined, depth: number): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length)
    return (
      types.some((t) => t === "object" || t === "array") &&
      types.every((t) => t === "object" || t === "array" || t === "null")
    );
  if (schema.properties !== undefined || schema.items !== undefined) return true;
  if (depth <= 0) return false;
  const inner = (list: unknown) =>
    listOf(list).map((m) => structured(document, followLocalRefs(document, m), depth - 1));
  if (inner(schema.allOf).some(Boolean)) return true;
  for (const key of ["oneOf", "anyOf"]) {
    const branches = inner(schema[key]);
    if (branches.length && branches.every(Boolean)) return true;
  }
  return false;
}

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
