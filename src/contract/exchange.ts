// The thin layer between a tool and its Prism mock: every request the tool
// sends is recorded and forwarded to the mock, whose request judge
// (src/judge/, in front of Prism) holds it to the document's serialization
// rules and Prism to the rest. A scenario step may then answer in the mock's
// place (a pending job, a 429 with Retry-After, a 503) — but only for a
// request the mock accepted, so the mock stays the judge of every request.
// The answer asked of the mock goes out of band, as Prism's query keys
// (`__code`, `__example`), which the judge takes out before it judges: never
// in a header, which the API may declare for itself (`Prefer`).
import { type AuthSpec, authSlots, type FetchLike } from "@blockwright/runtime/internal";
import { withMockSteering } from "@blockwright/runtime/workflow";
import { refusalsOf } from "../judge/judge-problem.js";
import type { Refusal } from "../judge/refusal.js";
import { keepQueryPairs } from "../common/url/query-pairs.js";
import { parseBody } from "./json-path.js";
import { prismProblemOf, violationsOf, type PrismProblem, type Violation } from "./prism.js";

export interface Exchange {
  method: string;
  url: URL;
  /** The raw query string as sent (for encoding checks). */
  search: string;
  /** The headers the tool sent. */
  headers: Headers;
  rawBody: string;
  /** The body's bytes as sent (a signed JWT's bodyHash is of them: jwt-check.ts). */
  rawBytes?: Uint8Array;
  body: unknown;
  /** The answer the tool received. */
  status: number;
  responseHeaders: Headers;
  responseBody: string;
  /** What the mock found wrong with the request (or with its own answer). */
  violations: Violation[];
  /** A problem the mock raised itself (no such example, no credential…). */
  prismProblem?: PrismProblem;
  /** What the mock's request judge refused in the request (its rules broken): the case fails, whatever it expected. */
  refusals?: Refusal[];
  /** The mock's status when a scenario step answered in its place. */
  mockStatus?: number;
  /** The answer asked of the mock (in Prism's words, `code=404, example=gone`; sent as its query keys), if any. */
  prefer?: string;
  /** Milliseconds since the layer was created, when the request arrived. */
  at: number;
}

/**
 * The request as sent, for telling whether two requests are the same: method, address and body, a multipart
 * body's boundary (which the encoder draws afresh for each request) written as `<boundary>`.
 */
export function sentRequest(ex: Pick<Exchange, "method" | "url" | "headers" | "rawBody">): string {
  const boundary = /^multipart\/[^;]*;(?:.*;)?\s*boundary="?([^";]+)"?/i.exec(
    ex.headers.get("content-type") ?? "",
  )?.[1];
  const body = boundary === undefined ? ex.rawBody : ex.rawBody.replaceAll(boundary, "<boundary>");
  return `${ex.method} ${ex.url.href} ${body}`;
}

/** What to do with one request (the n-th the tool sends). */
export interface Step {
  /**
   * Ask the mock for a status or a named example, in Prism's words (`code=404, example=gone`), sent as its query keys.
   */
  prefer?: string;
  /** Take the credential out of the request before the mock sees it. */
  withoutCredential?: AuthSpec;
  /** Answer this instead of the mock's answer (when the mock accepted the request). */
  answer?: { status: number; headers?: Record<string, string>; body?: unknown };
}

export type Script = (attempt: number, request: Request) => Step;

export interface MockLink {
  fetch: FetchLike;
  exchanges: Exchange[];
}

/**
 * A fetch for tools under test: records each exchange and plays `script` in front of the mock; `operation`, the one the
 * tool calls, named to the mock out of band (`__operation`, withMockSteering), as the request alone may meet another
 * of its path.
 */
export function mockFetch(script: Script = () => ({}), operation?: string): MockLink {
  const exchanges: Exchange[] = [];
  const started = performance.now();
  const fetchFn = async (request: Request): Promise<Response> => {
    const at = performance.now() - started;
    const step = script(exchanges.length, request);
    const rawBytes = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined;
    const rawBody = rawBytes ? new TextDecoder().decode(rawBytes) : "";
    const headers = new Headers(request.headers);
    const sent = new Headers(request.headers);
    const url = new URL(request.url);
    let forwarded = new URL(request.url);
    if (step.withoutCredential) stripCredential(step.withoutCredential, sent, forwarded);
    // Written after the query as sent, which searchParams would write again (`%20` as `+`): the judge reads it raw. The
    // operation named as a workflow's block names it under `run --mock` (withMockSteering: one way).
    if (step.prefer || operation !== undefined)
      forwarded = new URL(withMockSteering(forwarded.href, step.prefer ?? "", operation));
    const mock = await fetch(forwarded, {
      method: request.method,
      headers: sent,
      body: rawBody || undefined,
      signal: request.signal,
      redirect: "manual",
    });
    const mockBody = await mock.text();
    const violations = violationsOf(mock.headers, mockBody);
    const prismProblem = prismProblemOf(mock.headers.get("content-type"), mockBody);
    const refusals = mock.status === 422 ? refusalsOf(mock.headers.get("content-type"), mockBody) : undefined;
    let response = new Response(nullBodyStatus(mock.status) ? null : mockBody, {
      status: mock.status,
      statusText: mock.statusText,
      headers: mock.headers,
    });
    let mockStatus: number | undefined;
    if (step.answer && !violations.length && !prismProblem && !refusals) {
      mockStatus = mock.status;
      const body = step.answer.body === undefined ? "" : JSON.stringify(step.answer.body);
      const answerHeaders = new Headers(step.answer.headers);
      if (body && !answerHeaders.has("content-type")) answerHeaders.set("content-type", "application/json");
      response = new Response(nullBodyStatus(step.answer.status) ? null : body, {
        status: step.answer.status,
        headers: answerHeaders,
      });
    }
    exchanges.push({
      method: request.method,
      url,
      search: url.search,
      headers,
      rawBody,
      ...(rawBytes ? { rawBytes } : {}),
      body: /^multipart\/form-data/i.test(headers.get("content-type") ?? "")
        ? await multipartParts(request)
        : parseBody(rawBody),
      status: response.status,
      responseHeaders: response.headers,
      responseBody: mockStatus === undefined ? mockBody : await response.clone().text(),
      violations,
      ...(prismProblem ? { prismProblem } : {}),
      ...(refusals ? { refusals } : {}),
      ...(mockStatus !== undefined ? { mockStatus } : {}),
      ...(step.prefer ? { prefer: step.prefer } : {}),
      at,
    });
    return response;
  };
  return { fetch: fetchFn, exchanges };
}

/** Take out every credential `auth` may place, whichever way: its headers, query keys and cookie pairs. */
export function stripCredential(auth: AuthSpec, headers: Headers, url: URL): void {
  for (const slot of authSlots(auth)) {
    if (slot.in === "header") headers.delete(slot.name);
    // The other pairs as the call wrote them (common/url/query-pairs.ts): `searchParams.delete` would write them again.
    else if (slot.in === "query") keepQueryPairs(url, (name) => name !== slot.name);
    else {
      const kept = (headers.get("cookie") ?? "")
        .split(";")
        .map((x) => x.trim())
        .filter((x) => x && x.slice(0, x.indexOf("=")) !== slot.name);
      if (kept.length) headers.set("cookie", kept.join("; "));
      else headers.delete("cookie");
    }
  }
}

/**
 * A multipart body as its parts: text as it is, a file as its name, type and size (multipartPart in request.ts writes
 * what is expected).
 */
export async function multipartParts(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const form = await request.clone().formData();
    const parts: Record<string, unknown> = {};
    for (const [name, value] of form) {
      const part = typeof value === "string" ? value : { filename: value.name, type: value.type, bytes: value.size };
      // A list of scalars goes as one part per item (runtime/call/files/file-inputs.ts): a repeated name is read back
      // as the list.
      // Own properties only: a part named `__proto__` is a part, not the object's prototype.
      const before = Object.hasOwn(parts, name) ? parts[name] : undefined;
      Object.defineProperty(parts, name, {
        value: before === undefined ? part : Array.isArray(before) ? [...before, part] : [before, part],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return parts;
  } catch {
    return undefined; // not a body fetch can read: the mock says what is wrong with it
  }
}

function nullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}
