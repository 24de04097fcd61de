// A loopback HTTP server for tests, recording what it received: the upstream
// a runtime test talks to when a scripted fetch is not enough (resets, real
// sockets).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The body's bytes as received (a signature or a hash is over these, not over the text). */
  bytes: Buffer;
  /** When it arrived: a token's lifetime is checked as of then, as a server checks it, not when a test reads it. */
  at: Date;
}

/**
 * A loopback server answering with `reply(request)`, recording what it received. A body given as parts is written a
 * part at a time, each once the one before is handed to the socket (a stream's events arriving apart).
 */
export async function server(
  reply: (req: Received) => { status: number; headers?: Record<string, string>; body?: string | string[] } | "reset",
) {
  const received: Received[] = [];
  const srv: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (d: Buffer) => chunks.push(d));
    req.on("end", () => {
      const bytes = Buffer.concat(chunks);
      const r = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: bytes.toString(),
        bytes,
        at: new Date(),
      };
      received.push(r);
      const answer = reply(r);
      if (answer === "reset") return req.socket.destroy();
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      const parts = typeof answer.body === "string" || answer.body === undefined ? [answer.body ?? ""] : answer.body;
      const write = (i: number): void => {
        if (i === parts.length) res.end();
        else res.write(parts[i], () => write(i + 1));
      };
      write(0);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}

/**
 * A loopback server that answers every request with a body that never ends:
 * `endless` writes as fast as the client reads, `drip` one byte every 50 ms,
 * `silent` sends nothing at all, not even a status line. `closed` resolves
 * once the client has hung up on the first request (its body cancelled, its
 * request aborted); `sent` counts the body bytes written.
 */
export async function neverEndingServer(mode: "endless" | "drip" | "silent", head = '{"access_token":"') {
  let hungUp: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (hungUp = resolve));
  const state = { sent: 0, requests: 0 };
  const timers = new Set<ReturnType<typeof setInterval>>();
  const srv: Server = createServer((req, res) => {
    state.requests++;
    req.resume();
    res.on("close", hungUp);
    if (mode === "silent") return;
    res.writeHead(200, { "content-type": "application/json" });
    res.write(head);
    if (mode === "drip") {
      const timer = setInterval(() => {
        state.sent++;
        res.write("a");
      }, 50);
      timers.add(timer);
      res.on("close", () => clearInterval(timer));
      return;
    }
    const chunk = "a".repeat(64 * 1024);
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) state.sent += chunk.length;
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return {
    url,
    closed,
    state,
    close: () => {
      for (const t of timers) clearInterval(t);
      srv.closeAllConnections();
      return new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

/** A loopback upstream answering `replies` in order, each a 200 of that JSON body; past the last, a 500. */
export function pagesServer(...replies: object[]): ReturnType<typeof server> {
  let at = 0;
  return server(() => {
    const reply = replies[at++];
    return reply ? { status: 200, body: JSON.stringify(reply) } : { status: 500, body: '{"message":"no such page"}' };
  });
}
