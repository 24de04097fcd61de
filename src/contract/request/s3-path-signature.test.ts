// A request to S3 (auth.sigv4, service s3) whose path holds a value with `/` in one segment, sent as `%2F` (an access
// point's name in a storage control API, a random valid input): S3 signs the path as sent, encoded once, as AWS's own
// signer does with uriEscapePath false; aws4fetch decoded it and encoded it again with its `/` kept, so the runtime
// signed a path the request did not carry and the judge refused every such case ("the signature does not match").
import { signRequest } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { signatureProblem } from "./signature-check.js";

const KEYS = { accessKeyId: "AKIAZQEXAMPLE0000001", secretAccessKey: "zqSecretAccessKey0123456789abcdef" };
const way = { type: "sigv4", user: "accessKeyId", service: "s3", region: "us-east-1" } as const;

async function judged(service: string, path: string): Promise<string | undefined> {
  const signed = await signRequest(
    { way: { ...way, service } as never, credential: KEYS.secretAccessKey, values: { accessKeyId: KEYS.accessKeyId } },
    { method: "DELETE", url: `https://zq-control.example.test${path}`, headers: {} },
  );
  const url = new URL(signed.url);
  return signatureProblem({ method: "DELETE", url, headers: new Headers(signed.headers), rawBody: "" }, KEYS, {
    service,
    region: "us-east-1",
  });
}

describe("a signed request whose path holds an encoded / in one segment", () => {
  it("is signed as sent for S3, and as AWS's signer encodes it for another service", async () => {
    expect(await judged("s3", "/v20180820/accesspoint/zq%2F%20%20%20")).toBeUndefined();
    expect(await judged("s3", "/v20180820/accesspoint/zq-point/zq%2Fkey%27s")).toBeUndefined();
    expect(await judged("zqsign", "/v1/zqpoints/zq%2F%20one")).toBeUndefined();
  });

  it("is signed with each pair of a name a query repeats, for S3 as for another service", async () => {
    expect(await judged("s3", "/v20180820/jobs?jobStatuses=Active&jobStatuses=Complete&zq=1")).toBeUndefined();
    expect(await judged("s3", "/v20180820/jobs?jobStatuses=Active&jobStatuses=Active")).toBeUndefined();
    expect(await judged("zqsign", "/v1/zqjobs?zqs=b&zqs=a")).toBeUndefined();
  });
});
