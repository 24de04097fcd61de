// Requests signed with AWS Signature Version 4 (manifest `auth.sigv4`), as a part of the runtime's support
// (call/support.ts `signing`, exported as `requestSigning`): bundled only by a package whose tools declare it.
// Each attempt is signed just before it is sent, after every other header is set (send/attempts.ts), from the request
// as it goes out: method, address, headers and a hash of the body; a retry is signed again (its date has moved on).
// The signature itself is sign-request.ts's (aws4fetch's signer).
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
  if (call.way.type !== "sigv4") return send(fetchFn, request, signal);
  return signRequest(call, request).then((signed) => send(fetchFn, signed, signal));
}

/** The part: what send/attempts.ts sends each attempt with (in transport.ts `send`'s place). */
export const requestSigning = sendSigned;
