// The only way `blockwright verify` reaches a live service: a fetch that
// sends nothing the run did not allow — no origin but the service's and its
// token endpoint's, no request that changes state for a call that may not
// write, nothing past the request budget, no request the judge refuses
// (src/judge/: it breaks the document's serialization rules, and the service
// would read something else) — spaces its requests, and keeps each exchange
// (in memory, unredacted: recordings redact, recording.ts).
//
// An answer's body is read by the runtime alone, through its one reader
// (read-body.ts: the tool's reply limit, the call's deadline), and kept here
// as it passes. Read here first, whole, it went on past the call's deadline
// (an answer dripping for ever held its connection open) and past the tool's
// reply limit.
import { setTimeout as delay } from "node:timers/promises";
import { type AuthSpec, type FetchLike, isRedirect } from "@blockwright/runtime/internal";
import { stripCredential } from "../contract/exchange.js";
import type { Judgement, Refusal, RequestJudge } from "../judge/judge.js";

export interface LiveExchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  /** A request for an OAuth 2 access token, not the operation's own. */
  token?: true;
}

export interface LiveOptions {
  /** Origins the operation's requests may go to (the service under test). */
  origins: ReadonlySet<string>;
  /** Requests the whole run may send. */
  maxRequests: number;
  /** Milliseconds between the starts of two requests. */
  intervalMs: number;
  signal?: AbortSignal;
  /**
   * Judges each request the block builds before it is sent (not a token request, nor one to an address an answer gave).
   */
  judge?: RequestJudge;
}

/** What the fetch refused to send: the call fails with it, and the report says why. */
export class Refused extends Error {}

/** A request the judge refused, not sent: its line (method, path, query) and the refusals. */
export interface RefusedRequest {
  line: string;
  refusals: Refusal[];
}

/** Methods that change nothing (RFC 9110 safe methods). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface LiveLink {
  /**
   * A fetch for one call: `mayWrite` lets it send a request that is not a safe method; `withoutCredential` takes the
   * credential out of each request (judged as the block built it). `refused`: what the judge refused, unsent.
   */
  fetchFor(
    mayWrite: boolean,
    withoutCredential?: AuthSpec,
  ): { fetch: FetchLike; exchanges: LiveExchange[]; refused: RefusedRequest[] };
  /** Requests sent so far. */
  sent(): number;
}

export function liveLink(options: LiveOptions): LiveLink {
  let sent = 0;
  let nextAt = 0;
  return {
    sent: () => sent,
    fetchFor(mayWrite, withoutCredential) {
      const exchanges: LiveExchange[] = [];
      const refused: RefusedRequest[] = [];
      const fetchFn: FetchLike = async (given) => {
        const request = withoutCredential ? credentialTakenOut(given, withoutCredential) : given;
        const url = new URL(request.url);
        const requestBody = request.body ? await request.clone().text() : "";
        const token = isTokenRequest(request, requestBody);
        if (!token && options.judge && !givenByAnAnswer(url, exchanges)) {
          const judgement: Judgement = options.judge({
            method: given.method,
            url: given.url,
            headers: given.headers,
            ...(given.body ? { body: new Uint8Array(await given.clone().arrayBuffer()) } : {}),
          });
          if (judgement.refusals.length) {
            refused.push({ line: `${given.method} ${url.pathname}${url.search}`, refusals: judgement.refusals });
            throw new Refused(
              `the request judge refused ${given.method} ${url.pathname}: ` +
                `${judgement.refusals.map((r) => `[${r.rule}] ${r.pointer}`).join(", ")}`,
            );
          }
        }
        if (!token && !options.origins.has(url.origin))
          throw new Refused(`verify sends requests only to ${[...options.origins].join(", ")}, not to ${url.origin}`);
        if (!token && !mayWrite && !SAFE_METHODS.has(request.method))
          throw new Refused(
            `${request.method} ${url.pathname} could change data: name the operation with --allow-writes to send it`,
          );
        if (sent >= options.maxRequests)
          throw new Refused(`the request budget is spent (--max-requests ${options.maxRequests})`);
        // Again until the time has come: a timer may fire a little early by this clock (libuv's loop time lags it).
        for (let wait = nextAt - performance.now(); wait > 0; wait = nextAt - performance.now()) {
          await delay(wait, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {
            throw new Refused("interrupted");
          });
        }
        sent++;
        const answer = fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: requestBody || undefined,
          redirect: request.redirect,
          signal: request.signal,
        });
        // Counted from when this request left (the call above started it), so no two start closer than the interval.
        nextAt = performance.now() + options.intervalMs;
        const response = await answer;
        const exchange: LiveExchange = {
          method: request.method,
          url: request.url,
          requestHeaders: Object.fromEntries(request.headers),
          requestBody,
          status: response.status,
          responseHeaders: Object.fromEntries(response.headers),
          responseBody: "",
          ...(token ? { token: true as const } : {}),
        };
        exchanges.push(exchange);
        const init = { status: response.status, statusText: response.statusText, headers: response.headers };
        if (!response.body || nullBody(response.status)) {
          void response.body?.cancel().catch(() => undefined);
          return new Response(null, init);
        }
        // An answer not read to its end (the call's deadline or reply limit stopped it) is no answer to check:
        // the call's error says what happened. A redirect's body is never read, and its exchange stays.
        const unfinished = () => {
          if (isRedirect(response)) return;
          const at = exchanges.indexOf(exchange);
          if (at >= 0) exchanges.splice(at, 1);
        };
        return new Response(
          kept(response.body, (text) => (exchange.responseBody = text), unfinished),
          init,
        );
      };
      return { fetch: fetchFn, exchanges, refused };
    },
  };
}

/**
 * An address an earlier answer of the call gave (a next page's, in its body or Link header): the block follows
 * it as given, and its query is the service's, not built by the block from the document's rules.
 */
function givenByAnAnswer(url: URL, earlier: readonly LiveExchange[]): boolean {
  const tail = `${url.pathname}${url.search}`;
  return earlier.some(
    (ex) => ex.responseBody.replaceAll("\\/", "/").includes(tail) || (ex.responseHeaders.link ?? "").includes(tail),
  );
}

/**
 * The request without the credentials `auth` places (an Authorization header, an API key's header, query parameter or
 * cookie).
 */
export function credentialTakenOut(request: Request, auth: AuthSpec): Request {
  const headers = new Headers(request.headers);
  const url = new URL(request.url);
  stripCredential(auth, headers, url);
  return new Request(url, {
    method: request.method,
    headers,
    body: request.body,
    redirect: request.redirect,
    signal: request.signal,
    ...(request.body ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * An OAuth 2 token request (RFC 6749 §4): a form POST with a grant_type. The
 * runtime sends one only to a token endpoint it accepts (the flow's, the
 * manifest's tokenHosts, or --token-url); it obtains a token, changing
 * nothing of the data under test.
 */
export function isTokenRequest(request: Request, body: string): boolean {
  return (
    request.method === "POST" &&
    (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded") &&
    new URLSearchParams(body).has("grant_type")
  );
}

/**
 * The body as it is read, passed on chunk by chunk; `whole` gets its text once read to its end, `unfinished` is told
 * when it is not.
 */
function kept(
  body: ReadableStream<Uint8Array>,
  whole: (text: string) => void,
  unfinished: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (e) {
        unfinished();
        controller.error(e);
        return;
      }
      if (read.done) {
        whole(Buffer.concat(chunks).toString("utf8"));
        controller.close();
        return;
      }
      chunks.push(read.value);
      controller.enqueue(read.value);
    },
    cancel(reason) {
      unfinished();
      return reader.cancel(reason);
    },
  });
}

function nullBody(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}
