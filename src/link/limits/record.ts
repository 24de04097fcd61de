// The record of the `limits` concept (link/concept-record.ts): how much a call may send and read.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { replyBytesSurface, requestHeadBytesSurface } from "./limits.js";

export const limits = {
  wording:
    "**`limits`:** `requestHeadBytes`, the size of request line and headers the upstream accepts (a call past " +
    "it is refused before it is sent, naming the parameter that takes the most room); `replyBytes`, " +
    "the most reply body a call reads (default 64 MiB; with `allPages`, all pages together; " +
    "past it the call ends with an `upstream` error `REPLY_TOO_LARGE`).",
  schema: ["limits"],
  tool: [],
  surface: { "limits.requestHeadBytes": requestHeadBytesSurface, "limits.replyBytes": replyBytesSurface },
  link: null,
  contract: { kind: "limit" },
  shelf: { none: "a bound on the request head and the reply: the hostile fixture (specs-hostile/) declares it" },
  fields: {
    "manifest.limits": { fields: "limits" },
    "limits.requestHeadBytes": { surface: "limits.requestHeadBytes" },
    "limits.replyBytes": { surface: "limits.replyBytes" },
  },
} as const satisfies ConceptRecord;
