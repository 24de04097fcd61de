// A request body of raw bytes the document says are base64 text (`image/jpeg: {type: string, format: byte}`, a cover
// image an upload API takes as base64): the runtime sent the file's bytes as they are, which the document's validators
// (Prism's mock: the body "must match pattern ^[\w\d+\/=]*$") and the service refuse. The link reads the format into
// the body's spec (`contentEncoding: base64`), the runtime sends the bytes base64-encoded under the media type, the
// request judge holds such a body to base64's alphabet, and the suite's check of the whole body counts its characters.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import type { Exchange } from "../exchange.js";
import { documentJudge } from "../../judge/read-back.js";
import { expectSent } from "./sent-value.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-base64-body-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const upload = (format: "byte" | "binary") => ({
  put: {
    operationId: `putZqcover${format}`,
    requestBody: { required: true, content: { "image/jpeg": { schema: { type: "string", format } } } },
    responses: { "202": { description: "taken" } },
  },
});
const openapi = keyedDocument("zqcovers", { "/zqcovers/base64": upload("byte"), "/zqcovers/bytes": upload("binary") });
const operation = (format: string) => `  zqcovers_put_${format}:
    operationId: putZqcover${format}
    title: Put a cover
    description: Put a cover.
    params:
      file:
        type: file
        required: true
        description: The cover.
        wire: { in: body, pointer: "" }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`;
const manifest = keyedManifest("zqcovers", `${operation("byte")}${operation("binary")}`);
const base64 = await linkedTool(work, "zqcovers", openapi, manifest, "zqcovers_put_byte");
const bytes = await linkedTool(work, "zqcovers", openapi, manifest, "zqcovers_put_binary");

/** The request a call sends with `file`, as the suite's exchange of it. */
async function sent(tool: typeof base64.tool, file: Uint8Array): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response(null, { status: 202 });
  };
  const result = await executeToolDefinition(
    tool,
    { apiKey: "zq-key-0001", file },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  expect(result).toMatchObject({ success: true });
  const request = captured as Request;
  const rawBody = Buffer.from(await request.arrayBuffer()).toString("latin1");
  const url = new URL(request.url);
  return {
    ...{ method: request.method, url, search: url.search, headers: new Headers(request.headers), rawBody },
    ...{ body: undefined, status: 202, responseHeaders: new Headers(), responseBody: "", violations: [], at: 0 },
  };
}

// Every byte value, and more of them than one slice of the encoder (32 KiB) holds.
const file = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256);

describe("a raw body the document says is base64 text (format byte)", () => {
  it("is linked as base64 text, and bytes of format binary as they are", () => {
    expect(base64.tool.body).toMatchObject({ encoding: "binary", mediaType: "image/jpeg", contentEncoding: "base64" });
    expect(bytes.tool.body).toMatchObject({ encoding: "binary", mediaType: "image/jpeg" });
    expect(bytes.tool.body).not.toHaveProperty("contentEncoding");
  });

  it("is sent as the file's bytes base64-encoded, under the body's media type", async () => {
    const ex = await sent(base64.tool, file);
    expect(ex.headers.get("content-type")).toBe("image/jpeg");
    expect(ex.rawBody).toBe(Buffer.from(file).toString("base64"));
    const param = base64.tool.params.find((p) => p.name === "file")!;
    expect(() => expectSent(ex, base64.tool, base64.linked.document, param, file)).not.toThrow();
  });

  it("is refused by the request judge when the bytes go as they are, and taken as base64 text", async () => {
    const judge = documentJudge(base64.linked.document, { basePath: "", credential: "present" });
    const judged = (body: Uint8Array) =>
      judge({
        method: "PUT",
        url: "https://api.zqcovers.test/zqcovers/base64",
        headers: new Headers({ "content-type": "image/jpeg", "x-zq-key": "zq-key-0001" }),
        body,
      }).refusals.map((r) => r.message);
    expect(judged(file)).toEqual([
      "sent as image/jpeg bytes, and the document says the body is base64 text (format byte): not base64",
    ]);
    expect(judged(new TextEncoder().encode(Buffer.from(file).toString("base64")))).toEqual([]);
  });

  it("of format binary, is sent as the bytes are", async () => {
    const ex = await sent(bytes.tool, file);
    expect(Buffer.from(ex.rawBody, "latin1").equals(Buffer.from(file))).toBe(true);
  });
});
