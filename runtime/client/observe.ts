// A client's observer: what its hooks, its logger and `withResponse` see of
// each call, through the fetch each call is given (one per call, wrapping the
// caller's), so the call path itself is unchanged. What a hook sees is
// exactly what goes on the wire, secrets redacted; so is what comes back
// (headers and request id). The environment's client (environment.ts) always
// has it; a browser's bundle only when its client is given it (`observe:
// observeCalls`, from `@blockwright/runtime/observe`): a client that observes
// nothing bundles none of this (books' client: about 0.8 KB gzip).
import { authSlots } from "../http/credentials.js";
import { isWithheldLength, REDACTED, redact } from "../common/redact.js";
import { withQueryValues } from "../http/query-pairs.js";
import { answerRequestId } from "../http/upstream-error.js";
import type { ClientHooks, ClientObserver, ReplyInfo, RequestInfo } from "./types.js";

/**
 * The headers that carry a credential whatever they hold: a request's, an answer's echo of them, a session an answer
 * sets (none a request sends).
 */
const CREDENTIAL_HEADER = /^(?:(?:proxy-)?authorization|(?:set-)?cookie2?)$/;

/**
 * The call's fetch: tells the hooks and the logger (secrets redacted), and keeps the last
 * answer for withResponse.
 */
export const observeCalls: ClientObserver = (inner, o) => {
  // Every encoding of each secret (percent-encoded in an address among them) is looked for: redact.ts.
  const hide = (text: string) => redact(text, o.secrets);
  const tell = <K extends keyof ClientHooks>(name: K, info: Parameters<NonNullable<ClientHooks[K]>>[0]) => {
    try {
      o.hooks?.[name]?.(info as RequestInfo & ReplyInfo & { durationMs: number });
    } catch (e) {
      // A hook's failure is the caller's to see, not the call's to fail on.
      o.logger?.warn?.(`${name} hook threw: ${hide(e instanceof Error ? e.message : String(e))}`);
    }
  };
  // The credential's headers (those that always carry one, and the auth's own) are withheld whatever they hold; its
  // query parameters too (query credentials, whichever way).
  const slots = authSlots(o.tool.auth);
  const own = slots.flatMap((s) => (s.in === "header" ? [s.name.toLowerCase()] : []));
  const query = slots.flatMap((s) => (s.in === "query" ? [s.name] : []));
  const withheld = (name: string) => CREDENTIAL_HEADER.test(name) || own.includes(name);
  return async (request) => {
    const key = `${request.method} ${request.url}`;
    const attempt = (o.state.sent.get(key) ?? 0) + 1;
    o.state.sent.set(key, attempt);
    const headers: Record<string, string> = {};
    // The credentials as sent (a token a flow obtained is no secret the client was given): kept out of the answer's
    // headers too.
    const sent: string[] = [];
    request.headers.forEach((value, name) => {
      const credential = withheld(name);
      headers[name] = credential ? REDACTED : hide(value);
      if (credential) sent.push(value, value.slice(value.indexOf(" ") + 1));
    });
    const info: RequestInfo = {
      operation: o.operation,
      method: request.method,
      url: hide(withoutCredential(request.url, query)),
      headers,
      attempt,
    };
    if (attempt > 1) {
      o.logger?.info?.(`retry ${attempt - 1}: ${info.method} ${info.url}`, { operation: o.operation });
      tell("onRetry", info);
    }
    o.logger?.debug?.(`${info.method} ${info.url}`, { operation: o.operation, attempt });
    tell("onRequest", info);
    const started = Date.now();
    const response = await inner(request);
    // Only for whom it reaches: a call without hooks, logger or withResponse makes none of it.
    if (!o.state.keep && !o.logger?.debug && !o.hooks?.onResponse) return response;
    // The answer as it may be shown: a header that echoes the credential (or sets a session) withheld, secrets redacted
    // in the others.
    const reply: ReplyInfo = { status: response.status, headers: new Headers() };
    const secrets = [...o.secrets, ...sent.filter(isWithheldLength)];
    response.headers.forEach((value, name) => {
      reply.headers.append(name, withheld(name) ? REDACTED : redact(value, secrets));
    });
    const requestId = answerRequestId(o.tool, reply.headers);
    if (requestId !== undefined) reply.requestId = requestId;
    if (o.state.keep) o.state.last = reply;
    const durationMs = Date.now() - started;
    o.logger?.debug?.(`${response.status} ${info.method} ${info.url} (${durationMs} ms)`, {
      operation: o.operation,
      status: response.status,
      requestId,
    });
    tell("onResponse", { ...reply, operation: o.operation, method: info.method, url: info.url, attempt, durationMs });
    return response;
  };
};

/**
 * The address with the credentials' query parameters (`names`) withheld, every other pair as sent: a `URLSearchParams`
 * round trip wrote the query again (`mode=TRANSIT,WALK` shown as `mode=TRANSIT%2CWALK`), another address than the one
 * sent.
 */
function withoutCredential(address: string, names: string[]): string {
  return names.length ? withQueryValues(address, (name) => (names.includes(name) ? REDACTED : undefined)) : address;
}
