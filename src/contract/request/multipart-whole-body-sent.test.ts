// A multipart body whose schema says nothing of its fields (`multipart/form-data: {schema: {}}`), drafted as one JSON
// parameter holding the whole body: the runtime sends its members as parts, and the suite's check that the value
// reached the wire wanted the whole object as one part's JSON text ("body as sent (body /): expected "{}", got {}").
// It wants each member as the part it is sent as.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import type { Exchange } from "../exchange.js";
import { expectSent } from "./sent-value.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-multipart-whole-body-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqnotes", {
  "/zqnotes/{id}/attachments": {
    post: {
      operationId: "attachZqnote",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      requestBody: { content: { "multipart/form-data": { schema: {} } } },
      responses: { "200": { description: "ok" } },
    },
  },
});

const manifest = keyedManifest(
  "zqnotes",
  `  zqnotes_attach:
    operationId: attachZqnote
    title: Attach to a note
    description: Attach to a note.
    params:
      id:
        type: string
        maxLength: 64
        required: true
        description: The note.
        wire: { in: path }
      body:
        type: json
        description: The request body.
        wire: { in: body, pointer: "" }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);

const { linked, tool } = await linkedTool(work, "zqnotes", openapi, manifest, "zqnotes_attach");

/** The exchange as the suite records it: a multipart body as its parts, text as it is. */
async function sent(input: Record<string, unknown>): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response(null, { status: 200 });
  };
  expect(await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch })).toMatchObject({
    success: true,
  });
  const request = captured as Request;
  const rawBody = await request.clone().text();
  const parts: Record<string, unknown> = {};
  if (rawBody)
    for (const [name, value] of await request.formData())
      Object.defineProperty(parts, name, { value, enumerable: true, writable: true, configurable: true });
  const url = new URL(request.url);
  return {
    method: "POST",
    url,
    search: url.search,
    headers: new Headers(request.headers),
    rawBody,
    body: parts,
    status: 200,
    responseHeaders: new Headers(),
    responseBody: "",
    violations: [],
    at: 0,
  };
}

describe("a multipart body of unnamed fields, one JSON parameter holding it whole", () => {
  it("is sent as its members' parts, each read back as the part it is", async () => {
    const body = tool.params.find((p) => p.name === "body")!;
    // A null member is no part; a member named `__proto__` (an empty list: no part) is a member like any, not the
    // read-back's prototype.
    const proto = JSON.parse('{"__proto__": [], "zqnote": "hi"}') as Record<string, unknown>;
    for (const value of [{}, { zqnote: "hi", zqmeta: { zqsize: 2 }, zqgone: null }, proto]) {
      const ex = await sent({ apiKey: "zq-key-0001", id: "zq-1", body: value });
      expect(() => expectSent(ex, tool, linked.document, body, value)).not.toThrow();
    }
  });
});
