// A request signed with AWS Signature Version 4 (auth.sigv4) judged by AWS's own signer (@smithy/signature-v4,
// bundled as src/vendor/smithy-signature-v4.cjs), an implementation independent of the runtime's (aws4fetch): the
// signature recomputed from the request as received (method, path, query, the headers it says it signed, the body)
// with the test's credentials must be the one sent, and the signed headers must hold host and x-amz-date.
// Signing is asynchronous (its hashes are): each exchange of a signed call is judged once the call has returned
// (call.ts), and the verdict read where the credential is checked (credential-check.ts).
import { createHash, createHmac } from "node:crypto";
import { createRequire } from "node:module";
import { chooseWay, signingRegion, type SigV4Spec, type ToolSpec, wayCredentials } from "@blockwright/runtime/internal";
import type { Exchange } from "../exchange.js";
import { exchangeVerdicts } from "./exchange-verdicts.js";

type SignatureV4Class = typeof import("@smithy/signature-v4").SignatureV4;
type SignedRequest = Parameters<InstanceType<SignatureV4Class>["sign"]>[0];
let signatureV4: SignatureV4Class | undefined;
/** AWS's signer, loaded on the first signature checked: deriving the cases checks none. */
const signerClass = () =>
  (signatureV4 ??= (
    createRequire(import.meta.url)("../../vendor/smithy-signature-v4.cjs") as { SignatureV4: SignatureV4Class }
  ).SignatureV4);

/** The headers a signed request carries besides its own: the contract check takes them as declared. */
export const SIGNATURE_HEADERS = ["authorization", "x-amz-date", "x-amz-security-token", "x-amz-content-sha256"];

/** The credentials a signature is checked with. */
export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** A SigV4 Authorization: the key id, the scope's date, region and service, the signed headers, the signature. */
const AUTHORIZATION = new RegExp(
  "^AWS4-HMAC-SHA256 Credential=([^/,\\s]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, ?" +
    "SignedHeaders=([^,\\s]+), ?Signature=([0-9a-f]{64})$",
);

/** What an exchange's signature was found to be: undefined when right, else what is wrong. */
const verdicts = exchangeVerdicts("signature");

/** The signed credential of the way a call gave, if it signs. */
export function signedWay(tool: ToolSpec, input: Record<string, unknown>): (SigV4Spec & { param: string }) | undefined {
  if (tool.anonymous) return undefined;
  const first = wayCredentials(chooseWay(tool.auth, input))[0];
  return first?.type === "sigv4" ? first : undefined;
}

/**
 * The keys and scope a signed call's requests are signed with, read from its input as the runtime reads it (a
 * parameter it does not give at its default: a signing region's); undefined for a call that does not sign. The judge
 * here and the SDK comparison (scripts/corpus/sdk/) read a signature with it.
 */
export function signingOf(
  tool: ToolSpec,
  input: Record<string, unknown>,
): { keys: SigningKeys; scope: { service: string; region: string } } | undefined {
  const spec = signedWay(tool, input);
  if (!spec) return undefined;
  const token = spec.sessionToken === undefined ? undefined : input[spec.sessionToken];
  const keys: SigningKeys = {
    accessKeyId: String(input[spec.user] ?? ""),
    secretAccessKey: String(input[spec.param] ?? ""),
    ...(typeof token === "string" ? { sessionToken: token } : {}),
  };
  const defaults = tool.params.flatMap((p) => (p.default === undefined ? [] : [[p.name, p.default] as const]));
  return {
    keys,
    scope: { service: spec.service, region: signingRegion(spec, { ...Object.fromEntries(defaults), ...input }) },
  };
}

/** Judge each exchange of a signed call (kept for checkSignature); nothing for a tool that does not sign. */
export async function judgeSignatures(
  tool: ToolSpec,
  input: Record<string, unknown>,
  exchanges: readonly Exchange[],
): Promise<void> {
  const signing = signingOf(tool, input);
  if (!signing) return;
  const { keys, scope } = signing;
  for (const ex of exchanges) verdicts.set(ex, await signatureProblem(ex, keys, scope));
}

/** The verdict judgeSignatures kept for an exchange: what is wrong with its signature, or undefined. */
export const signatureVerdict = verdicts.verdict;

/**
 * What is wrong with a request's signature, recomputed with AWS's signer from the request as received: undefined when
 * it is the one sent. Names what differs (never the secret; the signatures are no secret).
 */
export async function signatureProblem(
  ex: Pick<Exchange, "method" | "url" | "headers" | "rawBody">,
  keys: SigningKeys,
  scope: { service: string; region: string },
): Promise<string | undefined> {
  const authorization = ex.headers.get("authorization");
  if (authorization === null) return "no Authorization header: the request was not signed (auth.sigv4)";
  const parsed = AUTHORIZATION.exec(authorization.trim());
  if (!parsed)
    return (
      "Authorization is not an AWS4-HMAC-SHA256 signature " +
      "(Credential=…/<date>/<region>/<service>/aws4_request, SignedHeaders=…, Signature=…)"
    );
  const [, keyId, day, region, service, signedList = "", signature] = parsed;
  if (keyId !== keys.accessKeyId) return `the signature's Credential names another access key id than the call's`;
  if (region !== scope.region || service !== scope.service)
    return `the signature's scope is ${region}/${service}, the manifest's ${scope.region}/${scope.service}`;
  const signed = signedList.split(";");
  for (const needed of ["host", "x-amz-date"])
    if (!signed.includes(needed)) return `SignedHeaders (${signedList}) omits ${needed}`;
  const date = ex.headers.get("x-amz-date") ?? "";
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!when) return `X-Amz-Date ${JSON.stringify(date)} is not a basic ISO 8601 time (20150830T123600Z)`;
  if (!date.startsWith(day as string)) return `the signature's date ${day} is not X-Amz-Date's day (${date})`;
  const token = ex.headers.get("x-amz-security-token");
  if ((token ?? undefined) !== keys.sessionToken)
    return keys.sessionToken === undefined
      ? "X-Amz-Security-Token was sent, though the call gave no session token"
      : "X-Amz-Security-Token is not the call's session token";
  const bodyHash = ex.headers.get("x-amz-content-sha256");
  if (bodyHash !== null && bodyHash !== "UNSIGNED-PAYLOAD" && bodyHash !== sha256Hex(ex.rawBody))
    return "X-Amz-Content-Sha256 is not the hash of the body received";
  const headers: Record<string, string> = {};
  for (const name of signed) {
    const value = name === "host" ? (ex.headers.get("host") ?? ex.url.host) : ex.headers.get(name);
    if (value === null) return `SignedHeaders names ${name}, which the request does not carry`;
    headers[name] = value;
  }
  // No prototype: a name `constructor` or `toString` is a pair of the query, not a value it already had; a name
  // `__proto__` AWS's signer cannot hold (WholeQuerySigner adds its pairs).
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of ex.url.searchParams) {
    if (k === "__proto__") continue;
    const had = query[k];
    query[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  const signer = new (wholeQuerySigner())(lostPairs(ex.url.searchParams), {
    credentials: keys,
    region: scope.region,
    service: scope.service,
    sha256: NodeSha256,
    uriEscapePath: scope.service !== "s3",
    // The body hash signed as the request carries it: the runtime adds no X-Amz-Content-Sha256 of its own.
    applyChecksum: false,
  });
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, sec = 0] = when.slice(1).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
  const recomputed = await signer.sign(
    {
      method: ex.method,
      protocol: ex.url.protocol,
      hostname: ex.url.hostname,
      ...(ex.url.port ? { port: Number(ex.url.port) } : {}),
      path: ex.url.pathname,
      query,
      headers,
      body: ex.rawBody,
    },
    { signingDate: at, signableHeaders: new Set(signed), unsignableHeaders: new Set() },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(recomputed.headers.authorization ?? ""))?.[1];
  const expectedHeaders = /SignedHeaders=([^,\s]+)/.exec(String(recomputed.headers.authorization ?? ""))?.[1];
  if (expectedHeaders !== signedList)
    return `AWS's signer signs the headers ${expectedHeaders ?? "?"}, the request says ${signedList}`;
  return expected === signature
    ? undefined
    : `the signature does not match the request as received (AWS's signer computes another from its method, ` +
        `path, query, signed headers and body with the call's credentials)`;
}

/**
 * AWS's signer keeps a query in an object keyed by its names, where a name `__proto__` (a random input's key: an
 * object sent as form pairs) sets the object's prototype and is lost: it signed the query without that pair, which
 * AWS's servers (not JavaScript) sign. Its canonical query here has those pairs back, each where AWS sorts it (by
 * name, then by the pair's text), escaped as AWS escapes (RFC 3986's unreserved characters kept); the rest is its own.
 */
let wholeQuery: ReturnType<typeof makeWholeQuerySigner> | undefined;
const wholeQuerySigner = () => (wholeQuery ??= makeWholeQuerySigner(signerClass()));

function makeWholeQuerySigner(SignatureV4: SignatureV4Class) {
  return class WholeQuerySigner extends SignatureV4 {
    constructor(
      private readonly lost: string[],
      options: ConstructorParameters<SignatureV4Class>[0],
    ) {
      super(options);
    }
    protected override createCanonicalRequest(request: SignedRequest, headers: Record<string, string>, hash: string) {
      const canonical = super.createCanonicalRequest(request, headers, hash);
      if (!this.lost.length) return canonical;
      const lines = canonical.split("\n");
      const pairs = [...(lines[2] ? lines[2].split("&") : []), ...this.lost];
      const name = (pair: string) => pair.slice(0, pair.indexOf("="));
      pairs.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a < b ? -1 : a > b ? 1 : 0));
      lines[2] = pairs.join("&");
      return lines.join("\n");
    }
  };
}

/** The query's pairs AWS's signer loses (a name `__proto__`), as canonical `name=value` texts. */
function lostPairs(query: URLSearchParams): string[] {
  const uriEscape = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [...query].filter(([name]) => name === "__proto__").map(([name, value]) => `${name}=${uriEscape(value)}`);
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** SHA-256 and its HMAC as AWS's signer asks for them (its Checksum interface), over node:crypto. */
class NodeSha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(private readonly secret?: string | Uint8Array | ArrayBuffer | ArrayBufferView) {
    this.hash = this.fresh();
  }
  private fresh() {
    if (this.secret === undefined) return createHash("sha256");
    const key =
      typeof this.secret === "string"
        ? Buffer.from(this.secret, "utf8")
        : ArrayBuffer.isView(this.secret)
          ? Buffer.from(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength)
          : Buffer.from(this.secret);
    return createHmac("sha256", key);
  }
  update(data: string | Uint8Array): void {
    this.hash.update(typeof data === "string" ? Buffer.from(data, "utf8") : data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}
