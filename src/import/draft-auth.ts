// The credential of a drafted manifest: which security scheme of the
// document the operations use, and where the runtime sends its value. The
// runtime sends an HTTP bearer token or an API key in a header or the query;
// an `oauth2` or `openIdConnect` scheme is the access token it yields, sent
// as a bearer token (RFC 6750) until OAuth flows are a manifest concept. A
// document that declares no scheme at all gets a bearer scheme added to the
// cut, marked as such. Parameters that repeat the credential (a `token`
// query or form field beside an OAuth scheme) are recognised here, so that
// they are not drafted as parameters of their own but listed in auth.covers.

import { fieldOf, itemAt } from "@blockwright/runtime/internal";
type Json = Record<string, unknown>;

export interface CredentialDraft {
  /** The scheme's key in components.securitySchemes. */
  scheme: string;
  /** The manifest's credential parameter. */
  param: "accessToken" | "apiKey";
  /** Where the runtime sends it. */
  placement: { type: "bearer" } | { type: "header" | "query"; name: string };
  /** The scheme itself (as the document has it, or as added). */
  definition: Json;
  /** The scheme is not in the document: add it to the cut. */
  added: boolean;
  /** What a person should check about it. */
  notes: string[];
  /** The document's parameters and form fields that repeat the credential (`token`), found while drafting them: auth.covers. */
  covers: Set<string>;
}

/** The name under which a scheme is added to a document that declares none. */
export const ADDED_SCHEME = "bearerAuth";

/** Runtime support, best first: the kinds the runtime sends, then those it sends as a bearer token, then the rest. */
function rank(scheme: Json): number {
  const type = String(scheme.type ?? "");
  if (type === "http" && String(scheme.scheme ?? "").toLowerCase() === "bearer") return 0;
  if (type === "apiKey" && scheme.in === "header") return 1;
  if (type === "apiKey" && scheme.in === "query") return 2;
  if (type === "oauth2") return 3;
  if (type === "openIdConnect") return 4;
  return 9;
}

function describe(scheme: Json): string {
  const type = String(scheme.type ?? "?");
  if (type === "http") return `http ${String(scheme.scheme ?? "")}`.trim();
  if (type === "apiKey") return `apiKey in ${String(scheme.in ?? "?")} ${String(scheme.name ?? "")}`.trim();
  return type;
}

/**
 * The credential for `operations` (the document's operation objects): the
 * best-supported scheme every one of them accepts on its own.
 */
export function draftCredential(doc: Json, operations: readonly { id: string; op: Json }[]): CredentialDraft {
  const components = (doc.components ?? {}) as Json;
  const declared = (components.securitySchemes ?? {}) as Record<string, Json>;
  const notes: string[] = [];
  const global = doc.security;
  // For each operation, the schemes it accepts alone (an alternative naming two schemes needs both at once).
  const accepted = operations.map(({ id, op }) => {
    const requirements = (Array.isArray(op.security) ? op.security : Array.isArray(global) ? global : undefined) as Json[] | undefined;
    if (!requirements) return { id, schemes: undefined };
    if (requirements.some((r) => r && typeof r === "object" && !Object.keys(r).length)) notes.push(`${id} may also be called without a credential (its security lists {}); the manifest always sends one`);
    return { id, schemes: requirements.filter((r) => r && typeof r === "object" && Object.keys(r).length === 1).flatMap((r) => Object.keys(r).slice(0, 1)) };
  });
  const required = accepted.filter((a) => a.schemes !== undefined);
  const candidates = required.length ? [...new Set(required.flatMap((a) => a.schemes ?? []))] : Object.keys(declared);
  const usable = candidates.filter((name) => declared[name] && typeof declared[name] === "object");
  if (!usable.length) {
    notes.push(
      required.length
        ? `the operations require security schemes the document does not declare (${candidates.join(", ") || "none alone"}); drafted a bearer token, added to openapi.yaml as ${ADDED_SCHEME}: check how the API takes its credential`
        : `the document declares no security scheme; drafted a bearer token (added to openapi.yaml as ${ADDED_SCHEME}, marked as added): check how the API takes its credential, or whether it needs none`,
    );
    const definition: Json = { type: "http", scheme: "bearer", description: "Added by blockwright add: the published document declares no security scheme. A bearer token is assumed; check how the API takes its credential." };
    return { scheme: ADDED_SCHEME, param: "accessToken", placement: { type: "bearer" }, definition, added: true, notes, covers: new Set() };
  }
  // Best supported first; among equals, the one more operations accept, then the document's order.
  const everywhere = (name: string) => required.every((a) => a.schemes?.includes(name));
  const best = itemAt(
    [...usable].sort((a, b) => Number(everywhere(b)) - Number(everywhere(a)) || rank(fieldOf(declared, a)) - rank(fieldOf(declared, b))),
    0,
  );
  const definition = fieldOf(declared, best);
  const missing = required.filter((a) => !a.schemes?.includes(best)).map((a) => a.id);
  if (missing.length) notes.push(`${missing.join(", ")} ${missing.length === 1 ? "does" : "do"} not accept security scheme ${best} on its own: the operations share one credential`);
  const others = usable.filter((n) => n !== best);
  if (others.length) notes.push(`chose security scheme ${best} (${describe(definition)}) of ${usable.map((n) => `${n} (${describe(fieldOf(declared, n))})`).join(", ")}`);
  if (!required.length) notes.push(`no operation says which security scheme it takes; chose ${best} (${describe(definition)}), the document's best supported`);
  const type = String(definition.type ?? "");
  if (type === "apiKey" && (definition.in === "header" || definition.in === "query") && typeof definition.name === "string") {
    return { scheme: best, param: "apiKey", placement: { type: definition.in, name: definition.name }, definition, added: false, notes, covers: new Set() };
  }
  if (type === "oauth2" || type === "openIdConnect") notes.push(`security scheme ${best} is ${type}: its access token is sent as a bearer token; obtaining it (the OAuth flow) is the caller's`);
  else if (rank(definition) > 4) notes.push(`security scheme ${best} (${describe(definition)}) is not one the runtime sends (http bearer, apiKey in a header or the query, oauth2, openIdConnect): generate will refuse it`);
  return { scheme: best, param: "accessToken", placement: { type: "bearer" }, definition, added: false, notes, covers: new Set() };
}

/** Names of parameters that carry a credential by convention. */
const CREDENTIAL_NAMES = /^(access[_-]?token|token|auth[_-]?token|api[_-]?key|apikey|x-api-key)$/i;

/**
 * Why a declared parameter (or form field) repeats the credential, if it
 * does (a repeat by name is added to the credential's `covers`): it is the credential's own slot, or a token or key by name and
 * description beside the scheme (RPC-style APIs declare `token` in the header, the
 * query or the form of every method, beside its OAuth scheme).
 */
export function repeatsCredential(credential: CredentialDraft, param: { in: string; name: string; description?: unknown }): string | undefined {
  const placement = credential.placement;
  const slot = placement.type === "bearer" ? { in: "header", name: "authorization" } : { in: placement.type, name: placement.name.toLowerCase() };
  const where = param.in === "body" ? "form field" : `${param.in} parameter`;
  if (param.in === slot.in && param.name.toLowerCase() === slot.name) return `${where} ${param.name} is where the credential goes (auth: ${credential.scheme})`;
  const description = typeof param.description === "string" ? param.description : "";
  if (CREDENTIAL_NAMES.test(param.name) && (!description || /auth|credential|api key|secret|access token|bearer/i.test(description))) {
    credential.covers.add(param.name);
    return `${where} ${JSON.stringify(param.name)} repeats the credential that security scheme ${credential.scheme} sends (auth.param ${credential.param}): covered by it (auth.covers), not drafted`;
  }
  return undefined;
}
