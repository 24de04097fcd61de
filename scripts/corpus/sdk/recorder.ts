// A loopback HTTP server that keeps every request it is sent (method, target,
// headers, body bytes) and answers each with what the caller set, by default
// a small JSON object: the SDK comparison points Blockwright and an SDK at it
// and compares what each put on the wire. It listens on 127.0.0.1 only.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  /** The request target as sent: path and query, not decoded. */
  target: string;
  /** Header names lowercased; a repeated header's values joined by ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** What the recorder answers when told nothing else: 200 with a JSON object most SDKs accept. */
export const DEFAULT_ANSWER: Answer = {
  status: 200,
  headers: { "content-type": "application/json" },
  body: '{"ok":true}',
};

export interface Recorder {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The requests since the last take, in arrival order; the list starts again empty. */
  take(): Recorded[];
  /** What the next requests are answered (until set again). */
  answerWith(answer: Answer): void;
  close(): Promise<void>;
}

/** The largest request body kept (a bigger one is cut, and the cut shows as a difference). */
const MAX_BODY = 8 * 2 ** 20;

/** The recorder's port: `SDK_JUDGE_PORT` when set (a machine that hands out loopback ports), else any free one. */
function recorderPort(): number {
  const given = process.env.SDK_JUDGE_PORT;
  if (given === undefined || given === "") return 0;
  const port = Number(given);
  if (!/^\d+$/.test(given) || port > 65535)
    throw new Error(`SDK_JUDGE_PORT must be a port number (0 to 65535), got ${JSON.stringify(given.slice(0, 40))}`);
  return port;
}

export async function startRecorder(): Promise<Recorder> {
  let requests: Recorded[] = [];
  let answer = DEFAULT_ANSWER;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = (req.rawHeaders[i] as string).toLowerCase();
        const value = req.rawHeaders[i + 1] as string;
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      requests.push({ method: req.method ?? "", target: req.url ?? "", headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(recorderPort(), "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    take() {
      const taken = requests;
      requests = [];
      return taken;
    },
    answerWith(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
