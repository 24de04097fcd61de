// A request's body as each request signer signs it and sends it (call/sign-request.ts, SigV4; call/signed-jwt/
// sign-jwt.ts, a JWT's bodyHash): the bytes signed must be the bytes that go out. A module of its own, importing
// nothing of the runtime's but types: each signer is loaded lazily, and a bundler wraps what a dynamic import reaches
// for lazy loading (call/sign-request.ts says why that matters).
import type { HttpRequest } from "./transport.js";

/** What a signer signs (a text as it is, other bodies' bytes, none without a body) and the body it then sends. */
export interface SentBody {
  signed: string | ArrayBuffer | undefined;
  body: HttpRequest["body"];
}

/**
 * `request`'s body to sign and send. A multipart body or a file is read once here and sent as read, as a Blob of its
 * bytes (read twice, a stream's would differ or be gone); the content type reading it gave (a multipart boundary) is
 * added to `headers` where they name none, so that the bytes sent still say how to read them.
 */
export async function sentBody(request: HttpRequest, headers: Record<string, string>): Promise<SentBody> {
  const body = request.body;
  if (body === undefined || typeof body === "string") return { signed: body, body };
  const read = new Request(request.url, { method: request.method, body });
  const bytes = await read.arrayBuffer();
  const type = read.headers.get("content-type");
  if (type !== null && !Object.keys(headers).some((k) => k.toLowerCase() === "content-type"))
    headers["Content-Type"] = type;
  return { signed: bytes, body: new Blob([bytes]) };
}
