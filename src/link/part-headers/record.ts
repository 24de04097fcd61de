// The record of the `partHeaders` concept (link/concept-record.ts): the headers of a multipart body's parts.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided, SENT_BY_PACKAGE } from "../concept-record.js";
import { linkPartHeaders } from "./part-headers.js";

export const partHeaders = {
  wording:
    "**Part headers:** `partHeaders` gives the headers each part of a multipart/form-data body field carries, as " +
    "the document's `encoding.<field>.headers` declares them: by field and header name, a parameter's value " +
    "(`param`, a parameter with no `wire` of its own, sent there alone and held to a header's characters before any " +
    "request) or a constant (`value`). A header the document does not declare, or one it requires left out, fails " +
    "the link at its place; `add` drafts a parameter for each header the document requires.",
  schema: ["part-headers"],
  tool: ["partHeaders"],
  surface: {},
  link: linkPartHeaders,
  contract: { kind: "request" },
  shelf: { none: "a multipart body's part headers: the link and wire tests of link/part-headers/ plant them" },
  fields: {
    ...decided({ none: SENT_BY_PACKAGE }, ["operation.partHeaders", "partHeader.value"]),
    "partHeader.param": { none: "the parameter's own surface entry records it; the header is the package's to send" },
  },
} as const satisfies ConceptRecord;
