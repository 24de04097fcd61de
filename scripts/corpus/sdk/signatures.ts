// A request signed with AWS Signature Version 4 (auth.sigv4) compared as AWS reads it: two clients sign at different
// instants and over different headers (an SDK signs its own telemetry headers too), so the signature, its date and
// its headers never match byte for byte. What matters is whether AWS would take each: the signature recomputed by
// AWS's own signer from the request as received (the contract suite's judge, src/contract/request/signature-check.ts)
// and its scope. The Authorization header is compared as that reading, and the signature's own headers (X-Amz-Date,
// X-Amz-Content-Sha256, the declared X-Amz-* query-signing headers) are left out of the comparison.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { signatureProblem, signingOf } from "../../../src/contract/request/signature-check.js";
import type { CanonicalRequest } from "./canonical.js";
import type { Recorded } from "./recorder.js";

/** The headers of the signature itself: compared through the Authorization header's reading. */
const SIGNATURE_OWN = /^x-amz-(date|content-sha256|algorithm|credential|signature|signedheaders)$/i;

export interface SignatureReading {
  /** The header names to compare, without the signature's own. */
  names: string[];
  /** Writes each request's Authorization as AWS reads it. */
  read(recorded: Recorded, canonical: CanonicalRequest): Promise<void>;
}

/** For a call that signs, how its requests' signatures are compared; undefined for any other call. */
export function signatureReading(
  tool: ToolSpec,
  input: Record<string, unknown>,
  names: string[],
): SignatureReading | undefined {
  const signing = signingOf(tool, input);
  if (!signing) return undefined;
  const { keys, scope } = signing;
  return {
    names: names.filter((n) => !SIGNATURE_OWN.test(n)),
    async read(recorded, canonical) {
      const headers = new Headers(recorded.headers);
      const url = new URL(recorded.target, `http://${headers.get("host") ?? "127.0.0.1"}`);
      const problem = await signatureProblem(
        // As text, as the contract suite's exchanges hold it: the bodies of a signed JSON protocol.
        { method: recorded.method, url, headers, rawBody: recorded.body.toString("utf8") },
        keys,
        scope,
      );
      canonical.headers.authorization = problem
        ? `AWS Signature Version 4, refused: ${problem}`
        : `AWS Signature Version 4 by ${scope.region}/${scope.service}, taken by AWS's signer`;
    },
  };
}
