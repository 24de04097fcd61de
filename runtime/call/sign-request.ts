// A request signed with AWS Signature Version 4 (manifest `auth.sigv4`), for the tools' calls (request-signing.ts, the
// support part) and the typed client's middleware (client.ts, which loads this module on its first request). A module
// of its own, importing nothing of the runtime's but types and the body it signs (http/sent-body.ts, which imports
// nothing but types; sign-jwt.ts reads it too): a bundler wraps what a dynamic import reaches for lazy loading, and
// through request-signing.ts that was the transport (every bundle's call path), about 90 bytes gzip of books' client
// for nothing (2026-11-27, twelfth round).
// The signing is aws4fetch's (a few kilobytes over WebCrypto, no dependency, runs where fetch does) rather than ours:
// canonical requests have corners (double-encoded paths, sorted queries, folded header spaces) a library has met.
import { AwsV4Signer } from "aws4fetch";
import type { AuthWay, SigV4Spec } from "../spec/tool-types.js";
import type { HttpRequest } from "../http/transport.js";
import { sentBody } from "../http/sent-body.js";

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
  // A multipart body or a file is signed as the bytes sent: read once, sent as read (its boundary kept).
  const { signed: hashed, body } = await sentBody(request, headers);
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
  // S3 signs its path as sent (encoded once, never normalised: AWS's signer's uriEscapePath false); aws4fetch decodes
  // it and encodes it again with `/` kept, so a value's `%2F` (a name holding `/` in one segment) was signed as a `/`
  // the request does not carry.
  if (spec.service === "s3") signer.encodedPath = signer.url.pathname;
  // aws4fetch leaves a pair with an empty name (`?=x`: an object's key "" sent as form pairs) out of the canonical
  // query, and for S3 each pair of a name after the first (`?status=A&status=B`, a list sent exploded); AWS's signer
  // keeps both, as AWS's servers do: the query made as aws4fetch makes it, those pairs kept.
  const names = [...signer.url.searchParams.keys()];
  if (names.includes("") || (spec.service === "s3" && new Set(names).size < names.length))
    signer.encodedSearch = canonicalQuery(signer.url.searchParams);
  const signed = await signer.sign();
  const out: Record<string, string> = {};
  signed.headers.forEach((value, name) => {
    out[signedName(name, headers)] = value;
  });
  return { method: request.method, url: request.url, headers: out, ...(body !== undefined ? { body } : {}) };
}

/** The characters encodeURIComponent leaves that SigV4's URI encoding does not (RFC 3986's reserved ones). */
function encodeRfc3986(text: string): string {
  return text.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A query's canonical form (SigV4): each pair RFC 3986-encoded, sorted by name then value. */
function canonicalQuery(params: URLSearchParams): string {
  const encode = (text: string) => encodeRfc3986(encodeURIComponent(text));
  return [...params]
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
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
