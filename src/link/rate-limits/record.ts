// The record of the `rateLimits` concept (link/concept-record.ts): how the upstream throttles.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { rateLimitsSurface, requestsPerMinuteSurface } from "./rate-limits.js";

export const rateLimits = {
  wording:
    "**`rateLimits`:** how the upstream throttles, as its documentation says: " +
    "`resetHeader` (the header telling when a 429's window resets), `quota` (`codes` meaning a quota is used " +
    "up, read by `from` — every value found, a `*` segment for each item of a list — or else `errors.code`, " +
    "and `messages`, words of the error message meaning so: never retried, `retryable: false`), " +
    "`pauseMs` (the wait after a 429 that says nothing of when, doubling on each further 429), " +
    "`requestsPerMinute` (the request rate it documents for one client, the lowest of its endpoints': " +
    "kept per credential by every call in the process together, whichever client, " +
    "executor or workflow run sends it, and `blockwright verify` spaces its requests by it). " +
    "A new provider declares its own rather than inherit the runtime's backoff.",
  schema: ["rate-limits"],
  tool: ["rateLimits"],
  surface: { rateLimits: rateLimitsSurface, "rateLimits.requestsPerMinute": requestsPerMinuteSurface },
  link: null,
  contract: { kind: "scenario" },
  shelf: {
    none:
      "rate limits are per provider and would slow every shelf case: the hostile fixture (specs-hostile/) " +
      "declares them",
  },
  fields: {
    "manifest.rateLimits": { fields: "rateLimits" },
    ...decided({ surface: "rateLimits" }, [
      "rateLimits.resetHeader",
      "rateLimits.quota",
      "rateLimits.quota.from",
      "rateLimits.quota.codes",
      "rateLimits.quota.messages",
      "rateLimits.pauseMs",
    ]),
    "rateLimits.requestsPerMinute": { surface: "rateLimits.requestsPerMinute" },
  },
} as const satisfies ConceptRecord;
