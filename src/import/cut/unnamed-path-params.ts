// A path parameter its path template never names (`GET /users/search` declaring a required path parameter
// `domainID`: a route's arguments listed for a path that lost the segment). OpenAPI requires each path parameter to
// be an expression of its path; no request can carry one that is not, so the draft asked for a value it never sent
// and the request judge refused every call (`required by the document, and not sent`). Such parameters (the
// operation's and its path item's, a local `$ref` followed) are left out of the chosen operations before the cut, a
// run of the document steps (document-steps.ts, so that `upstream --accept`'s re-cut and the corpus's picker do the
// same), said in the cut's header and in a review note. generate refuses a manifest that places a parameter there
// (link/wire/wire.ts).
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
