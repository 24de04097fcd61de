// A request body of one text (`text/plain`): the suite's check that a parameter reached the wire read the body as
// JSON, so a text that is also a JSON value (`0`, `true`, `null`, `"x"`) read as that value and the case failed
// ('body as sent: expected "0", got 0') though the request was right. The body of one text is read as it is.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import type { Exchange } from "../exchange.js";
import { expectSent, sentValue } from "./sent-value.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-text-body-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqnotes", {
  "/zqnotes": {
    put: {
      operationId: "putZqnote",
      requestBody: { required: true, content: { "text/plain": { schema: { type: "string" } } } },
      responses: { "204": { description: "kept" } },
    },
  },
});
const manifest = keyedManifest(
  "zqnotes",
  `  zqnotes_put:
    operationId: putZqnote
    title: Put a note
    description: Put a note.
    params:
      text: { type: string, required: true, description: The note., wire: { in: body, pointer: "" } }
    outputs:
      metadata.status: { type: number, from: $statusCode, description: The status. }
`,
);
const { tool, linked } = await linkedTool(work, "zqnotes", openapi, manifest, "zqnotes_put");

/** The request a call sends with `text`, as the suite's exchange reads it (its body parsed where it is JSON). */
async function sent(text: string): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response(null, { status: 204 });
  };
  const result = await executeToolDefinition(
    tool,
    { apiKey: "zq-key-0001", text },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  expect(result).toMatchObject({ success: true });
  const request = captured as Request;
  const rawBody = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = rawBody;
  }
  const url = new URL(request.url);
  return {
    ...{ method: request.method, url, search: url.search, headers: new Headers(request.headers), rawBody, body },
    ...{ status: 204, responseHeaders: new Headers(), responseBody: "", violations: [], at: 0 },
  };
}

describe("a request body of one text", () => {
  it.each(["0", "true", "null", '"quoted"', "[1]", "plain words, é ✓\nsecond line"])(
    "reads back as the text sent: %j",
    async (text) => {
      const ex = await sent(text);
      expect(tool.body).toMatchObject({ encoding: "text", mediaType: "text/plain" });
      // A text holding characters outside ASCII says their encoding; one of ASCII alone goes as the document types it.
      const charset = [...text].some((c) => c.charCodeAt(0) > 0x7f) ? "; charset=utf-8" : "";
      expect(ex.headers.get("content-type")).toBe(`text/plain${charset}`);
      const param = tool.params.find((p) => p.name === "text")!;
      expect(sentValue(ex, tool, linked.document, param)).toBe(text);
      expect(() => expectSent(ex, tool, linked.document, param, text)).not.toThrow();
    },
  );
});
