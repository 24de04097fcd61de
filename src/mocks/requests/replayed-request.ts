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

/** The request again, its body readable once more, for Prism. */
export function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const stream = Readable.from(body.length ? [body] : []);
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
