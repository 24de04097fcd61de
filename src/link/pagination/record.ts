// The record of the `pagination` concept (link/concept-record.ts): list operations read page by page.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { pageSizeSurface, paginationSurface } from "./pagination.js";

/** Why the fields of pagination past its style are not recorded in the surface. */
const NEXT_PAGE =
  "how the next page is reached: the style is recorded (pagination), the rest is the package's business";

export const pagination = {
  wording:
    "**Pagination** per list operation, by `style`: `cursor` (a value of the reply sent back), " +
    '`nextUrl` (an address in the body), `linkHeader` (`rel="next"`), `offset`, `page` (a page number); ' +
    "with `items` (the list outputs gathered), and optional `more`, `until` (the pages end when a stream's " +
    "reader is caught up: a value of the reply, or a page without items, though a next iterator is given) " +
    "and `total`; with `page`, `pages` (the reply's count of pages: no request past the last). " +
    "`pageSize` names the parameter giving a page's size: a call over all pages asks for the largest page the " +
    "parameter allows (its `maximum`; one of 2147483647 or more, a number format's bound, is none: the " +
    "upstream's own page) unless the caller gives a size, so that it takes as few requests (and " +
    "rate-limit turns) as it can, and under `maxItems` the last page asks only for the items still missing, " +
    "so that no more is fetched, or billed, than is kept; with `nextUrl` and `linkHeader`, " +
    "the first request carries it.",
  schema: ["pagination"],
  tool: ["pagination"],
  surface: { pagination: paginationSurface, "pagination.pageSize": pageSizeSurface },
  link: null,
  contract: {
    none:
      "a next page is the runtime's to fetch: runtime/paging/ tests each style; " +
      "a case of one call sees the first page",
  },
  shelf: {
    none:
      "each style is in a fixture of its own shape: tracker (specs-wild/, linkHeader), zqpayments (specs-wild/, " +
      "cursor)",
  },
  fields: {
    ...decided({ surface: "pagination" }, ["operation.pagination", "pagination.style", "pagination.items"]),
    "pagination.pageSize": { surface: "pagination.pageSize" },
    ...decided({ none: NEXT_PAGE }, [
      "pagination.cursor",
      "pagination.send",
      "pagination.more",
      "pagination.until",
      "pageEnd.from",
      "pageEnd.equals",
      "pageEnd.empty",
      "pagination.total",
      "pagination.pages",
      "pagination.url",
      "pagination.start",
      "pageTarget.in",
      "pageTarget.name",
      "pageTarget.pointer",
    ]),
  },
} as const satisfies ConceptRecord;
