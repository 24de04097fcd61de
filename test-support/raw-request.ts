// Raw HTTP over a socket, for what fetch never sends: a request line whose
// target is no URL, a Host that names no host, a body sent a byte at a time.
import { connect, type Socket } from "node:net";

/**
 * Sends `text` as it is to `url`'s host and port; resolves with all the server wrote once it closes the connection (or
 * `untilMs` passes).
 */
export function rawRequest(url: string, text: string, untilMs = 10_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => socket.destroy(), untilMs);
    socket.on("data", (d) => {
      answer += d.toString("latin1");
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

/** The status of an HTTP answer's first line (0 when there is none). */
export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

/** Request lines and heads no client library sends, each naming no address a URL can hold. */
export const MALFORMED_HEADS = [
  "POST http://[::1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n",
  "GET http://[::1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "POST /x HTTP/1.1\r\nHost: [::1\r\nContent-Length: 0\r\n\r\n",
  "GET http://zq.example:99999/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "OPTIONS http://%zz/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
];

/**
 * A POST whose head is sent at once and whose body then comes one byte every `everyMs` (never ending on its own);
 * `stop` hangs up.
 */
export function drippingRequest(url: string, path: string, everyMs = 200): { socket: Socket; stop(): void } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname, () =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ` +
        `application/json\r\nContent-Length: 100000\r\n\r\n{`,
    ),
  );
  socket.on("error", () => undefined);
  const timer = setInterval(() => socket.writable && socket.write(" "), everyMs);
  return {
    socket,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
