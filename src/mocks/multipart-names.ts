// Prism's multipart reader splits a part's Content-Disposition on `;` and
// each parameter on `=` before it unquotes, then decodes each part's name as
// a URI component: a quoted name or filename holding `=` or `;`, or a name
// holding a `%` no escape follows (a free-form key of a field written as a
// form's pairs, `labels[a=b]`, `labels[50%]`), threw inside Prism and ended
// the mock. Names are written percent-encoded for Prism alone (`%`, `=`, `;`:
// its decoding gives the name sent back), filenames likewise; the body's
// other bytes are untouched, and what the client sent is the suite's to check
// (its exchange keeps the bytes).
import type { IncomingMessage, RequestListener } from "node:http";
import { Readable } from "node:stream";

const MULTIPART = /^multipart\/form-data\b/i;
/** A quoted name or filename parameter of a part's Content-Disposition line. */
const QUOTED = /(\r\ncontent-disposition:[^\r\n]*)/gi;
const PARAM = /(\b(?:name|filename)=")([^"\r\n]*)(")/gi;

/**
 * The body with `%`, `=` and `;` inside each part's quoted name and filename percent-encoded (bytes otherwise as sent).
 */
export function readableNames(body: Buffer): Buffer {
  // latin1 maps each byte to one character and back: a UTF-8 or binary body is kept byte for byte.
  const text = body.toString("latin1");
  const out = text.replace(QUOTED, (line: string) =>
    line.replace(
      PARAM,
      (_m, open: string, value: string, close: string) =>
        `${open}${value.replace(/%/g, "%25").replace(/=/g, "%3D").replace(/;/g, "%3B")}${close}`,
    ),
  );
  return out === text ? body : Buffer.from(out, "latin1");
}

export function withReadableMultipartNames(listener: RequestListener): RequestListener {
  return (req, res) => {
    if (!MULTIPART.test(req.headers["content-type"] ?? "")) return listener(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", () => res.destroy());
    req.once("end", () => {
      const body = readableNames(Buffer.concat(chunks));
      const headers = { ...req.headers, "content-length": String(body.length) };
      delete headers["transfer-encoding"];
      const stream = Readable.from(body.length ? [body] : []);
      listener(
        Object.assign(stream, {
          method: req.method,
          url: req.url,
          headers,
          rawHeaders: req.rawHeaders,
          httpVersion: req.httpVersion,
          socket: req.socket,
          connection: req.socket,
        }) as unknown as IncomingMessage,
        res,
      );
    });
  };
}
