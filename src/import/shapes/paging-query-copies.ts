// A paging value the JSON request body carries that the document also declares as a query parameter of the same name.
// Documents converted from RPC models, whose every input is a field of the body, add a paginated operation's cursor
// and limit as query parameters ("Pagination token", "Pagination limit": a bare text, optional) beside the body's own
// fields, and the service reads the body: drafted as published, a call sent them in the query, where they are
// ignored, and its paging sent each next cursor there, so that every page was the first. add leaves such a parameter
// out of the cut it writes, so that the draft sends the body's field (typed and bounded as the service takes it) and
// its paging writes the next cursor and the page size into the body; and says so.
// Only a paging value: in the public directory, a query parameter named as a field of the JSON body that is none (a
// reply's field selector beside a resource's `fields`, an API key, the required id of the record a PATCH changes) is
// a value of its own, which the service reads in the query (contract-tests/corpus/SHAPES.md has the counts).
// The same documents add them beside query parameters of the same name but for its case (`NextToken`, "Pagination
// token", beside the `nextToken` the service reads; query names are case-sensitive): those are left out too
// (withoutPagingCaseCopies), so that a caller is not offered an input the service ignores.
import { followLocalRefs } from "../../load/json-ref.js";
import { jsonMediaType } from "../../load/media-types.js";
import { operationRef } from "../../load/operation-index.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { isJson } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** The names a paging value goes by: a cursor, token or marker; a page size or limit; an offset or page number. */
const PAGING_NAME = new RegExp(
  "^(next_?)?(cursor|page_?cursor|page_?token|token|continuation_?token|iterator|after|marker|limit|per_?page|" +
    "page_?size|max_?(results?|items|records)|count|size|max|top|offset|start|start_?index|skip|page|page_?number)$",
  "i",
);
/** A description that calls the parameter a paging value (`Pagination token`). */
const PAGING_WORDS = /\bpaginat/i;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The top-level fields of a JSON request body (through `$ref` and `allOf`), by name. */
function bodyFields(cut: Json, op: Json): Json {
  const body = followLocalRefs(cut, op.requestBody);
  const content = isJson(body?.content) ? body.content : {};
  const type = jsonMediaType(content);
  if (type === undefined || !isJson(content[type])) return {};
  const fields = (schema: unknown, depth: number): Json => {
    const flat = followLocalRefs(cut, schema);
    if (!flat || depth > 8) return {};
    const parts = Array.isArray(flat.allOf) ? flat.allOf.map((p) => fields(p, depth + 1)) : [];
    return Object.assign({}, ...parts, isJson(flat.properties) ? flat.properties : {});
  };
  return fields((content[type] as Json).schema, 0);
}

/** The type a body field declares (through `$ref` and `allOf`). */
function fieldType(cut: Json, schema: unknown, depth = 0): unknown {
  const flat = followLocalRefs(cut, schema);
  if (!flat || depth > 8) return undefined;
  if (flat.type !== undefined) return flat.type;
  for (const part of Array.isArray(flat.allOf) ? flat.allOf : []) {
    const type = fieldType(cut, part, depth + 1);
    if (type !== undefined) return type;
  }
  return undefined;
}

/**
 * Whether `param` is a copy of the body's paging field of its name: an optional query parameter whose schema says no
 * more than a type (text, or the field's own), named or described as a paging value.
 */
function isPagingCopy(cut: Json, param: Json, fields: Json): boolean {
  const name = param.name;
  if (param.in !== "query" || typeof name !== "string" || !Object.hasOwn(fields, name) || param.required === true)
    return false;
  if (param.content !== undefined) return false;
  const schema = followLocalRefs(cut, param.schema) ?? {};
  const typeOnly =
    Object.keys(schema).every((k) => k === "type") &&
    (schema.type === undefined || schema.type === "string" || schema.type === fieldType(cut, fields[name]));
  const description = typeof param.description === "string" ? param.description : "";
  return typeOnly && (PAGING_NAME.test(name) || PAGING_WORDS.test(description));
}

/**
 * The cut without the query parameters that copy a paging field of their operation's JSON request body (changed in
 * place; an operation's own parameters only: one of its path item is shared by the item's other methods); each
 * operation changed, as `MaxResults, NextToken of ListZqs`.
 */
export function withoutPagingQueryCopies(cut: Json): string[] {
  return withoutOwnParams(cut, (_item, op) => {
    const fields = bodyFields(cut, op);
    return Object.keys(fields).length ? (param) => isPagingCopy(cut, param, fields) : undefined;
  });
}

/**
 * The cut without each operation's own parameters (one of its path item is shared by the item's other methods) that
 * `copyOf(item, op)` says are copies (changed in place); each operation changed, as `MaxResults, NextToken of ListZqs`.
 */
function withoutOwnParams(
  cut: Json,
  copyOf: (item: Json, op: Json) => ((param: Json) => boolean) | undefined,
): string[] {
  const changed: string[] = [];
  const paths = isJson(cut.paths) ? cut.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isJson(op) || !Array.isArray(op.parameters)) continue;
      const isCopy = copyOf(item, op);
      const copies = isCopy
        ? op.parameters.filter((p) => {
            const param = followLocalRefs(cut, p);
            return param !== undefined && isCopy(param);
          })
        : [];
      if (!copies.length) continue;
      op.parameters = op.parameters.filter((p) => !copies.includes(p));
      const names = copies.map((p) => String(followLocalRefs(cut, p)?.name));
      changed.push(`${names.join(", ")} of ${operationRef(method, path, op.operationId)}`);
    }
  }
  return changed;
}

/** A query parameter of `op` (its own or its path item's), resolved. */
function queryParams(cut: Json, item: Json, op: Json): Json[] {
  const all = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(op.parameters as unknown[])];
  return all.map((p) => followLocalRefs(cut, p)).filter((p): p is Json => p !== undefined && p.in === "query");
}

/**
 * Whether `param` copies a query parameter of `params` whose name differs from its own by case only: it is optional,
 * its schema says no more than a type, it is named as a paging value and described as one, and the other is not.
 */
function isCaseCopy(cut: Json, param: Json, params: Json[]): boolean {
  const name = param.name;
  if (param.in !== "query" || typeof name !== "string" || param.required === true || param.content !== undefined)
    return false;
  const described = (p: Json) => typeof p.description === "string" && PAGING_WORDS.test(p.description);
  const twin = params.find(
    (p) => typeof p.name === "string" && p.name !== name && p.name.toLowerCase() === name.toLowerCase(),
  );
  if (!twin || described(twin) || !described(param) || !PAGING_NAME.test(name)) return false;
  const schema = followLocalRefs(cut, param.schema) ?? {};
  const twinType = followLocalRefs(cut, twin.schema)?.type;
  return (
    Object.keys(schema).every((k) => k === "type") &&
    (schema.type === undefined || schema.type === "string" || schema.type === twinType)
  );
}

/**
 * The cut without the query parameters that copy, as paging values, a query parameter of their operation named alike
 * but for case (changed in place; an operation's own parameters only); each operation changed, as `MaxResults,
 * NextToken of ListZqs`.
 */
export function withoutPagingCaseCopies(cut: Json): string[] {
  return withoutOwnParams(cut, (item, op) => {
    const params = queryParams(cut, item, op);
    return (param) => isCaseCopy(cut, param, params);
  });
}

/** The review notes on the query parameters copying a paging value, left out: each kind of copy one note. */
export function pagingCopyNotes(pagingCopies: readonly string[], pagingCaseCopies: readonly string[]): ReviewNote[] {
  const caseCopies = pagingCaseCopies.length
    ? [
        {
          at: ["openapi"],
          note:
            `openapi.yaml leaves out the query parameters ${pagingCaseCopies.join("; ")}: each is described as a ` +
            "paging value beside a query parameter of the same name but for case (query names are case-sensitive), " +
            "which the call and its paging send; check that the API reads that one",
        },
      ]
    : [];
  if (!pagingCopies.length) return caseCopies;
  return [
    ...caseCopies,
    {
      at: ["openapi"],
      note:
        `openapi.yaml leaves out the query parameters ${pagingCopies.join("; ")}: each copies a paging value of the ` +
        "JSON request body (same name, the parameter a bare text named or described as paging), and the service " +
        "reads the body: the call and its paging send the body's field; check that the API reads them there",
    },
  ];
}
