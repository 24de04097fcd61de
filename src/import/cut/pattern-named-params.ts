// A parameter whose name is a pattern of names, not a name (`nango-proxy-$ANY_HEADER`: any header sent as
// `nango-proxy-<name>` is passed on; `$ANY_QUERY_PARAMS`, `X-Meta-{key}`, `filter[{field}]`, `X-Custom-*`): no request
// can carry it as written, and one declared required made every call of its operation unmeetable (generate refused
// the draft, BW2010) or was sent under its literal name. Such parameters are left out of the chosen operations before
// the cut (a run of the document steps, document-steps.ts, so that `upstream --accept`'s re-cut does the same), said
// in the cut's header and in a review note telling how to declare each header or key a call needs. A query key that is
// a name and a placeholder in brackets (`filters[{field}]`, "replace {field} with the property") is OpenAPI's
// deepObject of any keys: it is drafted as one (`filters`, `additionalProperties` its schema), unless the operation
// already has a query parameter of that name.
import { followLocalRefs } from "../../load/json-ref.js";
import { withChosenParamLists } from "./chosen-param-lists.js";
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

/**
 * A placeholder in a name: `$ANY_HEADER`, `{key}`, `<field>`, `*`; or the whole name a regular expression of names,
 * anchored (`/^var[.][a-zA-Z0-9]+$/`, `^x-meta-.+$`: RAML's pattern parameters, converted) or between slashes with
 * a class, group or count in it (`/text.[a-z]{2}(-[A-Z]{2})?/`: its `{2}` a count, not a placeholder `{key}`).
 */
const NAME_REGEX = /^\/\^.*\/$|^\^.*\$$|^\/.*[[({?*+|\\].*\/$/;
const NAME_PLACEHOLDER = new RegExp(`\\$[A-Z][A-Z0-9_]*|\\{[^{}]+\\}|<[^<>]+>|\\*|${NAME_REGEX.source}`);
const PLACES = new Set(["header", "query", "cookie"]);
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The parameter (a local `$ref` followed) and whether its name is a pattern. */
function patternNamed(doc: Json, raw: unknown): Json | undefined {
  const p = object(followLocalRefs(doc, raw));
  return PLACES.has(String(p.in)) && typeof p.name === "string" && NAME_PLACEHOLDER.test(p.name) ? p : undefined;
}

/** A query key of a name and a placeholder in brackets: `filters[{field}]`, `meta[<key>]`, `tag[*]`. */
const BRACKET_MAP = /^([A-Za-z_][\w.-]*)\[(?:\{[^{}[\]]+\}|<[^<>[\]]+>|\*)\]$/;

/** The pattern-named parameter as the deepObject of any keys it stands for, when it is one. */
function asDeepObject(p: Json): Json | undefined {
  const prefix = p.in === "query" && p.content === undefined ? BRACKET_MAP.exec(String(p.name))?.[1] : undefined;
  if (prefix === undefined) return undefined;
  const {
    style: _style,
    explode: _explode,
    allowReserved: _reserved,
    example: _example,
    examples: _examples,
    ...kept
  } = p;
  const values = p.schema === undefined ? {} : p.schema;
  return {
    ...kept,
    name: prefix,
    style: "deepObject",
    explode: true,
    schema: { type: "object", additionalProperties: values, ...(p.required === true ? { minProperties: 1 } : {}) },
  };
}

/** The note on the parameters left out. */
function leftOutNote(left: readonly Json[]): string {
  const shown = left.map((p) => {
    const name = String(p.name);
    const placeholder = NAME_PLACEHOLDER.exec(name)?.[0] ?? "";
    const form = name.replace(placeholder, "<name>");
    if (NAME_REGEX.test(name))
      return `${p.in} parameter ${name} (any ${p.in === "header" ? "header" : "key"} it matches)`;
    return form === "<name>"
      ? `${p.in} parameter ${name} (any ${p.in === "header" ? "header" : "key"})`
      : `${p.in} parameter ${name} (wire: { in: ${p.in}, name: ${JSON.stringify(form)} }, with the name in place)`;
  });
  return (
    `openapi.yaml leaves out ${[...new Set(shown)].join(", ")}: a name that is a pattern (a placeholder standing for ` +
    "any name), not one a request can carry as written; declare a parameter for each header or key your calls need, " +
    "under its own name"
  );
}

/**
 * The document with the chosen operations' pattern-named parameters left out (theirs and their path items', a
 * shallow copy where anything changes), the note and what was left out, for the cut's header.
 */
export function withoutPatternNamedParams(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; notes: string[]; added: string[] } {
  const left: Json[] = [];
  const places: string[] = [];
  const mapped: string[] = [];
  // `taken`: the query names the operation (its own and its path item's parameters) already sends.
  const keep = (list: unknown, where: string, taken: Set<string>) => {
    if (!Array.isArray(list)) return list;
    let changed = false;
    const out = list.flatMap((raw) => {
      const p = patternNamed(doc, raw);
      if (!p) return [raw];
      changed = true;
      const map = asDeepObject(p);
      if (map && !taken.has(String(map.name))) {
        taken.add(String(map.name));
        mapped.push(`${where} query parameter ${String(p.name)} as the deepObject ${String(map.name)}`);
        return [map];
      }
      left.push(p);
      places.push(`${where} ${p.in} parameter ${String(p.name)}`);
      return [];
    });
    return changed ? out : list;
  };
  const queryNames = (list: unknown) =>
    (Array.isArray(list) ? list : [])
      .map((raw) => object(raw))
      .filter((p) => p.in === "query" && !patternNamed(doc, p))
      .map((p) => String(p.name));
  // The path item's list takes the names of every chosen operation there; an operation's, its own and the item's.
  const copied = withChosenParamLists(doc, chosen, (list, { where, item, ops, op }) => {
    const lists = op ? [item.parameters, op.parameters] : [item.parameters, ...ops.map((o) => o.parameters)];
    return keep(list, where, new Set(lists.flatMap(queryNames)));
  });
  if (!copied) return { document: doc, notes: [], added: [] };
  const mapNote =
    "a query key of a name and a placeholder in brackets is a deepObject of any keys (`<name>[<key>]=<value>`): " +
    `drafted as one (${mapped.join(", ")}); check which keys the API reads`;
  return {
    document: { ...doc, paths: copied },
    notes: [...(left.length ? [leftOutNote(left)] : []), ...(mapped.length ? [mapNote] : [])],
    added: [
      ...(places.length
        ? [`${places.join(", ")} left out (a name that is a pattern: no request carries it as written)`]
        : []),
      ...mapped.map((m) => `${m} (a placeholder in brackets: any key)`),
    ],
  };
}
