// `npm run bench -- call` compares executeTool with openapi-fetch "for the same request" (issue 64): each case's
// openapi-fetch call (call-cases.mjs `init`) must send what the tool sends, header for header, or the anchor is
// spared work ours does (a header appended is validated and lowered by the Request, about 2 % of a call).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../../runtime/index.js";
import { ROOT } from "../../../test-support/repo.js";
import { anchorInit, CASES } from "./call-cases.mjs";

/** A request as sent: its method, address, headers (lower-cased, in order) and body. */
async function seen(request: Request) {
  return {
    method: request.method,
    url: request.url,
    headers: [...request.headers].sort(([a], [b]) => a.localeCompare(b)),
    body: request.body ? await request.text() : undefined,
  };
}

/** A fetch that keeps what it is sent and answers the case's reply. */
function recorder(reply: unknown) {
  const sent: Request[] = [];
  const fetch = async (input: Request) => {
    sent.push(input);
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { sent, fetch };
}

describe("the call bench's cases", () => {
  it.each(CASES.map((c) => [c.id, c] as const))("%s: openapi-fetch sends the request the tool sends", async (_, c) => {
    const provider = c.id.slice(0, c.id.indexOf("_"));
    const { executeTool } = await import(pathToFileURL(join(ROOT, "generated", provider, "index.js")).href);
    const ours = recorder(c.reply);
    let minutes = 0;
    const result = await executeTool(c.id, c.params, {
      fetch: ours.fetch,
      ...(c.viaParam ? {} : { baseUrl: c.baseUrl }),
      ...(c.rated ? { limiter: new RateLimiter({ clock: () => ++minutes * 60_000 }) } : {}),
    });
    expect(result.success, JSON.stringify(result)).toBe(true);
    const anchor = recorder(c.reply);
    const client = createClient({ baseUrl: c.baseUrl, fetch: anchor.fetch });
    const answer = await (client as unknown as Record<string, (p: string, i: unknown) => Promise<{ data?: unknown }>>)[
      c.method
    ]?.(c.path, await anchorInit(c, executeTool, { ...(c.viaParam ? {} : { baseUrl: c.baseUrl }) }));
    expect(answer?.data).toEqual(c.reply);
    expect(ours.sent).toHaveLength(1);
    expect(anchor.sent).toHaveLength(1);
    expect(await seen(anchor.sent[0] as Request)).toEqual(await seen(ours.sent[0] as Request));
  });
});
