// For tests: a fetch that answers from a script of replies and records
// every request it was sent (raw body included).

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

/** Replies are given in order; the last one repeats. */
export function scriptedFetch(...replies: Reply[]) {
  const seen: SeenRequest[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body: request.body ? await request.clone().text() : "",
    });
    const next = replies.length > 1 ? replies.shift()! : replies[0];
    if (next instanceof Error) throw next;
    if (typeof next === "function") return next(request);
    return next!.clone();
  };
  return { fetch, seen };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
