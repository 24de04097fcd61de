// The steps that read what a published document means beyond its schemas, before anything is cut or drafted from it,
// one list in order. A path that writes its server's path again drafted without it (cut/server-path-again.ts), and a
// path's first segment that is the call's address made the operation's own server (cut/path-address-server.ts); its
// credentials: requirements naming schemes it declares none of left out (auth/requirements/undeclared-schemes.ts),
// ones naming only schemes it does not declare beside others it does read as its own
// (auth/requirements/unknown-schemes.ts), an HTTP scheme `none` read as no credential
// (auth/requirements/none-schemes.ts), a required Authorization header parameter read as the scheme it shows
// (auth/requirements/authorization-param.ts), a key scheme naming the API's host read as the header parameter it is
// (auth/keys/host-keys.ts), and a required host header parameter given no value the server's host (the same module),
// a document declaring no scheme whose words tell the header its token goes in read as that header's key scheme
// (auth/keys/told-token-header.ts), and a document naming no requirement whose words say every request carries two of
// its schemes read as one requirement of both (auth/requirements/schemes-told-together.ts), as are an operation's
// alternatives of key schemes whose every place it requires as a parameter
// (auth/requirements/schemes-required-as-params.ts); then
// parameters whose names are patterns, not names, left out (cut/pattern-named-params.ts), and body fields so named
// read as the body's other fields (cut/pattern-named-fields.ts); path parameters their path never names left out,
// a router's `:name` segment naming one read as `{name}` first (cut/unnamed-path-params.ts).
// First of all, a schema written as its type's name (`value: string`) is read as a schema of that type
// (cut/type-name-schemas.ts), and a `$ref` written among a schema's properties as the properties it points at
// (cut/refs/properties-refs.ts), so that the steps after them, and the structure check, read schemas.
// Every path that drafts from a published document runs them through `withDocumentSteps`: `add` (draft-provider.ts),
// `upstream --accept`'s re-cut of a newer document and its carried draft (upstream/), and the corpus's operation picker
// (scripts/corpus), so that a new step reaches all of them; the cut's header lists what each changed.
import { withAuthorizationSchemes } from "./auth/requirements/authorization-param.js";
import { withHostKeysAsParams, withHostParamDefaults } from "./auth/keys/host-keys.js";
import { withToldTokenHeader } from "./auth/keys/told-token-header.js";
import { withoutNoneSchemes } from "./auth/requirements/none-schemes.js";
import { withoutUndeclaredSchemes } from "./auth/requirements/undeclared-schemes.js";
import { withSchemesToldTogether } from "./auth/requirements/schemes-told-together.js";
import { withSchemesRequiredAsParams } from "./auth/requirements/schemes-required-as-params.js";
import { withUnknownSchemesAsDeclared } from "./auth/requirements/unknown-schemes.js";
import { withPatternNamedFieldsOpen } from "./cut/pattern-named-fields.js";
import { withoutPatternNamedParams } from "./cut/pattern-named-params.js";
import { withPathAddressServers } from "./cut/path-address-server.js";
import { withServerPathOnce } from "./cut/server-path-again.js";
import { withTypeNameSchemas } from "./cut/type-name-schemas.js";
import { withPropertiesRefsRead } from "./cut/refs/properties-refs.js";
import { withoutUnnamedPathParams } from "./cut/unnamed-path-params.js";
import type { SelectedOperation } from "./cut/select-operations.js";

type Json = Record<string, unknown>;

/** What the steps made of a document: its copy as drafted, the chosen operations, and what each step says. */
export interface DocumentSteps {
  /** The document as drafted (a shallow copy where a step changed it; the published one stays). */
  document: Json;
  /** The chosen operations, each with what a step recorded of it (the scheme names left out). */
  chosen: SelectedOperation[];
  /** Review notes (the manifest's, above its credential). */
  notes: string[];
  /** What the steps added that the document does not publish, for the cut's header: `<place> (<why>)`. */
  added: string[];
}

/** One step: the document and the chosen operations in, what it made of them out. */
type DocumentStep = (document: Json, chosen: readonly SelectedOperation[]) => Partial<DocumentSteps>;

/** The steps, in the order they run: each reads what the ones before it made. */
export const DOCUMENT_STEPS: readonly { name: string; step: DocumentStep }[] = [
  { name: "schemas written as a type's name", step: withTypeNameSchemas },
  { name: "references among a schema's properties", step: withPropertiesRefsRead },
  { name: "server path written again", step: withServerPathOnce },
  { name: "address in the path", step: withPathAddressServers },
  { name: "undeclared schemes", step: withoutUndeclaredSchemes },
  { name: "schemes not declared", step: withUnknownSchemesAsDeclared },
  { name: "schemes of no credential", step: withoutNoneSchemes },
  { name: "Authorization header parameter", step: withAuthorizationSchemes },
  { name: "host keys", step: withHostKeysAsParams },
  { name: "host parameters", step: withHostParamDefaults },
  { name: "token header told in words", step: withToldTokenHeader },
  { name: "schemes told together", step: withSchemesToldTogether },
  { name: "schemes required as parameters", step: withSchemesRequiredAsParams },
  { name: "pattern-named parameters", step: withoutPatternNamedParams },
  { name: "pattern-named body fields", step: withPatternNamedFieldsOpen },
  { name: "path parameters the path never names", step: withoutUnnamedPathParams },
];

/** The document and the chosen operations after every step, with their notes and what they added. */
export function withDocumentSteps(document: Json, chosen: readonly SelectedOperation[]): DocumentSteps {
  let out: DocumentSteps = { document, chosen: [...chosen], notes: [], added: [] };
  for (const { step } of DOCUMENT_STEPS) {
    const made = step(out.document, out.chosen);
    out = {
      document: made.document ?? out.document,
      chosen: made.chosen ?? out.chosen,
      notes: [...out.notes, ...(made.notes ?? [])],
      added: [...out.added, ...(made.added ?? [])],
    };
  }
  return out;
}

/** Every operation of a document as chosen (the corpus's picker asks the credential of all of them). */
export function everyOperation(document: Json): SelectedOperation[] {
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  return Object.entries((document.paths ?? {}) as Record<string, Json | undefined>).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const op = item?.[method] as Json | undefined;
      if (!op || typeof op !== "object") return [];
      const id = typeof op.operationId === "string" ? op.operationId : undefined;
      return [{ path, method, ...(id ? { operationId: id } : {}), asked: id ?? `${method.toUpperCase()} ${path}` }];
    }),
  );
}
