// A document that declares no security scheme whose operations take the `Authorization` header as a parameter of
// their own ("Access token which was issued after successful login…", required): OpenAPI ignores such a parameter
// (the security schemes say it), and add drafts the bearer token it assumes for a document without a scheme. That
// header is then the document's own word for where the key goes, not an assumption: a key also found in a request
// body (a token inside a body's object) is sent there as well, and the draft is not made again with the body's places
// alone (places-only-draft.ts), which had left the header out and every call without its token. An operation that
// declares it required takes the token, though a document without a scheme leaves it optional for the others
// (requirements/cut-security.ts).
import type { CredentialDraft } from "../credential-draft.js";
import { resolved } from "./key-parameter.js";

type Json = Record<string, unknown>;

/** The operations taken that declare an `Authorization` header parameter: how many, and the first one's words. */
export interface DeclaredAuthorization {
  count: number;
  description?: string;
}

/** The `Authorization` header the operations declare as a parameter of their own; undefined where none does. */
export function declaredAuthorization(
  doc: Json,
  operations: readonly { op: Json }[],
): DeclaredAuthorization | undefined {
  let count = 0;
  let description: string | undefined;
  for (const { op } of operations) {
    const params = Array.isArray(op.parameters) ? op.parameters.map((raw) => resolved(doc, raw)) : [];
    const header = params.find((p) => p?.in === "header" && String(p.name).toLowerCase() === "authorization");
    if (!header) continue;
    count++;
    if (description === undefined && typeof header.description === "string") description = header.description;
  }
  return count ? { count, ...(description ? { description } : {}) } : undefined;
}

/** Whether an operation declares the `Authorization` header as a required parameter of its own. */
export function requiresAuthorization(doc: Json, op: Json): boolean {
  const params = Array.isArray(op.parameters) ? op.parameters.map((raw) => resolved(doc, raw)) : [];
  return params.some(
    (p) => p?.in === "header" && String(p.name).toLowerCase() === "authorization" && p.required === true,
  );
}

/** The added bearer token marked as the document's word where its operations declare the header, said in a note. */
export function withDeclaredAuthorization(made: CredentialDraft, doc: Json, operations: readonly { op: Json }[]): void {
  const authorization = declaredAuthorization(doc, operations);
  if (!authorization) return;
  const words = authorization.description ? ` (${JSON.stringify(authorization.description)})` : "";
  made.notes.push(
    `${authorization.count} of ${operations.length} operations take an Authorization header${words}: the bearer ` +
      "token is sent there, a key also found in a request body sent there as well; an operation that declares it " +
      `required takes the token (its security names ${made.scheme} alone in openapi.yaml)`,
  );
  made.authorizationDeclared = true;
}
