// Where a drafted provider's error replies keep their code, message and request id (errors.code, errors.message,
// errors.requestId), and whether the API answers 2xx with `{ok: false}` (errors.failureWhen): the places each error
// answer of the chosen operations shows (answer-places.ts), most shared first.
import type { Manifest } from "../../../load/precompiled/manifest-types.js";
import type { OpenApiDocument } from "../../../load/openapi-document.js";
import { operationRef } from "../../../load/operation-index.js";
import type { SelectedOperation } from "../../cut/select-operations.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { safeFlatten } from "../param-schema.js";
import { countPlaces, type ErrorPlaces } from "./answer-places.js";
import { recordOfErrorAnswer } from "./error-record.js";
import { type SuccessFlag, successFlag } from "./success-flag.js";

/**
 * Where an error's message mostly is, drafted when the document says nowhere, for review: the first a reply has is
 * read. A text or record at `message` or `error`, a list of errors' first (`{errors: [{message}]}`), and an API
 * gateway's fault, which answers before the API is reached (Apigee's `{fault: {faultstring}}`: a key refused). An
 * OAuth 2 error's `error_description` (RFC 6749 5.2) and a flat `error_message` (`{error_code, error_message}`) come
 * before `error`, which beside them is only the code (`invalid_grant`).
 */
export const COMMON_MESSAGE_PLACES: readonly string[] = [
  "$response.body#/message",
  "$response.body#/error/message",
  "$response.body#/error_description",
  "$response.body#/error_message",
  "$response.body#/error",
  "$response.body#/errors/0/message",
  "$response.body#/fault/faultstring",
];

/**
 * The common places earlier versions of add drafted (before a list of errors and a gateway's fault were read, then
 * before a flat error's description and message): a manifest holding them holds add's draft still, which
 * `upstream --accept` follows (carry-head.ts).
 */
export const EARLIER_COMMON_MESSAGE_PLACES: readonly (readonly string[])[] = [
  ["$response.body#/message", "$response.body#/error/message", "$response.body#/error"],
  [
    "$response.body#/message",
    "$response.body#/error/message",
    "$response.body#/error",
    "$response.body#/errors/0/message",
    "$response.body#/fault/faultstring",
  ],
];

/** Where the error replies keep their code and message, read from the error responses of the chosen operations. */
export function draftErrors(
  doc: OpenApiDocument,
  operations: readonly SelectedOperation[],
  notes: ReviewNote[],
): Manifest["errors"] {
  const places: ErrorPlaces = {
    code: new Map(),
    message: new Map(),
    requestId: new Map(),
    fieldNotes: new Set(),
    okFlag: false,
  };
  // Success answers that carry their own flag and failure message (success-flag.ts), counted.
  const flags = new Map<string, { flagged: SuccessFlag; count: number }>();
  for (const chosen of operations) {
    const op = doc.operations.get(operationRef(chosen.method, chosen.path, chosen.operationId));
    if (!op) continue;
    const success = doc.bodyResponse(op);
    const successFlat = success ? safeFlatten(doc, success.schema) : undefined;
    const flagged = successFlag(doc, successFlat);
    const key = flagged && `${flagged.flag} ${flagged.message}`;
    if (flagged && key) flags.set(key, { flagged, count: (flags.get(key)?.count ?? 0) + 1 });
    for (const response of op.responses) {
      if (!/^([45]\d\d|[45]XX|default)$/.test(response.status)) continue;
      countPlaces(doc, recordOfErrorAnswer(doc, op, response), successFlat, places);
    }
  }
  const ranked = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([e]) => e);
  let messages = ranked(places.message);
  if (!messages.length) {
    messages = [...COMMON_MESSAGE_PLACES];
    notes.push({
      at: ["errors", "message"],
      note: "the error replies of these operations have no schema saying where their message is: common places drafted",
    });
  } else
    notes.push({
      at: ["errors"],
      note: "read from the error replies' schemas and examples: check them against a real error",
    });
  for (const note of places.fieldNotes)
    if (messages.some((m) => note.startsWith(m))) notes.push({ at: ["errors", "message"], note });
  const codes = ranked(places.code).slice(0, 2);
  const out: Manifest["errors"] = {
    ...(codes.length ? { code: codes } : {}),
    message: messages,
    ...(places.requestId.size ? { requestId: ranked(places.requestId) } : {}),
  };
  if (places.okFlag) {
    out.failureWhen = [{ from: "$response.body#/ok", equals: false }];
    notes.push({
      at: ["errors", "failureWhen"],
      note:
        "the replies carry a boolean ok, and the error replies one too: the API answers 2xx with ok: false when a " +
        "call fails",
    });
  } else {
    const shared = [...flags.values()].sort((a, b) => b.count - a.count)[0]?.flagged;
    if (shared) withSuccessFlag(out, shared, notes);
  }
  return out;
}

/**
 * The failure test and message place of success answers that carry their own flag (success-flag.ts), the most
 * shared: a 2xx whose flag is false is the call's failure, its message where the answer keeps it.
 */
function withSuccessFlag(out: Manifest["errors"], { flag, message }: SuccessFlag, notes: ReviewNote[]): void {
  out.failureWhen = [{ from: flag, equals: false }];
  if (!out.message.includes(message)) out.message = [...out.message, message];
  notes.push({
    at: ["errors", "failureWhen"],
    note:
      `the success replies carry a boolean ${flag.replace("$response.body#/", "")} beside a failure's message ` +
      `(${message.replace("$response.body#/", "")}): the API answers 2xx with it false when a call fails`,
  });
}
