// A path parameter its path template never names (`GET /users/search` declaring a required path parameter
// `domainID`: a route's arguments listed for a path that lost the segment). OpenAPI requires each path parameter to
// be an expression of its path; no request can carry one that is not, so the draft asked for a value it never sent
// and the request judge refused every call (`required by the document, and not sent`). Such parameters (the
// operation's and its path item's, a local `$ref` followed) are left out of the chosen operations before the cut, a
// run of the document steps (document-steps.ts, so that `upstream --accept`'s re-cut and the corpus's picker do the
// same), said in the cut's header and in a review note. generate refuses a manifest that places a parameter there
// (link/wire/wire.ts).
// A path that writes a declared parameter as a router's `:name` segment (`/endpoint_groups/:id` declaring the path
// parameter `id`, as gin, echo and Express write routes and swaggo copies them) means that parameter: the draft left
// `id` out and every call went to `/endpoint_groups/:id`. The segment is read as `{name}` first (the path item moved
// to that key, or its operations joined to the item already there when none shares a method and neither declares
// parameters of its own), said in the cut's header and in a review note; then what no path names is left out.
import { followLocalRefs } from "../../load/json-ref.js";
import { expressionNames } from "../../load/operation-index.js";
import { withChosenParamLists } from "./chosen-param-lists.js";
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The name of a path parameter (a local `$ref` followed) that `path` never names, if `raw` is one. */
function unnamedIn(doc: Json, path: string, raw: unknown): string | undefined {
  const p = object(followLocalRefs(doc, raw));
  if (p.in !== "path" || typeof p.name !== "string") return undefined;
  return expressionNames(path).includes(p.name) ? undefined : p.name;
}

/**
 * The document with the chosen operations' path parameters that their path never names left out (theirs and their
 * path items', a shallow copy where anything changes), the note and what was left out, for the cut's header.
 */
export function withoutUnnamedPathParams(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; chosen?: SelectedOperation[]; notes: string[]; added: string[] } {
  const read = withColonSegmentsRead(doc, chosen);
  if (!read) return withoutUnnamed(doc, chosen);
  const rest = withoutUnnamed(read.document, read.chosen);
  return { ...rest, chosen: read.chosen, notes: [read.note, ...rest.notes], added: [...read.added, ...rest.added] };
}

function withoutUnnamed(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; notes: string[]; added: string[] } {
  const left: string[] = [];
  const copied = withChosenParamLists(doc, chosen, (list, { path, where }) => {
    if (!Array.isArray(list)) return list;
    const out = list.filter((raw) => {
      const name = unnamedIn(doc, path, raw);
      if (name !== undefined) left.push(`${where} path parameter ${name}`);
      return name === undefined;
    });
    return out.length === list.length ? list : out;
  });
  if (!copied) return { document: doc, notes: [], added: [] };
  return {
    document: { ...doc, paths: copied },
    notes: [
      `openapi.yaml leaves out ${left.join(", ")}: a path parameter its path never names (no {name} in the ` +
        "path), which OpenAPI forbids and no request can carry; if the API needs the value, write the path " +
        "with it as the API's own examples call it",
    ],
    added: [`${left.join(", ")} left out (a path parameter its path never names: no request carries it)`],
  };
}

/** The path with each whole segment `:name` naming one of `unnamed` written `{name}`, or undefined where none does. */
function colonSegmentsRead(path: string, unnamed: ReadonlySet<string>): string | undefined {
  let changed = false;
  const read = path.split("/").map((segment) => {
    const name = /^:([A-Za-z_][\w.-]*)$/.exec(segment)?.[1];
    if (name === undefined || !unnamed.has(name)) return segment;
    changed = true;
    return `{${name}}`;
  });
  return changed ? read.join("/") : undefined;
}

const METHOD_KEYS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * The document with each chosen path writing a declared, otherwise unnamed path parameter as a `:name` segment moved to
 * the path reading it `{name}` (or joined to the item there), the chosen operations with their new paths, the note
 * and what changed; undefined where no chosen path does.
 */
function withColonSegmentsRead(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; chosen: SelectedOperation[]; note: string; added: string[] } | undefined {
  const paths = object(doc.paths);
  const moved = new Map<string, string>();
  for (const path of new Set(chosen.map((c) => c.path))) {
    if (!path.includes("/:")) continue;
    const item = object(paths[path]);
    const lists = [
      item.parameters,
      ...chosen.filter((c) => c.path === path).map((c) => object(item[c.method]).parameters),
    ];
    const unnamed = new Set(
      lists.flatMap((list) => (Array.isArray(list) ? list : [])).flatMap((raw) => unnamedIn(doc, path, raw) ?? []),
    );
    const read = colonSegmentsRead(path, unnamed);
    if (read === undefined || [...moved.values()].includes(read)) continue;
    const there = paths[read];
    if (there !== undefined && !joinable(item, object(there))) continue;
    moved.set(path, read);
  }
  if (!moved.size) return undefined;
  const copied: Json = {};
  for (const [key, item] of Object.entries(paths)) {
    const to = moved.get(key);
    if (to === undefined) copied[key] = copied[key] === undefined ? item : { ...object(copied[key]), ...object(item) };
    else copied[to] = { ...object(copied[to] ?? paths[to]), ...object(item) };
  }
  const shown = [...moved].map(([from, to]) => `${from} as ${to}`);
  return {
    document: { ...doc, paths: copied },
    chosen: chosen.map((c) => (moved.has(c.path) ? { ...c, path: moved.get(c.path) ?? c.path } : c)),
    note:
      `openapi.yaml writes ${shown.join(", ")}: each path wrote a path parameter it declares as a router's :name ` +
      "segment, which OpenAPI reads as the path's own text (every call went to the literal :name); check the API's " +
      "own examples",
    added: shown.map((s) => `path ${s} (a :name segment naming the path parameter it declares)`),
  };
}

/** Whether a path item's operations can join another's: no method both have, neither with parameters of its own. */
function joinable(item: Json, there: Json): boolean {
  if (item.parameters !== undefined || there.parameters !== undefined) return false;
  return !Object.keys(item).some((k) => METHOD_KEYS.has(k) && Object.hasOwn(there, k));
}
