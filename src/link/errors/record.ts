// The record of the `errors` concept (link/concept-record.ts): how the upstream's errors read.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { errorDetailsSurface, errorFieldsSurface, failureWhenSurface, retryableStatusesSurface } from "./errors.js";

export const errors = {
  wording:
    "**`errors`:** expressions for the upstream's `code`, `message` and `requestId` (without it, " +
    "the headers named like a request id that the document's answers declare, such as `x-ms-request-id`; " +
    "and always `x-request-id` and `request-id`); `details` to carry more fields of the error body; " +
    "`retryableStatuses`; `failureWhen` for APIs that answer 2xx with a failure in the body.",
  schema: ["errors"],
  tool: ["errors"],
  surface: {
    "errors.fields": errorFieldsSurface,
    "errors.details": errorDetailsSurface,
    "errors.retryableStatuses": retryableStatusesSurface,
    "errors.failureWhen": failureWhenSurface,
  },
  link: null,
  contract: { kind: "error" },
  shelf: { field: "errors.code" },
  fields: {
    "manifest.errors": { fields: "errors" },
    ...decided({ surface: "errors.fields" }, ["errors.code", "errors.message", "errors.requestId"]),
    "errors.retryableStatuses": { surface: "errors.retryableStatuses" },
    "errors.details": { surface: "errors.details" },
    ...decided({ surface: "errors.failureWhen" }, ["errors.failureWhen", "valueTest.from", "valueTest.equals"]),
  },
} as const satisfies ConceptRecord;
