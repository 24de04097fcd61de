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
 * `stop` hangs up. It asks `Expect: 100-continue`, so that the server's interim answer says its handler has the
 * request (Node's server writes it as it hands the request on): `headRead` resolves then, a condition to wait for
 * rather than a time a loaded machine may not keep. `answer` is what came back after the interim answer.
 */
export function drippingRequest(
  url: string,
  path: string,
  everyMs = 200,
): { socket: Socket; headRead: Promise<void>; answer(): string; stop(): void } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname, () =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        "Expect: 100-continue\r\nContent-Length: 100000\r\n\r\n{",
    ),
  );
  socket.on("error", () => undefined);
  let received = "";
  const interim = /^HTTP\/1\.1 100 Continue\r\n\r\n/;
  const headRead = new Promise<void>((read) =>
    socket.on("data", (d) => {
      received += d;
      if (interim.test(received)) read();
    }),
  );
  const timer = setInterval(() => socket.writable && socket.write(" "), everyMs);
  return {
    socket,
    headRead,
    answer: () => received.replace(interim, ""),
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
