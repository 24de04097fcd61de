// Each operation the manifest calls as `add` drafts it from one cut, and the draft's parts for all operations (its
// credential, errors and address), which `upstream --accept` compares between the older cut and the newer (carry.ts).
import { withDocumentSteps } from "../import/document-steps.js";
import { credentialAsDrafted } from "../import/draft-provider.js";
import { draftManifest } from "../import/draft/manifest.js";
import type { ReviewNote } from "../import/manifest-yaml.js";
import { valueAt } from "../load/json-ref.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import type { ManifestOperation } from "../load/precompiled/manifest-types.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { draftEventTriggers } from "../import/event-triggers/event-triggers.js";
import { draftPollTriggers } from "../import/shapes/poll-triggers.js";
import type { DraftHead } from "./carry-auth.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** An operation as add drafts it from one cut, with the review notes of its parts (their place below the operation). */
export interface Drafted {
  op: ManifestOperation;
  notes: ReviewNote[];
}

/**
 * Each operation of `operations` as add drafts it from the cut, by its operationId (none where the cut cannot be
 * drafted).
 */
export function drafted(
  cutText: string,
  cutName: string,
  provider: string,
  operations: readonly { operationId: string }[],
  /** Filled with the draft's credential and its parameters (carry-auth.ts). */
  head: DraftHead = {},
): Map<string, Drafted> {
  const out = new Map<string, Drafted>();
  try {
    const source = parseYamlSource(cutText, cutName);
    const doc = new OpenApiDocument(source);
    // The manifest's name of each: the method and path name an operation the cut gives an id too (or none).
    const askedAs = new Map<string, string>();
    const found = operations.flatMap(({ operationId }) => {
      const op = doc.operations.get(operationId);
      if (op) askedAs.set(op.operationId, operationId);
      return op ?? [];
    });
    const chosen = found.map((op) => ({
      method: op.method.toLowerCase(),
      path: op.path,
      ...(op.named ? { operationId: op.operationId } : {}),
      asked: op.operationId,
    }));
    // The credential as add drafts it, by the same steps (document-steps.ts).
    const steps = withDocumentSteps(object(source.data), chosen);
    const paths = object(steps.document.paths);
    const credential = credentialAsDrafted(
      steps.document,
      found.map((op) => ({
        id: op.operationId,
        path: op.path,
        method: op.method.toLowerCase(),
        op: object(object(paths[op.path])[op.method.toLowerCase()] ?? valueAt(source.data, op.location)),
      })),
    );
    const draft = draftManifest(provider, source, chosen, credential);
    // After the operations, as add drafts them: a list that offers a way to find new items gets a poll trigger.
    draftPollTriggers(draft.document, draft.manifest, draft.notes);
    // And each signed delivery (a webhook, a callback) an event trigger, so that one changed is drafted again too.
    draftEventTriggers(draft.document, draft.manifest, draft.notes);
    head.triggers = draft.manifest.triggers ?? {};
    head.triggerNotes = draft.notes.filter((n) => n.at[0] === "triggers");
    head.auth = draft.manifest.auth;
    head.params = draft.manifest.params ?? {};
    [head.errors, head.server] = [draft.manifest.errors, draft.manifest.server];
    // A key every chosen call of its methods takes is drafted once, for the manifest: read as each such operation's.
    const shared = draft.manifest.idempotency;
    const methodOf = new Map(found.map((op) => [op.operationId, op.method.toUpperCase()]));
    for (const [draftedId, drafted] of Object.entries(draft.manifest.operations)) {
      const method = methodOf.get(drafted.operationId) ?? "";
      const op =
        shared && drafted.idempotency === undefined && (shared.methods ?? ["POST"]).some((m) => m === method)
          ? { ...drafted, idempotency: { header: shared.header } }
          : drafted;
      const notes = draft.notes
        .filter((n) => n.at[0] === "operations" && n.at[1] === draftedId)
        .map((n) => ({ ...n, at: n.at.slice(2) }));
      out.set(askedAs.get(op.operationId) ?? op.operationId, { op, notes });
    }
  } catch {
    // A cut add could not draft: nothing to carry from it (generate still checks the manifest against the newer cut).
  }
  return out;
}
