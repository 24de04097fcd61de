// The SDK comparison's reading of a signed request (auth.sigv4): two clients' signatures never match byte for byte
// (another instant, other signed headers), so each is read as AWS reads it, by AWS's own signer: taken, or refused
// with the reason; the signature's own headers leave the comparison. And a versioned JSON protocol's media type
// (`application/x-amz-json-1.1`) is read as JSON, as the SDK of such an API sends it.
import { signRequest, type ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { bareTool } from "../../../test-support/runtime/bare-tool.js";
import { canonical } from "./canonical.js";
import type { Recorded } from "./recorder.js";
import { signatureReading } from "./signatures.js";

const way = {
  type: "sigv4",
  param: "zqSecretKey",
  user: "zqKeyId",
  sessionToken: "zqToken",
  service: "zqservice",
  regionParam: "zqRegion",
} as const;
const tool: ToolSpec = bareTool("zq_list_things", {
  path: "/",
  server: { default: "https://zq.zqcloud.com" } as ToolSpec["server"],
  auth: way as unknown as ToolSpec["auth"],
  params: [{ name: "zqRegion", type: "string", default: "zq-north-1" }] as unknown as ToolSpec["params"],
});
const input = { zqSecretKey: "zqsecretzqsecretzqsecret", zqKeyId: "AKIAZQEXAMPLE0001", zqToken: "zqtoken0001" };
const body = JSON.stringify({ MaxResults: 5 });

/** A request as the recorder keeps it, signed by the runtime for `values` (the signed host is the recorder's). */
async function recorded(values: Record<string, unknown>): Promise<Recorded> {
  const signed = await signRequest(
    { way: way as never, credential: input.zqSecretKey, values },
    {
      method: "POST",
      url: "http://127.0.0.1:9/?zq=1",
      headers: { "Content-Type": "application/x-amz-json-1.1", "X-Amz-Target": "ZqService.ListThings" },
      body,
    },
  );
  const headers: Record<string, string> = { host: "127.0.0.1:9" };
  for (const [k, v] of Object.entries(signed.headers)) headers[k.toLowerCase()] = v;
  return { method: "POST", target: "/?zq=1", headers, body: Buffer.from(body) };
}

describe("a signed request in the SDK comparison", () => {
  it("reads a signature AWS's signer takes as taken, with its scope, the region at its default", async () => {
    const reading = signatureReading(tool, input, ["x-amz-target", "x-amz-date", "X-Amz-Content-Sha256"]);
    expect(reading?.names).toEqual(["x-amz-target"]);
    const request = await recorded({ ...input, zqRegion: "zq-north-1" });
    const read = canonical(request);
    await reading?.read(request, read);
    expect(read.headers.authorization).toBe("AWS Signature Version 4 by zq-north-1/zqservice, taken by AWS's signer");
    expect(read.body).toEqual({ kind: "json", value: { MaxResults: 5 } });
  });

  it("reads one signed for another region, or over a body that changed, as refused, naming why", async () => {
    const reading = signatureReading(tool, input, []);
    const elsewhere = await recorded({ ...input, zqRegion: "zq-south-2" });
    const read = canonical(elsewhere);
    await reading?.read(elsewhere, read);
    expect(read.headers.authorization).toBe(
      "AWS Signature Version 4, refused: the signature's scope is zq-south-2/zqservice, the manifest's " +
        "zq-north-1/zqservice",
    );
    const changed = {
      ...(await recorded({ ...input, zqRegion: "zq-north-1" })),
      body: Buffer.from('{"MaxResults":6}'),
    };
    const readChanged = canonical(changed);
    await reading?.read(changed, readChanged);
    expect(readChanged.headers.authorization).toMatch(/^AWS Signature Version 4, refused: /);
  });

  it("leaves a call that does not sign as it is", () => {
    expect(signatureReading(bareTool("zq_get", { path: "/", server: tool.server }), {}, ["x-amz-date"])).toBe(
      undefined,
    );
  });
});
