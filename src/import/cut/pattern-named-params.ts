// A parameter whose name is a pattern of names, not a name (`nango-proxy-$ANY_HEADER`: any header sent as
// `nango-proxy-<name>` is passed on; `$ANY_QUERY_PARAMS`, `X-Meta-{key}`, `filter[{field}]`, `X-Custom-*`): no request
// can carry it as written, and one declared required made every call of its operation unmeetable (generate refused
// the draft, BW2010) or was sent under its literal name. Such parameters are left out of the chosen operations before
// the cut (a run of the document steps, document-steps.ts, so that `upstream --accept`'s re-cut does the same), said
// in the cut's header and in a review note telling how to declare each header or key a call needs.
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

/** A placeholder in a name: `$ANY_HEADER`, `{key}`, `<field>`, `*`. */
const NAME_PLACEHOLDER = /\$[A-Z][A-Z0-9_]*|\{[^{}]+\}|<[^<>]+>|\*/;
const PLACES = new Set(["header", "query", "cookie"]);
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The parameter (a local `$ref` followed) and whether its name is a pattern. */
function patternNamed(doc: Json, raw: unknown): Json | undefined {
  let p = object(raw);
  const ref = p.$ref;
  if (typeof ref === "string" && ref.startsWith("#/")) {
    let at: unknown = doc;
    for (const part of ref.slice(2).split("/")) at = object(at)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
    p = object(at);
  }
  return PLACES.has(String(p.in)) && typeof p.name === "string" && NAME_PLACEHOLDER.test(p.name) ? p : undefined;
}

/** The note on the parameters left out. */
function leftOutNote(left: readonly Json[]): string {
  const shown = left.map((p) => {
    const name = String(p.name);
    const placeholder = NAME_PLACEHOLDER.exec(name)?.[0] ?? "";
    const form = name.replace(placeholder, "<name>");
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
  const paths = object(doc.paths);
  const left: Json[] = [];
  const places: string[] = [];
  let copied: Record<string, unknown> | undefined;
  const keep = (list: unknown, where: string) => {
    if (!Array.isArray(list)) return list;
    const out = list.filter((raw) => {
      const p = patternNamed(doc, raw);
      if (p) {
        left.push(p);
        places.push(`${where} ${p.in} parameter ${String(p.name)}`);
      }
      return !p;
    });
    return out.length === list.length ? list : out;
  };
  for (const path of new Set(chosen.map((c) => c.path))) {
    const item = object((copied ?? paths)[path]);
    const next: Json = { ...item };
    const shared = keep(item.parameters, path);
    if (shared !== item.parameters) next.parameters = shared;
    for (const c of chosen.filter((x) => x.path === path)) {
      const op = object(item[c.method]);
      const own = keep(op.parameters, `${c.method.toUpperCase()} ${path}`);
      if (own !== op.parameters) next[c.method] = { ...op, parameters: own };
    }
    if (Object.keys(next).some((k) => next[k] !== item[k])) {
      copied ??= { ...paths };
      copied[path] = next;
    }
  }
  if (!copied) return { document: doc, notes: [], added: [] };
  return {
    document: { ...doc, paths: copied },
    notes: [leftOutNote(left)],
    added: [`${places.join(", ")} left out (a name that is a pattern: no request carries it as written)`],
  };
}
