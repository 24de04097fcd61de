// The record of the `idempotency` concept (link/concept-record.ts): the idempotency key a call sends.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { idempotencySurface } from "./idempotency.js";

export const idempotency = {
  wording:
    "**`idempotency`:** the header in which the upstream takes an idempotency key (`methods`, default POST), " +
    "or an operation's own `idempotency` where the upstream takes one on some operations only. " +
    "Each call sends a new key, the same on every retry.",
  schema: ["idempotency"],
  tool: ["idempotency"],
  surface: { idempotency: idempotencySurface },
  link: null,
  contract: { kind: "request" },
  shelf: { none: "an idempotency key: the hostile fixture (specs-hostile/) declares it" },
  fields: {
    "manifest.idempotency": { fields: "idempotency" },
    "operation.idempotency": { fields: "operationIdempotency" },
    ...decided({ surface: "idempotency" }, [
      "idempotency.header",
      "idempotency.methods",
      "operationIdempotency.header",
    ]),
  },
} as const satisfies ConceptRecord;
