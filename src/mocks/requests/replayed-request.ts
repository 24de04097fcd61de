// A request read whole in front of Prism (the paging rules and the request
// judge need its body), then handed on with its body readable once more.
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";

export function readWhole(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/** Where a request keeps its target as the client sent it, when the mock rewrote `url` for Prism's router. */
const SENT_TARGET = Symbol("the target as sent");
type Targeted = IncomingMessage & { [SENT_TARGET]?: string };

/**
 * The request's target rewritten for Prism (a value spanning path segments sent as one: mock-judge.ts), the target as
 * the client sent it kept beside: what a next page's address is made of (mock-paging.ts) is the client's own.
 */
export function rewriteTarget(req: IncomingMessage, sent: string, forPrism: string): void {
  (req as Targeted)[SENT_TARGET] ??= sent;
  req.url = forPrism;
}

/** The request's target as the client sent it (its `url`, unless the mock rewrote that for Prism's router). */
export function sentTarget(req: IncomingMessage): string {
  return (req as Targeted)[SENT_TARGET] ?? req.url ?? "/";
}

/** The request again, its body readable once more, for Prism. */
export function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const stream = Readable.from(body.length ? [body] : []);
  const sent = (req as Targeted)[SENT_TARGET];
  if (sent !== undefined) (stream as unknown as Targeted)[SENT_TARGET] = sent;
  return Object.assign(stream, {
    method: req.method,
    url: req.url,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    socket: req.socket,
    connection: req.socket,
  }) as unknown as IncomingMessage;
}
