// An operation that offers key schemes as alternatives (`security: [{key: []}, {token: []}]`) and also declares each
// scheme's place as a required parameter of its own (a required query `key` and a required query `token`, on every
// operation of a board API's document): a call that gave only the one way's key broke the operation's own contract.
// Drafted as it was, the first scheme was the credential and the other a secret parameter each call had to give, so a
// client, an agent adapter or a platform credential that holds the connection could not carry it. The requirements
// whose every scheme's place the operation requires are read as one requirement of them all (`security: [{key: [],
// token: []}]` written in openapi.yaml, auth.also in the manifest), each call sending both; a review note says so and
// the cut's header lists each operation changed. An alternative whose place the operation leaves optional, or another
// kind of scheme (OAuth, HTTP), is left as an alternative; two schemes at one place (twin-schemes.ts) are not joined.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { operationParameters } from "../keys/key-parameter.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";

type Json = Record<string, unknown>;

/** A parameter's or key scheme's place: `query:key`, `header:x-key` (header names in lower case). */
const place = (where: unknown, name: unknown) =>
  `${String(where)}:${where === "header" ? String(name).toLowerCase() : String(name)}`;

/** The places of the header, query and cookie parameters the operation (or its path item) requires. */
function requiredPlaces(doc: Json, item: Json, op: Json): Set<string> {
  return new Set(
    operationParameters(doc, item, op)
      .filter((p) => p.required === true && ["header", "query", "cookie"].includes(String(p.in)))
      .map((p) => place(p.in, p.name)),
  );
}

/** The place of a declared key scheme sent in a header, the query or a cookie; undefined for any other scheme. */
function keyPlace(scheme: Json | undefined): string | undefined {
  if (scheme?.type !== "apiKey" || typeof scheme.name !== "string") return undefined;
  return ["header", "query", "cookie"].includes(String(scheme.in)) ? place(scheme.in, scheme.name) : undefined;
}

/**
 * The operation's requirements with those whose every scheme's place it requires as a parameter joined into one (the
 * first of them where it stood); undefined where fewer than two are so, or two of them share a place.
 */
function joinedSecurity(security: unknown, required: Set<string>, schemes: Record<string, Json>): Json[] | undefined {
  if (!Array.isArray(security) || security.length < 2) return undefined;
  const requirements = security.filter((r): r is Json => !!r && typeof r === "object");
  const filled = requirements.filter((r) => {
    const names = Object.keys(r);
    return names.length > 0 && names.every((n) => required.has(keyPlace(schemes[n]) ?? ""));
  });
  const names = [...new Set(filled.flatMap((r) => Object.keys(r)))];
  if (filled.length < 2 || new Set(names.map((n) => keyPlace(schemes[n]))).size < names.length) return undefined;
  const joined = Object.assign({}, ...filled) as Json;
  const at = requirements.indexOf(filled[0] as Json);
  const rest = requirements.filter((r) => !filled.includes(r));
  return [...rest.slice(0, at), joined, ...rest.slice(at)];
}

/**
 * The document with each operation's alternatives of key schemes whose places it requires as parameters read as one
 * requirement of them all, a shallow copy (the published document stays); a note and the places changed, for the
 * cut's header.
 */
export function withSchemesRequiredAsParams(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; notes?: string[]; added?: string[] } {
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  if (!schemes || typeof schemes !== "object" || Object.keys(schemes).length < 2) return {};
  const paths = (doc.paths ?? {}) as Record<string, Json | undefined>;
  const taken = new Set(chosen.map((c) => `${c.method} ${c.path}`));
  const copied: Record<string, Json | undefined> = { ...paths };
  const changed: string[] = [];
  const joinedNames = new Set<string>();
  let touched = false;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object") continue;
    let next: Json | undefined;
    for (const m of OPERATION_METHODS) {
      const op = item[m] as Json | undefined;
      if (!op || typeof op !== "object") continue;
      const security = op.security ?? doc.security;
      const joined = joinedSecurity(security, requiredPlaces(doc, item, op), schemes);
      if (!joined) continue;
      next ??= { ...item };
      next[m] = { ...op, security: joined };
      touched = true;
      if (!taken.has(`${m} ${path}`)) continue;
      changed.push(`${m.toUpperCase()} ${path}.security`);
      for (const r of joined) if (Object.keys(r).length > 1) for (const n of Object.keys(r)) joinedNames.add(n);
    }
    if (next) copied[path] = next;
  }
  if (!touched) return {};
  if (!changed.length) return { document: { ...doc, paths: copied } };
  const names = [...joinedNames];
  const both = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return {
    document: { ...doc, paths: copied },
    added: changed.map((p) => `${p} (${both}: offered as alternatives, each one's parameter required; read as one)`),
    notes: [
      `${changed.length} operation(s) offer security schemes ${both} as alternatives, yet each requires every one's ` +
        `parameter: read as one requirement of them all (security: [{${names.map((n) => `${n}: []`).join(", ")}}] ` +
        "written in openapi.yaml), each call sending every one; check how the API takes its credentials",
    ],
  };
}
