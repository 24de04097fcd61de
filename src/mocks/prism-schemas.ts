// Schemas Prism's validator can compile (mock-document.ts applies it to its copy). Prism compiles each schema it
// checks a request or an answer against (Ajv) and caches the function; a
// schema Ajv refuses is not cached, nothing is checked, and the next request
// compiles it again — on a large published document, seconds of every
// request, so that the suite ran past any time limit. The shape Ajv refuses
// that published OpenAPI 3.0 documents commonly have (a pattern that is no
// `u` expression, the other, generation refuses) is rewritten here, in
// place, as the document means it: `nullable: true` on a schema without
// `type` (beside `allOf`, `$ref`…), which Ajv's `nullable` refuses, or with a type beside a composition or a `$ref`
// (whose branches refuse the null the type takes), becomes "itself or null", and so does `type: "null"` beside a
// composition (`{oneOf: [string, number], type: "null"}`: a 3.0
// `nullable` written as 3.1's type, which no value meets as written: Prism's check then refused the answer made from
// the branches, and would have refused null); a `oneOf` with a `discriminator` (the branch is named by
// a property, not by matching one branch alone) is checked as `anyOf`
// (discriminatedAsAnyOf, as generation's example check reads it). An enum of labels (text-enum.ts: an integer whose
// enum lists only texts like "0 (Unknown)") is dropped, the type kept: Prism's sampler served a label its own
// check then refused as no integer, and no value meets both. A string whose enum lists numbers or booleans (YAML's
// unquoted `1`, `true`: `type: string, enum: [1, 2]`) allows their texts, as the judge reads it (text-enum.ts):
// Prism's sampler served the number its own check then refused as no string. Conversely a number, integer or boolean
// whose enum lists texts of its values (`type: number, enum: ["2", "3"]`, JSON's quotes) allows those values, as the
// judge and the link read it: in a JSON body no value met it (2 is no "2", and "2" no number). An object or a list
// among a scalar's enum values (`type: string, enum: [{override: true}, "DEFAULT"]`) is no value of it: left out, or
// the enum is, when no value is left (Prism's sampler served the object first, and its own check refused it as no
// string); an object's or a list's enum that lists no object (list) is left out (`type: object, enum: [PKW, VAN]`:
// Prism served a text and refused it as no object). A `type` beside a `$ref` that the referenced schema's type
// contradicts (`{$ref: Contact, type: string}`, Contact an object), or beside one whose schema is nullable, is left
// out: OpenAPI 3.0 ignores a reference's siblings, Prism read it and refused every answer holding the object (null).
// A nullable enum (`type: string, nullable: true, enum: [a, b]`) lists null too, as the example check reads it: Prism
// refused the document's own example holding null there. A file's enum, const or pattern (`format: binary, enum:
// ["*.png"]`: the names it may have) is left out (media-types.ts withoutFileTextRules): Prism refused every file's
// bytes.
// A 3.1 tuple (`prefixItems`, then `items` for the rest) is written as the draft-07 tuple Prism's validator reads
// (`items` a list, `additionalItems` the rest: tuplesAsListedItems), after the answers are made from it.
// A decimal step (`multipleOf: 0.1`) is left to the judge, which holds it exactly (decimal digits): Ajv divides in
// binary floating point (0.6 / 0.1 = 5.999…), so Prism refused 0.6 and 16.7, which the upstream's decimals accept, and
// Prism passes Ajv no `multipleOfPrecision`.
// A default its schema's type refuses is left out (mistyped-default.ts): where Prism's sampler gives up on a schema it
// answers with the default. An `allOf`'s `$ref` members are written out (allOfRefsWrittenOut): Prism's merge of the
// members kept the first `$ref` alone.
import { discriminatedAsAnyOf, eachSchemaNode } from "../load/openapi-json-schema.js";
import { isEnumOfLabels, withTextEnum, withValueEnum } from "../load/text-enum.js";
import { withoutFileTextRules } from "../load/media-types.js";
import { resolvePointer } from "./sample/sample-lookup.js";
import { withoutMistypedDefault } from "./mistyped-default.js";
import { shapesOf, typesOf } from "../judge/text-values.js";
import { typeOf } from "../load/openapi-document.js";
import { isObject, resolved } from "./mock-form-bodies.js";

type Node = Record<string, unknown>;

const COMPOSITIONS = ["oneOf", "anyOf", "allOf"];

/** Rewrites, in place, the schemas under `root` that Ajv would refuse; returns how many. */
export function makeSchemasCompilable(root: unknown): number {
  // Discriminated unions first: a nullable one is wrapped whole below.
  let rewritten = discriminatedAsAnyOf(root) + allOfRefsWrittenOut(root);
  eachSchemaNode(root, (node) => {
    // Beside a type too (`type: object, nullable: true, oneOf: [...]`): Ajv's `nullable` widened the type alone, and
    // the branches (the reference) refused the null the document admits, as the judge reads it (openapi-json-schema).
    if (node.nullable === true && (node.type === undefined || [...COMPOSITIONS, "$ref"].some((k) => k in node))) {
      nullOrItself(node);
      rewritten++;
    }
    if (node.type === "null" && COMPOSITIONS.some((key) => Array.isArray(node[key]))) {
      delete node.type;
      nullOrItself(node);
      rewritten++;
    }
    if (isEnumOfLabels(node)) {
      delete node.enum;
      rewritten++;
    }
    if (withoutStructuredEnumValues(node) || withoutEnumOfNoStructure(node)) rewritten++;
    if (withoutFileTextRules(node)) rewritten++;
    if (withoutDecimalStep(node)) rewritten++;
    if (withoutMistypedDefault(node, (v) => refTarget(root, v))) rewritten++;
    if (typeBesideRefContradicts(node, root)) {
      delete node.type;
      rewritten++;
    }
    if (SCALAR_TYPES.has(String(node.type)) && node.type !== "string" && Array.isArray(node.enum)) {
      const asValues = withValueEnum(node);
      if (asValues !== node) {
        node.enum = asValues.enum;
        rewritten++;
      }
    }
    const asText = withTextEnum(node);
    if (asText !== node && node.type === "string") {
      node.enum = asText.enum;
      if (!("format" in asText)) delete node.format;
      rewritten++;
    }
    // A nullable enum allows null as the example check reads it (openapi-json-schema.ts); Ajv's `nullable` does not
    // add null to the enum, and Prism refused the document's own example holding null.
    if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) {
      node.enum = [...node.enum, null];
      rewritten++;
    }
  });
  return rewritten;
}

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean"]);

/** Takes out a `multipleOf` that is no whole number (Ajv's check of it is a float division's); whether it did. */
function withoutDecimalStep(node: Node): boolean {
  if (typeof node.multipleOf !== "number" || Number.isInteger(node.multipleOf)) return false;
  delete node.multipleOf;
  return true;
}

/**
 * Each local `$ref` member of an `allOf` of two or more members written out as a copy of the schema it names, in
 * place; returns how many. Prism merges an `allOf`'s members into one schema before it checks a request or an answer,
 * and its merge keeps the first `$ref` alone: a body `allOf: [$ref Image, $ref MmsChannel]` lost its channel, so that
 * two branches of a union of channels met one body and Prism refused it. A copy of the schema as the document wrote it
 * (its own `allOf`s written out likewise), made once a schema and shared: the schema itself would make a document
 * whose schema holds itself deeper down (a category's children) a cycle, which no JSON writes; a reference met again
 * while its copy is being made stays a `$ref`.
 */
function allOfRefsWrittenOut(root: unknown): number {
  const written = new Map<string, Node>();
  const making = new Set<string>();
  const lists = (under: unknown): unknown[][] => {
    const found: unknown[][] = [];
    eachSchemaNode(under, (node) => {
      if (Array.isArray(node.allOf) && node.allOf.length > 1) found.push(node.allOf);
    });
    return found;
  };
  let count = 0;
  const writeOut = (list: unknown[]): void =>
    list.forEach((member, i) => {
      const ref = loneRef(member);
      const copy = ref === undefined ? undefined : copyOf(ref);
      if (copy === undefined) return;
      list[i] = copy;
      count++;
    });
  const copyOf = (ref: string): Node | undefined => {
    if (written.has(ref)) return written.get(ref);
    if (making.has(ref)) return undefined;
    let target = refTarget(root, { $ref: ref });
    for (let hops = 0; hops < 8 && loneRef(target) !== undefined; hops++) target = refTarget(root, target);
    if (target === null || typeof target !== "object" || loneRef(target) !== undefined) return undefined;
    making.add(ref);
    const copy = structuredClone(target) as Node;
    // The discriminator is the base's, read at its `$ref`s (load/schemas/base-kinds.ts): left in a copy written into a
    // kind's allOf, it made the kind read as a base whose kinds are its siblings, each of those one whose kinds hold
    // the first, and the sampler made a kind of a kind without end (a stack overflow: no mock of the document started).
    delete copy.discriminator;
    for (const list of lists(copy)) writeOut(list);
    making.delete(ref);
    written.set(ref, copy);
    return copy;
  };
  // Every copy is made from the document as written, before any of its own lists is changed.
  const own = lists(root);
  for (const ref of own.flatMap((list) => list.map(loneRef))) if (ref !== undefined) copyOf(ref);
  for (const list of own) writeOut(list);
  return count;
}

/** A member's local `$ref` when it is a reference alone (3.1 reads a reference's siblings: such a member stays). */
function loneRef(member: unknown): string | undefined {
  if (member === null || typeof member !== "object" || Object.keys(member).length !== 1) return undefined;
  const ref = (member as Node).$ref;
  return typeof ref === "string" && ref.startsWith("#/") ? ref : undefined;
}

/** A schema's `$ref` followed (a local one), or the schema itself. */
function refTarget(root: unknown, value: unknown): unknown {
  const ref = value !== null && typeof value === "object" ? (value as Node).$ref : undefined;
  return typeof ref === "string" && ref.startsWith("#/") ? resolvePointer(root, ref.slice(1)) : value;
}

/**
 * A `type` beside a local `$ref` whose schema has another type (none of its types), or allows null (3.0's `nullable`)
 * where the `type` beside it does not: null is a value of the reference, which 3.0 reads alone.
 */
function typeBesideRefContradicts(node: Node, root: unknown): boolean {
  if (typeof node.$ref !== "string" || !node.$ref.startsWith("#/") || typeof node.type !== "string") return false;
  const target = resolvePointer(root, node.$ref.slice(1));
  const own = target !== null && typeof target === "object" ? (target as Node).type : undefined;
  const types = Array.isArray(own) ? own : typeof own === "string" ? [own] : [];
  if ((target as Node | null)?.nullable === true && node.nullable !== true) return true;
  return types.length > 0 && !types.includes(node.type) && !(node.type === "integer" && types.includes("number"));
}

/** A scalar's enum without the objects and lists it lists (none meets the type), in place; whether it had any. */
function withoutStructuredEnumValues(node: Node): boolean {
  if (typeof node.type !== "string" || !SCALAR_TYPES.has(node.type) || !Array.isArray(node.enum)) return false;
  const kept = node.enum.filter((v) => v === null || typeof v !== "object");
  if (kept.length === node.enum.length) return false;
  if (kept.length) node.enum = kept;
  else delete node.enum;
  return true;
}

/**
 * An object's (a list's) enum that lists no object (no list), in place, dropped (`type: object, enum: [PKW, VAN]`,
 * beside the object's own fields): no value meets both, and the type is what an answer carries; whether it had one.
 */
function withoutEnumOfNoStructure(node: Node): boolean {
  if ((node.type !== "object" && node.type !== "array") || !Array.isArray(node.enum)) return false;
  const list = node.type === "array";
  if (node.enum.some((v) => v !== null && typeof v === "object" && Array.isArray(v) === list)) return false;
  delete node.enum;
  return true;
}

/**
 * The node becomes `{anyOf: [<itself without nullable>, {type: "null"}]}`,
 * keeping its identity (references to it follow); itself first, so that an
 * answer made up from the schema is still made from it.
 */
function nullOrItself(node: Node): void {
  const { nullable: _nullable, ...itself } = node;
  // Annotations stay outside, where readers of the schema (the sampler, descriptions) look.
  const outer: Node = {};
  for (const key of ["description", "title", "example", "examples", "default", "readOnly", "writeOnly", "deprecated"])
    if (key in itself) outer[key] = itself[key];
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, outer, { anyOf: [itself, { type: "null" }] });
}

/**
 * A parameter's schema with each `oneOf` in it read as `anyOf`, at any depth (an object parameter's field, a list's
 * items: `filter[ids][0]`, an id or a slug), in a copy where one changes (`resolve` follows a `$ref`; a schema the
 * document shares elsewhere is not written to). Prism reads a query text against each branch, and a text that reads as
 * both (`1`: an integer id and a slug `^[a-z0-9-]+$`) matched "more than one" and was refused.
 */
export function withOneOfsAsAnyOf(schema: unknown, resolve: (value: unknown) => unknown, depth = 0): unknown {
  const node = resolve(schema);
  if (depth > 8 || node === null || typeof node !== "object" || Array.isArray(node)) return schema;
  const s = node as Node;
  const each = (list: unknown) =>
    Array.isArray(list) ? list.map((b) => withOneOfsAsAnyOf(b, resolve, depth + 1)) : list;
  const out: Node = { ...s };
  let changed = false;
  const set = (key: string, value: unknown) => {
    if (value === s[key]) return;
    out[key] = value;
    changed = true;
  };
  if (s.properties && typeof s.properties === "object") {
    const fields = Object.entries(s.properties as Node).map(([k, v]) => [k, withOneOfsAsAnyOf(v, resolve, depth + 1)]);
    if (fields.some(([k, v]) => v !== (s.properties as Node)[k as string]))
      set("properties", Object.fromEntries(fields));
  }
  for (const key of ["items", "additionalProperties"])
    if (key in s) set(key, withOneOfsAsAnyOf(s[key], resolve, depth + 1));
  for (const key of ["anyOf", "allOf"]) {
    const list = each(s[key]);
    if (Array.isArray(list) && list.some((b, i) => b !== (s[key] as unknown[])[i])) set(key, list);
  }
  if (Array.isArray(s.oneOf)) {
    const { oneOf: _oneOf, ...rest } = out;
    return { ...rest, anyOf: each(s.oneOf) };
  }
  return changed ? out : schema;
}

// Query parameters the mock's copy of the document leaves to the request judge, which reads them in full
// (`judgedOnly` below), where Prism misread them: a list of texts that may hold a comma, sent exploded
// (Prism split a lone `k=a%2Cb` into two items); a union of a list and something else, with no type of its own (`oneOf:
// [{type: boolean}, {type: array}]`: a flag, or the values to choose among), whose list of one item, one pair
// (`k=en`), Prism read as text, no branch, and refused.

/**
 * Whether a union's branches other than null (an "S or null" is S: mock-document.ts `withoutNullBranch`) hold a list
 * and something else.
 */
export function isListAmongOthers(
  schema: Record<string, unknown> | undefined,
  document: Record<string, unknown>,
): boolean {
  const all = Array.isArray(schema?.anyOf) ? schema.anyOf : Array.isArray(schema?.oneOf) ? schema.oneOf : [];
  const branches = all
    .map((b) => resolved(b, document))
    .filter((b) => !(isObject(b) && (b.type === "null" || (Array.isArray(b.enum) && b.enum.every((v) => v === null)))));
  const lists = branches.filter((b) => shapesOf(document, b).includes("array")).length;
  return lists > 0 && lists < branches.length;
}

/**
 * Whether a deepObject's schema holds a union (`oneOf`/`anyOf`), itself or in a field at any depth: Prism builds the
 * value from the fields the schema lists (`name[field]`), so a union's fields, and an object inside one
 * (`parameters[report][report_type]=…`), were never read, and the value refused for lacking them.
 */
export function holdsUnion(schema: unknown, document: Record<string, unknown>, depth = 0): boolean {
  const s = resolved(schema, document);
  if (!isObject(s) || depth > 8) return false;
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) return true;
  const parts = [
    ...(isObject(s.properties) ? Object.values(s.properties) : []),
    ...(Array.isArray(s.allOf) ? s.allOf : []),
    ...(isObject(s.items) ? [s.items] : []),
  ];
  return parts.some((part) => holdsUnion(part, document, depth + 1));
}

/** Whether a list's item may be a text holding a comma: a text, or untyped, whose enum (if any) lists none. */
export function mayHoldComma(items: unknown): boolean {
  if (!isObject(items)) return true;
  if (Array.isArray(items.enum)) return items.enum.some((v) => String(v).includes(","));
  return (typeOf(items) ?? "string") === "string";
}

/**
 * A parameter the request judge reads in full (mock-judge.ts) and Prism's deserialisers do not, as mock-document.ts
 * serves it: described by `content`, in the label, matrix, spaceDelimited or pipeDelimited style (Prism split `a%20b`
 * after no decoding), a query list of texts sent exploded (Prism split a lone `k=a%2Cb` into two items), a list or an
 * object in a path or a header, or a union of them with no type of its own, null aside (Prism threw on an absent
 * object header, ending the process, and kept such a union's value as text; `anyOf: [list, null]` was served as the
 * list, whose absent header Prism's reader split), a deepObject holding a union (`holdsUnion`), or a cookie. Prism is
 * told only whether it is required.
 */
export function judgedOnly(parameter: unknown, document: Record<string, unknown>): unknown {
  const p = resolved(parameter, document);
  if (!isObject(p)) return parameter;
  const schema = resolved(p.schema, document) as Record<string, unknown> | undefined;
  // Prism reads a query value sent empty (`flag=`) as absent: a required one whose schema lists "" the judge requires.
  const empty = schema?.const === "" || (Array.isArray(schema?.enum) && schema.enum.includes(""));
  if (p.in === "query" && p.required === true && empty) return { ...p, required: false };
  const type = typeOf(schema);
  // A header or a path carries text, never null: the types beside null say whether it is a list or an object.
  const carried = [...typesOf(document, schema)].filter((t) => t !== "null");
  const structured =
    (p.in === "path" || p.in === "header") &&
    (type === "array" ||
      type === "object" ||
      (carried.length > 0 && carried.every((t) => t === "array" || t === "object")));
  // A query union of a list and something else (isListAmongOthers).
  const unionList = p.in === "query" && type === undefined && isListAmongOthers(schema, document);
  const delimited = p.style === "spaceDelimited" || p.style === "pipeDelimited";
  const commaList = p.in === "query" && type === "array" && (p.style ?? "form") === "form" && p.explode !== false;
  const items = commaList ? resolved((schema as Record<string, unknown>).items, document) : undefined;
  const styled = p.content !== undefined || p.style === "label" || p.style === "matrix" || delimited;
  // A deepObject holding a union: Prism is told only that an object is there (and whether it is required).
  if (p.in === "query" && p.style === "deepObject" && holdsUnion(schema, document))
    return { ...p, schema: { type: "object" } };
  if (!styled && p.in !== "cookie" && !structured && !unionList && !(commaList && mayHoldComma(items)))
    return parameter;
  const { content: _content, style: _style, explode: _explode, ...rest } = p;
  return { ...rest, schema: {} };
}

/**
 * Each 3.1 tuple under `root` (`prefixItems`, and `items` for the items past them) written, in place, as the draft-07
 * tuple it is (`items` the list of the first items' schemas, `additionalItems` the rest's), `prefixItems` kept for
 * the readers of 3.1 (the realistic answers' sampler: sample-list-shapes.ts `itemSchema`); returns how many. Prism
 * checks a schema with no `$schema` by draft-07's Ajv, which knows no `prefixItems` and held every item to `items`:
 * it refused the answer made from the document (a flow's first event the `start` its `prefixItems` ask, which none of
 * the later events' shapes takes). Run after the answers are made (mock-document.ts): the sampler reads 3.1's tuple.
 */
export function tuplesAsListedItems(root: unknown): number {
  let rewritten = 0;
  eachSchemaNode(root, (node) => {
    if (!Array.isArray(node.prefixItems) || Array.isArray(node.items)) return;
    if ("items" in node) node.additionalItems = node.items;
    node.items = node.prefixItems;
    rewritten++;
  });
  return rewritten;
}
