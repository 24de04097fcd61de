// What a reply tells of the page after it, as a part of the runtime's support
// (call/support.ts `cursors`, exported as `pageCursors`): the cursor to send
// (pagination style `cursor`), and whether there is a next page at all
// (`pagination.more`, a flag; `pagination.total`, the count of every item;
// `pagination.pages`, the count of pages, past whose last a page number is not
// asked for; `pagination.until`, a stream's reader caught up though the next iterator is
// given: a lag of 0, or a page without items).
// paginate.ts goes on after an offset or a page number itself, until a page
// without items, so that a provider that pages so, and says no more,
// bundles none of this. A cursor is a text, a number, or an object (a
// record's key, `LastEvaluatedKey: {id: {S: "…"}}`) sent back whole in the
// JSON body; an empty one, like a missing one, says this page is the last.
import { evaluate, type ExpressionContext } from "../http/expressions.js";
import type { PaginationSpec } from "../spec/tool-types.js";

/** A value sent for the next page: a cursor (a text, a number, an object or list of the reply), an offset, a page. */
export type PageValue = string | number | object;

/**
 * Whether a tool's pagination reads its replies (`cursors`): a cursor, or a flag or total saying when the pages end.
 */
export function cursorsNeeded(pagination: PaginationSpec | undefined): boolean {
  return (
    pagination !== undefined &&
    (pagination.next.style === "cursor" ||
      pagination.more !== undefined ||
      pagination.total !== undefined ||
      pagination.pages !== undefined ||
      pagination.until !== undefined)
  );
}

/**
 * What `reply` tells of the next page: undefined when it says this page is the last (a flag not as `more`
 * wants it, the test of `until` passed, `returned` items of a `total` given, the page numbered `offset` the last of
 * `pages`, no cursor), else the cursor to send (none for other styles), or `unreachable` where `more` says more pages
 * remain and no cursor is given. `onPage`: the items on this page.
 */
export function pageAfter(
  pagination: PaginationSpec,
  reply: ExpressionContext,
  { returned, onPage, offset }: { returned: number; onPage: number; offset?: number },
): { value?: PageValue; unreachable?: true } | undefined {
  if (pagination.more && evaluate(pagination.more.ref, reply) !== pagination.more.equals) return undefined;
  // Caught up: the next iterator an open stream always gives is not followed (an empty page ends only where said).
  const until = pagination.until;
  if (until && ("ref" in until ? evaluate(until.ref, reply) === until.equals : !onPage)) return undefined;
  if (pagination.total) {
    const total = evaluate(pagination.total.ref, reply);
    if (typeof total === "number" && returned >= total) return undefined;
  }
  const next = pagination.next;
  // The last page by number: a full last page is not followed by a request for the empty one after it.
  if (pagination.pages && next.style === "page" && offset !== undefined) {
    const told = evaluate(pagination.pages.ref, reply);
    // A number, or a header's text of one; anything else (none, null) says nothing.
    const pages = typeof told === "number" ? told : typeof told === "string" && told.trim() ? Number(told) : NaN;
    if (Number.isFinite(pages) && offset >= next.start + pages - 1) return undefined;
  }
  if (next.style !== "cursor") return {};
  const cursor = evaluate(next.cursor.ref, reply);
  // An object goes back whole into a JSON body only (elsewhere, as before, it ends the pages); an empty one is none.
  if (
    cursor === undefined ||
    cursor === null ||
    cursor === "" ||
    (typeof cursor === "object" && (next.send.in !== "body" || !Object.keys(cursor).length))
  )
    // A flag that said more pages remain (checked above) with no cursor to reach them: not the last page.
    return pagination.more ? { unreachable: true } : undefined;
  return { value: typeof cursor === "number" || typeof cursor === "object" ? cursor : String(cursor) };
}

/** What a reply tells of the next page, as a part of the runtime's support (call/support.ts `cursors`). */
export const pageCursors = { after: pageAfter };
