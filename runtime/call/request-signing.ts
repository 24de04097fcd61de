// Requests signed with AWS Signature Version 4 (manifest `auth.sigv4`), as a part of the runtime's support
// (call/support.ts `signing`, exported as `requestSigning`): bundled only by a package whose tools declare it.
// Each attempt is signed just before it is sent, after every other header is set (single-call.ts), from the request
// as it goes out: method, address, headers and a hash of the body; a retry is signed again (its date has moved on).
// The signing is aws4fetch's (a few kilobytes over WebCrypto, no dependency, runs where fetch does) rather than ours:
// canonical requests have corners (double-encoded paths, sorted queries, folded header spaces) a library has met.
import { AwsV4Signer } from "aws4fetch";
import type { AuthWay, SigV4Spec } from "../spec/tool-types.js";
import { type FetchLike, type HttpRequest, send } from "../http/transport.js";

/** The headers a signature adds: an earlier attempt's (or a previous page's, copied) are replaced, not kept. */
const SIGNATURE_HEADERS = new Set(["authorization", "x-amz-date", "x-amz-security-token", "x-amz-content-sha256"]);

/** What a signature is made with: the way a call uses, its secret access key, and the call's values. */
export interface SigningCall {
  way: AuthWay;
  credential: string;
  values: Record<string, unknown>;
}

/**
 * `request` signed for the way's SigV4 credential, a new request (the one given is left unsigned for the next
 * attempt); the request as it is when the way signs nothing. `datetime` (`20150830T123600Z`) fixes the signing time
 * (tests of known vectors); else now.
 */
export async function signRequest(call: SigningCall, request: HttpRequest, datetime?: string): Promise<HttpRequest> {
  const spec = call.way.type === "sigv4" ? call.way : undefined;
  if (!spec) return request;
  const headers: Record<string, string> = {};
  for (const name in request.headers)
    if (!SIGNATURE_HEADERS.has(name.toLowerCase())) headers[name] = request.headers[name] as string;
  // A multipart body or a file is signed as the bytes sent: read once here, sent as read (its boundary kept).
  let body = request.body;
  let hashed: string | ArrayBuffer | undefined = typeof body === "string" ? body : undefined;
  if (body !== undefined && typeof body !== "string") {
    const read = new Request(request.url, { method: request.method, body });
    hashed = await read.arrayBuffer();
    const type = read.headers.get("content-type");
    if (type !== null && !Object.keys(headers).some((k) => k.toLowerCase() === "content-type"))
      headers["Content-Type"] = type;
    body = new Blob([hashed]);
  }
  const sessionToken = spec.sessionToken === undefined ? undefined : call.values[spec.sessionToken];
  const signer = new AwsV4Signer({
    method: request.method,
    url: request.url,
    headers,
    ...(hashed !== undefined ? { body: hashed } : {}),
    accessKeyId: String(call.values[spec.user] ?? ""),
    secretAccessKey: call.credential,
    ...(typeof sessionToken === "string" && sessionToken !== "" ? { sessionToken } : {}),
    service: spec.service,
    region: signingRegion(spec, call.values),
    ...(datetime !== undefined ? { datetime } : {}),
  });
  // SigV4 folds runs of spaces and tabs in a header's value, AWS's signer as well; aws4fetch folds every whitespace
  // character (`\s`: a no-break space, a form feed), which AWS keeps: its canonical headers made as AWS makes them.
  signer.canonicalHeaders = signer.signableHeaders
    .map(
      (name) =>
        `${name}:${name === "host" ? signer.url.host : (signer.headers.get(name) ?? "").replace(/[ \t]+/g, " ")}`,
    )
    .join("\n");
  const signed = await signer.sign();
  const out: Record<string, string> = {};
  signed.headers.forEach((value, name) => {
    out[signedName(name, headers)] = value;
  });
  return { method: request.method, url: request.url, headers: out, ...(body !== undefined ? { body } : {}) };
}

/** The region a request is signed for: the manifest's, or its parameter's value (a server variable's). */
export function signingRegion(spec: SigV4Spec, values: Record<string, unknown>): string {
  const given = spec.regionParam === undefined ? undefined : values[spec.regionParam];
  return typeof given === "string" && given !== "" ? given : (spec.region ?? "");
}

/** A header's name as the request had it (Headers lowers every name), the signature's as AWS writes them. */
function signedName(lower: string, before: Record<string, string>): string {
  for (const name in before) if (name.toLowerCase() === lower) return name;
  return SIGNED_NAMES[lower] ?? lower;
}

const SIGNED_NAMES: Record<string, string> = {
  authorization: "Authorization",
  "x-amz-date": "X-Amz-Date",
  "x-amz-security-token": "X-Amz-Security-Token",
  "x-amz-content-sha256": "X-Amz-Content-Sha256",
};

/**
 * Send one attempt (single-call.ts, in transport.ts `send`'s place): signed afresh, after every other header, when the
 * call's way signs; as it is otherwise.
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

/** The part: what single-call.ts sends each attempt with (in transport.ts `send`'s place). */
export const requestSigning = sendSigned;
