// A path whose template names a variable no parameter declares (`POST /api/v1/import/{path}` with no parameters: a
// document generated from code that lists its routes but not their arguments). OpenAPI requires a path parameter for
// each template expression; without one the call sent the braces themselves (`/import/%7Bpath%7D`), a path no
// upstream serves. The cut declares each such variable as a required text path parameter, said in its header and in a
// review note, so that the draft asks for it, the mocks route by it and the request judge reads it, like any other.
// A pair of the key's own query naming a query parameter (`/search?query={query}`) is that parameter's, not declared.
// A `$` right before an expression (`/production-usage/${orgName}`, a JavaScript template literal's placeholder left
// in the document) is the path's own character by OpenAPI's letter, and sent so (`/production-usage/$o1`), where the
// server most likely routes the path without it: a review note names each such path, the draft unchanged.

import { followLocalRefs } from "../../load/json-ref.js";
import { expressionNames } from "../../load/operation-index.js";

type Json = Record<string, unknown>;

/**
 * Declare, on each chosen operation, a required string path parameter for each `{name}` of its path that neither the
 * operation nor its path item declares as a path parameter. Returns those written so (`<operation> {name}`).
 */
export function withTemplateParamsDeclared(
  cut: Json,
  chosen: readonly { id: string; path: string; op: Json; item: Json }[],
): string[] {
  const given: string[] = [];
  for (const { id, path, op, item } of chosen) {
    const params = [...listOf(item.parameters), ...listOf(op.parameters)].map((p) => followLocalRefs(cut, p));
    const declaredIn = (place: string) =>
      new Set(params.filter((p) => p?.in === place && typeof p.name === "string").map((p) => p?.name as string));
    const declared = declaredIn("path");
    // A pair of the path's own query naming a query parameter (`/search?query={query}`) is that parameter's, written
    // in the path: the call leaves the pair out and sends the parameter (runtime/call/form-body.ts ownQuery).
    const queryParams = declaredIn("query");
    const inOwnQuery = new Set(path.includes("?") ? expressionNames(path.slice(path.indexOf("?"))) : []);
    const inPath = new Set(expressionNames(path.split("?")[0] ?? ""));
    const missing = [...new Set(expressionNames(path))].filter(
      (name) =>
        name !== "" && !declared.has(name) && !(inOwnQuery.has(name) && !inPath.has(name) && queryParams.has(name)),
    );
    if (!missing.length) continue;
    op.parameters = [
      ...listOf(op.parameters),
      ...missing.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    ];
    given.push(...missing.map((name) => `${id} {${name}}`));
  }
  return given;
}

/** The review note on the chosen paths writing `$` right before an expression (`${orgName}`), if any does. */
export function dollarTemplateNotes(chosen: readonly { path: string }[]): { at: string[]; note: string }[] {
  const paths = [...new Set(chosen.map((c) => c.path).filter((path) => /\$\{[^}]*\}/.test(path)))];
  if (!paths.length) return [];
  return [
    {
      at: ["operations"],
      note:
        `the path${paths.length === 1 ? "" : "s"} ${paths.join(", ")} write${paths.length === 1 ? "s" : ""} "$" ` +
        "right before an expression, as a JavaScript template literal's placeholder does: OpenAPI reads the $ as the " +
        "path's own and the call sends it (…/$value); check the server's path, which most likely has no $",
    },
  ];
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
