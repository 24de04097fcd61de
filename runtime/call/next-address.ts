// The next page at an address the upstream gives — a body field (`nextUrl`)
// or the `Link` header's rel="next" (`linkHeader`) — as a part of the
// runtime's support (call/support.ts `links`, exported as `pageLinks`):
// paginate.ts sends the page after an offset, a page number or a cursor
// itself, and asks this part only for a next address, so that a provider
// without one bundles none of it. The address is followed only on the first
// page's origin (transport.ts nextPageRequest).
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import { evaluate, type ExpressionContext } from "../http/expressions.js";
import { linkNext, nextPageRequest, type HttpRequest } from "../http/transport.js";
import type { AuthWay, PageNext, ToolCall } from "../spec/tool-types.js";
import { upstreamFailure } from "./reply-failures.js";

/**
 * The request for the next page and what tells it from the pages before (`key`, `show`: a loop names it), or why it is
 * not followed.
 */
export type NextPage =
  | { request: HttpRequest; key: string; show: string; offset?: number }
  | { error: Failure }
  // The reply said more pages remain and gave no cursor or address to reach them: the pages end, not complete.
  | { unreachable: true };

/** What of a call the next address is sent with: its credential's way and value, and its values. */
export interface AddressedCall {
  tool: Pick<ToolCall, "provider">;
  way: AuthWay;
  credential: string;
  values: Record<string, unknown>;
}

/** The page after `reply` at the address it gives, or undefined when it gives none (the last page). */
export function nextAtAddress(
  call: AddressedCall,
  next: Extract<PageNext, { style: "nextUrl" | "linkHeader" }>,
  reply: ExpressionContext,
  previous: HttpRequest,
  first: HttpRequest,
): NextPage | undefined {
  const address = next.style === "nextUrl" ? evaluate(next.url.ref, reply) : linkNext(reply.headers.get("link"));
  if (typeof address !== "string" || address.trim() === "") return undefined;
  const request = nextPageRequest(previous, first, address.trim(), call.way, call.credential, call.values);
  if ("refused" in request) {
    const elsewhere =
      `${call.tool.provider} gave the next page at ${request.refused}; it is not followed, ` +
      `so that the credential and the request never go to another address`;
    return { error: upstreamFailure(reply.status, "NEXT_PAGE_ELSEWHERE" satisfies RuntimeErrorCode, elsewhere) };
  }
  return { request, key: `url:${request.url}`, show: "the same address" };
}

/** Next pages at an address as a part of the runtime's support (call/support.ts `links`). */
export const pageLinks = { next: nextAtAddress };
