// One request never stops a server: what every HTTP listener of the command
// (serve's receiver, the mocks, the token mock) is wrapped in. Node's parser
// takes a request line whose target is no URL (`POST http://[::1 HTTP/1.1`)
// or a Host that names no host, and hands it on; the first `new URL` of it
// threw out of the listener and ended the process. Such a request is answered
// 400 here, with a log line, before any listener sees it; a listener that
// throws anyway gets a 500 for its request, never the process.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { lineText } from "./github-actions.js";

/**
 * Node's http module as CommonJS gives it: every listener of the command is made from this. An ES import of `node:http`
 * (static or dynamic) reads each of its exports to build the module's namespace, and three of them (`WebSocket`,
 * `CloseEvent`, `MessageEvent`) are getters that load Node's bundled undici: about 45 ms of CPU at each process's start
 * that a process which never fetches or opens a WebSocket does not need (docs/contributing/performance.md, the
 * forty-first round's CLI start). `fetch` still loads it when first called.
 */
export function nodeHttp(): typeof import("node:http") {
  return process.getBuiltinModule("node:http");
}

/** The longest part of a refused request shown in the log: enough to recognise it. */
const SHOWN_CHARS = 200;

/** The address a request names (its target, under its Host), or undefined when it names none a URL can hold. */
export function requestTarget(req: Pick<IncomingMessage, "url" | "headers">): URL | undefined {
  const host = req.headers.host ?? "localhost";
  try {
    // The Host alone first: a target in absolute form would hide a Host that is no host.
    new URL(`http://${host}`);
    return new URL(req.url ?? "/", `http://${host}`);
  } catch {
    return undefined;
  }
}

/** The most hosts a guard keeps as read (a listener is asked under one or two). */
const HOSTS_KEPT = 100;
/**
 * A target in origin form (`/path?query`) whose second character starts no authority (`//`, and `/\`, which a URL reads
 * as `//`) and which holds no tab or line break (which a URL drops, making `/\t/` a `//`): under a base that is a URL,
 * it always makes one (its other characters are escaped, never refused).
 */
const ORIGIN_FORM = /^\/(?![/\\])[^\t\n\r]*$/;

/**
 * Whether a request names an address (requestTarget), its Host read once: the guard asked it at every request, two URLs
 * parsed each time (some 2–3 % of a mock's CPU a request). A request in origin form under a Host already read is one.
 */
function addressReader(): (req: Pick<IncomingMessage, "url" | "headers">) => boolean {
  const hosts = new Set<string>();
  return (req) => {
    const host = req.headers.host ?? "localhost";
    if (hosts.has(host) && ORIGIN_FORM.test(req.url ?? "/")) return true;
    const named = requestTarget(req) !== undefined;
    if (named && hosts.size < HOSTS_KEPT) hosts.add(host);
    return named;
  };
}

/** Outside text (a request line, an id) as one log line shows it: cut, then every control character escaped. */
export function shownText(value: string): string {
  return lineText(value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value);
}

/**
 * `listener` behind the guard: a request naming no address gets 400, one the listener throws on a 500; each is logged.
 */
export function guardedListener(listener: RequestListener, log: (line: string) => void): RequestListener {
  const namesAddress = addressReader();
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!namesAddress(req)) {
      log(
        `refused a request naming no address: ${shownText(`${req.method ?? ""} ${req.url ?? ""}`)}, ` +
          `Host ${shownText(String(req.headers.host ?? ""))} (400)`,
      );
      return refuse(req, res, 400, "the request names no address\n");
    }
    try {
      const returned = listener(req, res) as unknown;
      // A listener may be async: its rejection is this request's failure, not an unhandled one.
      if (returned instanceof Promise) returned.catch((e: unknown) => failed(req, res, e, log));
    } catch (e) {
      failed(req, res, e, log);
    }
  };
}

function failed(req: IncomingMessage, res: ServerResponse, e: unknown, log: (line: string) => void): void {
  log(`a request could not be answered (500): ${shownText(e instanceof Error ? e.message : String(e))}`);
  refuse(req, res, 500, "not answered\n");
}

/** The answer, then the connection closed: what is left of the request is never read. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, body: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", connection: "close" });
  res.end(body, () => req.destroy());
}
