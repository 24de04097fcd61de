// Where a drafted list operation takes its paging values (pagination.ts recognises its style): the query parameters
// and headers it declares, by their names read as words, and the top-level fields of its JSON body, each as the
// manifest parameter drafted for it.
import { defined } from "@blockwright/runtime/internal";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../../load/openapi-document.js";
import type { ParamsDraft } from "../params.js";
import { safeFlatten } from "../param-schema.js";

type Parameter = OpenApiOperation["parameters"][number];

/**
 * Where a paging value goes: a query parameter or header the spec declares, or a top-level field of the JSON body; its
 * manifest parameter.
 */
export interface PageSlot {
  name: string;
  send: { in: "query" | "header"; name: string } | { in: "body"; pointer: string };
  param: string;
  schema: Schema | undefined;
}

/**
 * Where the operation takes paging values: its declared parameters, its body's fields, each as its manifest parameter.
 */
export interface PageRequest {
  wire: (place: string, name: string) => string | undefined;
  /**
   * The query parameter or header matching `pattern` that is drafted (of a number type, or not, when `number` says).
   */
  declared: (pattern: RegExp, number?: boolean) => Parameter | undefined;
  /** The drafted top-level body field matching `pattern`. */
  bodyField: (pattern: RegExp) => string | undefined;
  /** Every drafted top-level field of the JSON body, by name. */
  bodyFields: string[];
  /** Where a number matching `pattern` goes: a parameter, else a field of the JSON body. */
  slot: (pattern: RegExp) => PageSlot | undefined;
}

/**
 * A header's name as the words a paging name is matched by: an `X-` prefix aside, its `-` as `_` (`X-Next-Token`,
 * `Continuation-Token`: a cursor sent back as a header, `X-Limit`: a page size).
 */
function headerWords(name: string): string {
  return name.replace(/^x-/i, "").replaceAll("-", "_");
}

/**
 * A query parameter's name as the words a paging name is matched by: the last of its dotted parts, a model binder's
 * prefix aside (ASP.NET's `parameters.skip`, `filter.take`).
 */
function queryWords(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/** The places of `op` a paging value may go, as `params` drafted them. */
export function pageRequest(doc: OpenApiDocument, op: OpenApiOperation, params: ParamsDraft): PageRequest {
  // A secret parameter (a credential: `refresh_token`) is no paging place, whatever a reply's field is named after it
  // (`next_refresh_token`, a rotated credential, no cursor).
  const wire = (place: string, name: string) => {
    const param = params.byWire.get(`${place}:${name}`);
    return param !== undefined && params.params[param]?.secret !== true ? param : undefined;
  };
  const declared = (pattern: RegExp, number?: boolean) =>
    op.parameters.find(
      (p) =>
        (p.in === "query" || p.in === "header") &&
        pattern.test(p.in === "header" ? headerWords(p.name) : queryWords(p.name)) &&
        wire(p.in, p.name) !== undefined &&
        (number === undefined ||
          ["integer", "number"].includes(typeOf(safeFlatten(doc, p.schema) ?? {}) ?? "") === number),
    );
  const bodyWires = [...params.byWire.keys()].filter((k) => k.startsWith("body:/") && wire("body", k.slice(5)));
  const bodyField = (pattern: RegExp) => bodyWires.find((k) => pattern.test(k.slice(6)))?.slice(6);
  const bodyFields = bodyWires.filter((k) => !/[/~]/.test(k.slice(6))).map((k) => k.slice(6));
  // RPC-style APIs list with a POST whose JSON body carries the offset, page and page size (`{offset, limit}`).
  const bodyProperties = ((op.requestBody?.encoding === "json" ? safeFlatten(doc, op.requestBody.schema) : undefined)
    ?.properties ?? {}) as Record<string, Schema>;
  const slot = (pattern: RegExp): PageSlot | undefined => {
    const p = declared(pattern, true);
    if (p)
      return {
        name: p.name,
        send: { in: p.in as "query" | "header", name: p.name },
        param: defined(wire(p.in, p.name), "the parameter's placement"),
        schema: p.schema,
      };
    const field = Object.keys(bodyProperties).find(
      (k) =>
        pattern.test(k) &&
        wire("body", `/${k}`) !== undefined &&
        ["integer", "number"].includes(typeOf(safeFlatten(doc, bodyProperties[k] ?? {}) ?? {}) ?? ""),
    );
    return field === undefined
      ? undefined
      : {
          name: field,
          send: { in: "body", pointer: `/${field}` },
          param: defined(wire("body", `/${field}`), "the field's parameter"),
          schema: bodyProperties[field] as Schema,
        };
  };
  return { wire, declared, bodyField, bodyFields, slot };
}
