// The steps that read a published document's credentials before anything is cut or drafted from it, one list in
// order: requirements naming schemes it declares none of left out (undeclared-schemes.ts), a required Authorization
// header parameter read as the scheme it shows (authorization-param.ts), a key scheme naming the API's host read as
// the header parameter it is (host-keys.ts). Every path that drafts a credential from a
// published document runs them through `withCredentialSteps`: `add` (draft-provider.ts), `upstream --accept`'s re-cut
// of a newer document (upstream/recut.ts) and the corpus's operation picker (scripts/corpus), so that a new step
// reaches all of them, and the cut's header lists what each added.
import type { SelectedOperation } from "../cut/select-operations.js";
import { withAuthorizationSchemes } from "./authorization-param.js";
import { withHostKeysAsParams } from "./host-keys.js";
import { withoutUndeclaredSchemes } from "./undeclared-schemes.js";

type Json = Record<string, unknown>;

/** What the steps made of a document: its copy as drafted, the chosen operations, and what each step says. */
export interface CredentialSteps {
  /** The document as drafted (a shallow copy where a step changed it; the published one stays). */
  document: Json;
  /** The chosen operations, each with what a step recorded of it (the scheme names left out). */
  chosen: SelectedOperation[];
  /** Review notes on the credential. */
  notes: string[];
  /** What the steps added that the document does not publish, for the cut's header: `<place> (<why>)`. */
  added: string[];
}

/** One step: the document and the chosen operations in, what it made of them out. */
type CredentialStep = (document: Json, chosen: readonly SelectedOperation[]) => Partial<CredentialSteps>;

/** The steps, in the order they run: each reads what the ones before it made. */
export const CREDENTIAL_STEPS: readonly { name: string; step: CredentialStep }[] = [
  { name: "undeclared schemes", step: withoutUndeclaredSchemes },
  { name: "Authorization header parameter", step: withAuthorizationSchemes },
  { name: "host keys", step: withHostKeysAsParams },
];

/** The document and the chosen operations after every step, with their notes and what they added. */
export function withCredentialSteps(document: Json, chosen: readonly SelectedOperation[]): CredentialSteps {
  let out: CredentialSteps = { document, chosen: [...chosen], notes: [], added: [] };
  for (const { step } of CREDENTIAL_STEPS) {
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
