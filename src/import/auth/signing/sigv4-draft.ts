// A security scheme that says its requests are signed with AWS Signature Version 4 (an apiKey scheme in the
// Authorization header with `x-amazon-apigateway-authtype: awsSigv4`, or `awsS3`, S3's own SigV4): drafted as
// `auth.sigv4`, not as a key sent as it is (which every mock accepts and AWS refuses). The service is the document's
// signing name (`info.x-aws-signingName`), else the host's label before its region (`{service}.{region}.amazonaws.com`,
// in the first server that has one: a global endpoint often comes first) or a global host's (`{service}.amazonaws.com`;
// a guess either way, said); the region the server's `{region}` variable's parameter, else the host's, else us-east-1
// (said).
// The X-Amz-* headers the documents declare on every operation are the signature's: covered, not drafted.
import type { Manifest, ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { signedWithSigv4 } from "../../../load/security-schemes.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import type { CredentialDraft, Sigv4Draft } from "../credential-draft.js";

type Json = Record<string, unknown>;

/** The headers a signature (and its presigned-query form) puts on a request: the runtime's, never a caller's. */
const SIGNATURE_HEADER = /^x-amz-(date|content-sha256|security-token|algorithm|credential|signature|signedheaders)$/i;

export { signedWithSigv4 as signsWithSigv4 } from "../../../load/security-schemes.js";

/**
 * The credential drafted as a signed one when its only way is one SigV4 scheme: the secret access key its parameter,
 * the signing service found; the draft unchanged otherwise.
 */
export function withSigv4(doc: Json, draft: CredentialDraft): CredentialDraft {
  const [way, ...others] = draft.ways;
  const first = way?.[0];
  if (!first || way.length > 1 || others.length || draft.added || !signedWithSigv4(first.definition)) return draft;
  const info = (doc.info ?? {}) as Json;
  const signingName = info["x-aws-signingName"];
  const hostLabel = serviceOfHosts(serverUrls(doc));
  const sigv4: Sigv4Draft =
    typeof signingName === "string" && /^[a-z0-9][a-z0-9.-]*$/.test(signingName)
      ? { service: signingName, serviceFrom: "signingName" }
      : hostLabel
        ? { service: hostLabel, serviceFrom: "host" }
        : { service: "execute-api", serviceFrom: "none" };
  const param = "secretAccessKey";
  return { ...draft, param, ways: [[{ ...first, param }]], sigv4 };
}

/**
 * The service an AWS host names: the label before the region (`{service}.{region}.amazonaws.com`,
 * `session.qldb.{region}…`) in the first host with a region, else a global endpoint's first label
 * (`{service}.amazonaws.com`, `.amazonaws.com.cn`).
 */
function serviceOfHosts(urls: string[]): string | undefined {
  const hosts = urls.map((url) => /^(?:[a-z]+:)?\/\/([^/?#]+)/i.exec(url)?.[1]?.split(".") ?? []);
  for (const labels of hosts) {
    const at = labels.findIndex((l) => l === "{region}" || /^[a-z]{2}(-gov)?-[a-z]+-\d$/.test(l));
    if (at > 0) return serviceLabel(labels[at - 1]);
  }
  const global = hosts.find((labels) => /^amazonaws\.com(\.cn)?$/.test(labels.slice(1).join(".")));
  return serviceLabel(global?.[0]);
}

function serviceLabel(label: string | undefined): string | undefined {
  return label && /^[a-z0-9][a-z0-9-]*$/.test(label) ? label : undefined;
}

function serverUrls(doc: Json): string[] {
  const servers = Array.isArray(doc.servers) ? (doc.servers as Json[]) : [];
  return servers.flatMap((s) => (typeof s?.url === "string" ? [s.url] : []));
}

/** The manifest's `auth.sigv4` before the region is known (sigv4Region fills it once the server is drafted). */
export function sigv4Auth(sigv4: Sigv4Draft): NonNullable<Manifest["auth"]["sigv4"]> {
  return { accessKeyId: "accessKeyId", sessionToken: "sessionToken", service: sigv4.service, region: "us-east-1" };
}

/** The shared parameters a signed credential adds beside its secret key: the key id and the session token. */
export function sigv4Params(maxLength: number): Record<string, ManifestParam> {
  return {
    accessKeyId: {
      type: "string",
      title: "Access key id",
      required: true,
      // As AWS documents an access key id (IAM's AccessKeyMetadata): word characters, 16 to 128.
      minLength: 16,
      maxLength: 128,
      pattern: "^\\w+$",
      description: "The AWS access key id (AKIA…) the requests are signed with (AWS Signature Version 4).",
    },
    sessionToken: {
      type: "string",
      title: "Session token",
      required: false,
      secret: true,
      maxLength,
      // As AWS STS issues it: base64 text (a no-break space or another folded character could not be signed).
      pattern: "^[A-Za-z0-9+/=]+$",
      description: "A temporary session token (AWS STS), sent as X-Amz-Security-Token and signed, when given.",
    },
  };
}

/**
 * The signing region, once the server is drafted: its `{region}` variable's parameter, else the region the host
 * names, else us-east-1 (a guess, said); and the review notes of what was found or guessed.
 */
export function sigv4Region(manifest: Manifest, sigv4: Sigv4Draft, notes: ReviewNote[]): void {
  const signed = manifest.auth.sigv4;
  if (!signed) return;
  const at = ["auth", "sigv4"];
  const regionParam = manifest.server.variables?.region;
  const hostRegion = /\.([a-z]{2}(?:-gov)?-[a-z]+-\d)\./.exec(
    manifest.server.default ?? manifest.server.url ?? "",
  )?.[1];
  if (regionParam !== undefined) {
    delete signed.region;
    signed.regionParam = regionParam;
  } else if (hostRegion) signed.region = hostRegion;
  else
    notes.push({
      at: [...at, "region"],
      note: "the document's server names no region: us-east-1 is a guess, set the region its requests go to",
    });
  notes.push({
    at,
    note:
      "the document's security scheme signs with AWS Signature Version 4 (x-amazon-apigateway-authtype): every " +
      `request is signed with accessKeyId and secretAccessKey; service ${JSON.stringify(sigv4.service)} ` +
      (sigv4.serviceFrom === "signingName"
        ? "is info.x-aws-signingName"
        : sigv4.serviceFrom === "host"
          ? "is the service a server's host names, a guess: check the service's signing name"
          : "is a guess (the document names no signing name and its host no service): set the signing name") +
      (regionParam !== undefined ? `; the region is the server's {region} (${regionParam})` : ""),
  });
}

/** Whether a declared header is the signature's own (X-Amz-Date, …): covered by the credential, not drafted. */
export function signatureHeader(credential: CredentialDraft, param: { in: string; name: string }): boolean {
  if (!credential.sigv4 || param.in !== "header" || !SIGNATURE_HEADER.test(param.name)) return false;
  credential.covers.add(param.name);
  return true;
}

/** The note on an operation's headers that are the signature's own, one for all of them. */
export function signatureHeadersNote(names: readonly string[]): string {
  return (
    `header parameter${names.length === 1 ? "" : "s"} ${names.join(", ")} ${names.length === 1 ? "is" : "are"} the ` +
    "AWS signature's (auth.sigv4): the runtime sets them when it signs, covered (auth.covers), not drafted"
  );
}
