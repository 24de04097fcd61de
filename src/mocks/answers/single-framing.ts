// An answer framed one way: Prism gives a binary example (a file) both a Content-Length and `Transfer-Encoding:
// chunked`, which fetch refuses as no HTTP/1.1; the length is kept, the chunking dropped.
import type { RequestListener } from "node:http";

/** `listener` with each answer's head written with one framing. */
export function withSingleFraming(listener: RequestListener): RequestListener {
  return (req, res) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      const headers = args.find(
        (a): a is Record<string, unknown> => a !== null && typeof a === "object" && !Array.isArray(a),
      );
      const lengthIn = (h: Record<string, unknown> | undefined) =>
        h !== undefined && Object.keys(h).some((k) => k.toLowerCase() === "content-length");
      if (lengthIn(headers) || res.hasHeader("content-length")) {
        res.removeHeader("transfer-encoding");
        if (headers)
          for (const k of Object.keys(headers)) if (k.toLowerCase() === "transfer-encoding") delete headers[k];
      }
      return writeHead(...args);
    }) as typeof res.writeHead;
    return listener(req, res);
  };
}
