// The only way `blockwright verify` reaches a live service: a fetch that
// sends nothing the run did not allow — no origin but the service's and its
// token endpoint's, no request that changes state for a call that may not
// write, nothing past the request budget, no request the judge refuses
// (src/judge/: it breaks the document's serialization rules, and the service
// would read something else) — spaces its requests, and keeps each exchange
// (in memory, unredacted: recordings redact, recording.ts).
import { setTimeout as delay } from "node:timers/promises";
import type { AuthSpec, FetchLike } from "@blockwright/runtime/internal";
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
  /** Judges each request the block builds before it is sent (not a token request, nor one to an address an answer gave). */
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
/** The most of an answer kept: a live answer past it ends the call (the runtime's own reply limits are smaller). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export interface LiveLink {
  /**
   * A fetch for one call: `mayWrite` lets it send a request that is not a safe method; `withoutCredential` takes the
   * credential out of each request (judged as the block built it). `refused`: what the judge refused, unsent.
   */
  fetchFor(mayWrite: boolean, withoutCredential?: AuthSpec): { fetch: FetchLike; exchanges: LiveExchange[]; refused: RefusedRequest[] };
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
          const judgement: Judgement = options.judge({ method: given.method, url: given.url, headers: given.headers, ...(given.body ? { body: new Uint8Array(await given.clone().arrayBuffer()) } : {}) });
          if (judgement.refusals.length) {
            refused.push({ line: `${given.method} ${url.pathname}${url.search}`, refusals: judgement.refusals });
            throw new Refused(`the request judge refused ${given.method} ${url.pathname}: ${judgement.refusals.map((r) => `[${r.rule}] ${r.pointer}`).join(", ")}`);
          }
        }
        if (!token && !options.origins.has(url.origin)) throw new Refused(`verify sends requests only to ${[...options.origins].join(", ")}, not to ${url.origin}`);
        if (!token && !mayWrite && !SAFE_METHODS.has(request.method)) throw new Refused(`${request.method} ${url.pathname} could change data: name the operation with --allow-writes to send it`);
        if (sent >= options.maxRequests) throw new Refused(`the request budget is spent (--max-requests ${options.maxRequests})`);
        // Again until the time has come: a timer may fire a little early by this clock (libuv's loop time lags it).
        for (let wait = nextAt - performance.now(); wait > 0; wait = nextAt - performance.now()) {
          await delay(wait, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {
            throw new Refused("interrupted");
          });
        }
        sent++;
        const answer = fetch(request.url, { method: request.method, headers: request.headers, body: requestBody || undefined, redirect: request.redirect, signal: request.signal });
        // Counted from when this request left (the call above started it), so no two start closer than the interval.
        nextAt = performance.now() + options.intervalMs;
        const response = await answer;
        const responseBody = await boundedText(response);
        exchanges.push({
          method: request.method,
          url: request.url,
          requestHeaders: Object.fromEntries(request.headers),
          requestBody,
          status: response.status,
          responseHeaders: Object.fromEntries(response.headers),
          responseBody,
          ...(token ? { token: true as const } : {}),
        });
        return new Response(nullBody(response.status) ? null : responseBody, { status: response.status, statusText: response.statusText, headers: response.headers });
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
  return earlier.some((ex) => ex.responseBody.replaceAll("\\/", "/").includes(tail) || (ex.responseHeaders.link ?? "").includes(tail));
}

/** The request without the credentials `auth` places (an Authorization header, an API key's header, query parameter or cookie). */
export function credentialTakenOut(request: Request, auth: AuthSpec): Request {
  const headers = new Headers(request.headers);
  const url = new URL(request.url);
  stripCredential(auth, headers, url);
  return new Request(url, { method: request.method, headers, body: request.body, redirect: request.redirect, signal: request.signal, ...(request.body ? { duplex: "half" } : {}) } as RequestInit);
}

/**
 * An OAuth 2 token request (RFC 6749 §4): a form POST with a grant_type. The
 * runtime sends one only to a token endpoint it accepts (the flow's, the
 * manifest's tokenHosts, or --token-url); it obtains a token, changing
 * nothing of the data under test.
 */
export function isTokenRequest(request: Request, body: string): boolean {
  return request.method === "POST" && (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded") && new URLSearchParams(body).has("grant_type");
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new Refused(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function nullBody(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}
