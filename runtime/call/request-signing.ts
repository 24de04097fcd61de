// Requests signed with AWS Signature Version 4 (manifest `auth.sigv4`), as a part of the runtime's support
// (call/support.ts `signing`, exported as `requestSigning`): bundled only by a package whose tools declare it.
// Each attempt is signed just before it is sent, after every other header is set (send/attempts.ts), from the request
// as it goes out: method, address, headers and a hash of the body; a retry is signed again (its date has moved on).
// The signature itself is sign-request.ts's (aws4fetch's signer). A request carrying a JWT bound to it (manifest
// `auth.signedJwt`) is given one made anew each attempt and page the same way, by signed-jwt/sign-jwt.ts (jose's
// signer), loaded on the first such request: a package that signs with SigV4 bundles none of it.
import { type FetchLike, type HttpRequest, send } from "../http/transport.js";
import { type SigningCall, signRequest } from "./sign-request.js";

export { type SigningCall, signRequest, signingRegion } from "./sign-request.js";

/**
 * Send one attempt (send/attempts.ts, in transport.ts `send`'s place): signed afresh, after every other header,
 * when the call's way signs; as it is otherwise.
 */
export function sendSigned(
  fetchFn: FetchLike,
  request: HttpRequest,
  signal: AbortSignal | undefined,
  call: SigningCall,
): Promise<Response> {
  if (call.way.type === "signedJwt") return sendWithJwt(fetchFn, request, signal, call);
  if (call.way.type !== "sigv4") return send(fetchFn, request, signal);
  return signRequest(call, request).then((signed) => send(fetchFn, signed, signal));
}

/**
 * One attempt with its own JWT (auth.signedJwt): the token withheld like a secret wherever the call's secrets are
 * (an answer echoing it, an error), and a key that cannot sign refused before the request leaves (send/attempts.ts
 * reads `refused`).
 */
async function sendWithJwt(
  fetchFn: FetchLike,
  request: HttpRequest,
  signal: AbortSignal | undefined,
  call: SigningCall & { secrets?: string[] },
): Promise<Response> {
  const { signJwtRequest } = await import("./signed-jwt/sign-jwt.js");
  const signed = await signJwtRequest(call, request);
  const { header = "", prefix = "" } = call.way as { header?: string; prefix?: string };
  const sent = signed.headers[header];
  // The header as sent and the bare token, which an answer may quote without its prefix.
  if (sent !== undefined && call.secrets)
    for (const text of [sent, sent.slice(prefix.length)]) if (!call.secrets.includes(text)) call.secrets.push(text);
  return send(fetchFn, signed, signal);
}

/** The part: what send/attempts.ts sends each attempt with (in transport.ts `send`'s place). */
export const requestSigning = sendSigned;
