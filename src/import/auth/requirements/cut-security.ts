// What a cut says of security that the published document does not: its
// requirements spelt as their schemes are declared (names of schemes are
// case-sensitive), the drafted credential's scheme added where no operation
// names it, and `security: []` written out for an operation that takes no
// credential beside others that do.
import { operationRef } from "../../../load/operation-index.js";
import type { SelectedOperation } from "../../cut/select-operations.js";
import type { CredentialDraft } from "../credential-draft.js";
import { requiresAuthorization } from "../keys/authorization-header.js";

type Json = Record<string, unknown>;

/** The scheme names of a `security` list's requirements. */
export function requirementNames(security: unknown): string[] {
  return Array.isArray(security) ? security.flatMap((r) => (r && typeof r === "object" ? Object.keys(r) : [])) : [];
}

/** `security` (of the document or an operation) with each requirement's names as declared. */
function renamedSecurity(security: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (!Array.isArray(security)) return security;
  return security.map((r) =>
    r && typeof r === "object"
      ? Object.fromEntries(Object.entries(r as Json).map(([name, scopes]) => [renamed.get(name) ?? name, scopes]))
      : r,
  );
}

/** A document or operation whose `security` names schemes as declared (a shallow copy; the published one stays). */
export function withSchemeNames(owner: Json, renamed: ReadonlyMap<string, string>): Json {
  return owner.security === undefined ? owner : { ...owner, security: renamedSecurity(owner.security, renamed) };
}

/** The cut's requirements spelt as their schemes are declared; what was respelt, for the cut's header. */
export function respeltRequirements(cut: Json, renamed: ReadonlyMap<string, string>): string[] {
  if (!renamed.size) return [];
  const changed: string[] = [];
  const respell = (owner: Json, where: string) => {
    if (!requirementNames(owner.security).some((n) => renamed.has(n))) return;
    owner.security = renamedSecurity(owner.security, renamed);
    changed.push(where);
  };
  respell(cut, "security");
  for (const [path, item] of Object.entries((cut.paths ?? {}) as Record<string, Json>))
    for (const [method, op] of Object.entries(item ?? {}))
      if (METHODS.has(method) && op && typeof op === "object")
        respell(op as Json, `${method.toUpperCase()} ${path}.security`);
  const written = [...renamed].map(
    ([from, to]) => `${JSON.stringify(from)} written ${JSON.stringify(to)}, as the scheme is declared`,
  );
  return changed.length ? [`${changed.join(", ")} (${written.join(", ")})`] : [];
}

/**
 * The credential's scheme in the cut: the one the operations name is there
 * already; one the document declares without any operation naming it is
 * copied in; one the document lacks is added. When no operation names any
 * scheme, a top-level security requirement for it is added too (the mocks
 * and the contract suite read where the credential goes from there).
 * Returns what was added that the document does not publish.
 */
export function withCredentialScheme(
  cut: Json,
  credential: CredentialDraft,
  chosen: readonly { op: Json }[],
): string[] {
  const added: string[] = [];
  // A credential the address carries (auth.variable) has no scheme: none is added.
  // Nor one sent at its other places alone (auth.alsoSends, no scheme).
  if (credential.address || credential.placesOnly) return added;
  const components = (cut.components ??= {}) as Json;
  const schemes = (components.securitySchemes ??= {}) as Json;
  if (!schemes[credential.scheme]) {
    schemes[credential.scheme] = credential.definition;
    if (credential.added) added.push(`components.securitySchemes.${credential.scheme}`);
  }
  // Operations that name no scheme, `security: []` included (authentication left to the deployment): the drafted
  // scheme takes the empty requirements' place, or the manifest's credential would be one no operation accepts.
  const unnamed = emptyOnly(cut.security) && chosen.every(({ op }) => emptyOnly(op.security));
  if (unnamed) {
    for (const item of Object.values((cut.paths ?? {}) as Record<string, Json>))
      for (const [method, op] of Object.entries(item ?? {}))
        if (op && typeof op === "object" && Array.isArray((op as Json).security) && METHODS.has(method)) {
          const { security: _none, ...rest } = op as Json;
          item[method] = rest;
        }
    delete cut.security;
    // Placed where a document has it: before its paths.
    const entries = Object.entries(cut);
    const at = entries.findIndex(([key]) => key === "paths");
    // An optional credential (credential-draft.ts): OpenAPI's "authentication is optional", `{}` beside it.
    const requirement = { [credential.scheme]: [] };
    entries.splice(at < 0 ? entries.length : at, 0, [
      "security",
      credential.optional && credential.added ? [{}, requirement] : [requirement],
    ]);
    for (const key of Object.keys(cut)) delete cut[key];
    Object.assign(cut, Object.fromEntries(entries));
    added.push("security");
    if (credential.optional && credential.authorizationDeclared) added.push(...authorizationRequired(cut, requirement));
  }
  return added;
}

/**
 * The operations that declare a required `Authorization` header (keys/authorization-header.ts) given the credential's
 * requirement alone: the document's own word that they take one, though the credential is optional for the others (a
 * heartbeat, a public key list). Returns what was written.
 */
function authorizationRequired(cut: Json, requirement: Json): string[] {
  const written: string[] = [];
  for (const [path, item] of Object.entries((cut.paths ?? {}) as Record<string, Json>))
    for (const [method, op] of Object.entries(item ?? {}))
      if (METHODS.has(method) && op && typeof op === "object" && requiresAuthorization(cut, op as Json)) {
        (op as Json).security = [requirement];
        written.push(`${method.toUpperCase()} ${path}.security`);
      }
  return written;
}

/**
 * Where the document has no top-level security and some chosen operations
 * name a scheme, a chosen operation that names none takes no credential
 * (OpenAPI: no requirement applies to it, such as a session check that
 * reads its own token header): it is given `security: []` in the cut, the
 * same meaning written out, or generate would send it the credential of
 * the others. Returns what was added.
 */
export function withoutCredential(cut: Json, chosen: readonly SelectedOperation[]): string[] {
  if (cut.security !== undefined) return [];
  const paths = (cut.paths ?? {}) as Record<string, Json | undefined>;
  const ops = chosen.map((c) => ({
    id: operationRef(c.method, c.path, c.operationId),
    op: paths[c.path]?.[c.method] as Json | undefined,
  }));
  if (!ops.some(({ op }) => op?.security !== undefined && !emptyOnly(op.security))) return [];
  return ops.flatMap(({ id, op }) => {
    if (!op || op.security !== undefined) return [];
    op.security = [];
    return [`${id}.security`];
  });
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Absent, or security requirements that name no scheme (`[]`, `[{}]`). */
function emptyOnly(security: unknown): boolean {
  return (
    security === undefined ||
    security === null ||
    (Array.isArray(security) && security.every((r) => r && typeof r === "object" && !Object.keys(r).length))
  );
}
