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
}

/** A loopback server answering with `reply(request)`, recording what it received. */
export async function server(reply: (req: Received) => { status: number; headers?: Record<string, string>; body?: string } | "reset") {
  const received: Received[] = [];
  const srv: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const r = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      received.push(r);
      const answer = reply(r);
      if (answer === "reset") return req.socket.destroy();
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}
