// An XML body through a real socket: the values placed at their pointers written as the tool's `body.xml` says, sent
// with the document's Content-Type, signed (SigV4) over the bytes as sent, and a value XML cannot carry refused before
// any request, naming the field.
import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bareTool } from "../../../test-support/runtime/bare-tool.js";
import { server } from "../../../test-support/runtime/loopback-server.js";
import { executeToolDefinition } from "../../execute/execute.js";
import type { ToolSpec } from "../../spec/tool-types.js";
import { createExecutor } from "../../execute/executor.js";
import { fullSupport } from "../../execute/full-support.js";
import { requestBodies } from "../request-body.js";

let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  upstream = await server(() => ({ status: 204 }));
});
afterAll(() => upstream.close());

const auth = (p: object) => ({ ...p, title: "", description: "", visibility: "user-only", wire: { in: "auth" } });
const field = (name: string, type: string, pointer: string, required = false) => ({
  name,
  type,
  title: "",
  description: "",
  required,
  secret: false,
  wire: { in: "body", pointer },
});

function tagging(url: string): ToolSpec {
  return bareTool("zq_put_tagging", {
    method: "PUT",
    path: "/zqbuckets/zqb?tagging",
    successStatuses: [204],
    server: { default: url, hosts: ["127.0.0.1"] },
    auth: { type: "sigv4", param: "zqSecret", user: "zqKeyId", service: "zqsvc", region: "us-east-1" },
    body: {
      mediaType: "text/xml",
      encoding: "xml",
      xml: {
        fields: {
          ZqTagging: {
            namespace: "https://zq.example/doc",
            fields: {
              ZqOwner: { attribute: true, name: "owner" },
              ZqTagSet: { wrapped: true, items: { name: "Tag" } },
            },
          },
        },
      },
    },
    params: [
      auth({ name: "zqKeyId", type: "string", required: true, secret: false }),
      auth({ name: "zqSecret", type: "string", required: true, secret: true }),
      field("owner", "string", "/ZqTagging/ZqOwner"),
      field("tags", "json", "/ZqTagging/ZqTagSet", true),
    ],
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);
}

const KEYS = { zqKeyId: "AKIAZQEXAMPLE0000001", zqSecret: "zq/secret+key=0123456789abcdef" };

describe("an XML body on the wire", () => {
  it("is written by the XML request bodies: a caller given the plain ones is refused before any request", async () => {
    const before = upstream.received.length;
    const execute = createExecutor({ zqPutTagging: tagging(upstream.url) }, { ...fullSupport, bodies: requestBodies });
    expect(await execute("zqPutTagging", { ...KEYS, tags: [] })).toMatchObject({
      success: false,
      error: { rule: "support", message: expect.stringContaining("pass xmlBodies") },
    });
    expect(upstream.received.length).toBe(before);
  });

  it("is written as the shape says, typed as the document says, and signed over the bytes sent", async () => {
    const tool = tagging(upstream.url);
    const before = upstream.received.length;
    const result = await executeToolDefinition(tool, {
      ...KEYS,
      owner: `zq "o" & <p>`,
      tags: [
        { Key: "zq-a", Value: "1 < 2" },
        { Key: "zq-b", Value: "it's" },
      ],
    });
    expect(result, JSON.stringify(result)).toMatchObject({ success: true });
    const got = upstream.received[before];
    expect(got?.headers["content-type"]).toBe("text/xml");
    expect(got?.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><ZqTagging xmlns="https://zq.example/doc" ' +
        'owner="zq &quot;o&quot; &amp; &lt;p&gt;"><ZqTagSet><Tag><Key>zq-a</Key><Value>1 &lt; 2</Value></Tag>' +
        "<Tag><Key>zq-b</Key><Value>it&apos;s</Value></Tag></ZqTagSet></ZqTagging>",
    );
    // The signature, made again over what the server received, is the one sent: the body hashed is the body sent.
    const { authorization, ...headers } = got?.headers ?? {};
    const again = new AwsV4Signer({
      method: "PUT",
      url: `${upstream.url}${got?.url}`,
      headers: Object.fromEntries(
        Object.entries(headers).filter(([k]) => ["accept", "content-type", "x-amz-date"].includes(k)) as [
          string,
          string,
        ][],
      ),
      body: got?.body ?? "",
      accessKeyId: KEYS.zqKeyId,
      secretAccessKey: KEYS.zqSecret,
      service: "zqsvc",
      region: "us-east-1",
      datetime: String(headers["x-amz-date"]),
    });
    expect((await again.sign()).headers.get("authorization")).toBe(authorization);
  });

  it("refuses a control character before any request, naming the field and the place in it", async () => {
    const before = upstream.received.length;
    const result = await executeToolDefinition(tagging(upstream.url), {
      ...KEYS,
      tags: [{ Key: "zq", Value: "bell\u0007" }],
    });
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "tags",
        rule: "xmlText",
        message: "tags[0].Value: holds U+0007 at index 4, a character an XML body cannot carry",
      },
    });
    expect(upstream.received.length).toBe(before);
  });
});
