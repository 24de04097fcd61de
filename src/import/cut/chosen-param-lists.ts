// The parameter lists of the chosen operations (each path item's, then each chosen operation's own) rewritten by a
// document step, the paths copied shallowly only where a list changed: the walk the steps that leave parameters out
// (pattern-named-params.ts, unnamed-path-params.ts) share.
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** Where a list sits: its path, the words naming it (`/p`, `GET /p`), its path item, the chosen operations there, and
 * the operation whose own list it is (none: the path item's). */
export interface ParamListPlace {
  path: string;
  where: string;
  item: Json;
  ops: readonly Json[];
  op?: Json;
}

/**
 * The document's paths with each chosen list rewritten by `keep` (which gives the list itself back where nothing
 * changes), or undefined where no list changed.
 */
export function withChosenParamLists(
  doc: Json,
  chosen: readonly SelectedOperation[],
  keep: (list: unknown, at: ParamListPlace) => unknown,
): Json | undefined {
  const paths = object(doc.paths);
  let copied: Json | undefined;
  for (const path of new Set(chosen.map((c) => c.path))) {
    const item = object(paths[path]);
    const here = chosen.filter((c) => c.path === path);
    const ops = here.map((c) => object(item[c.method]));
    const next: Json = { ...item };
    const shared = keep(item.parameters, { path, where: path, item, ops });
    if (shared !== item.parameters) next.parameters = shared;
    here.forEach((c, i) => {
      const op = ops[i] as Json;
      const own = keep(op.parameters, { path, where: `${c.method.toUpperCase()} ${path}`, item, ops, op });
      if (own !== op.parameters) next[c.method] = { ...op, parameters: own };
    });
    if (Object.keys(next).some((k) => next[k] !== item[k])) {
      copied ??= { ...paths };
      copied[path] = next;
    }
  }
  return copied;
}
