// Two parameters in one path segment (`/zqtags/{id}.{format}`), a text format
// holding the literal between them (`um;.dß`): the suite's check that each
// value reached the wire intact split the segment at the last `.`, read the id
// as "0.um;" and failed a request the service reads right. It reads the split
// the request judge reads: the one that meets the document.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectSent } from "./sent-value.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-shared-segment-sent-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqtags", {
  "/zqtags/{id}.{format}": {
    get: {
      operationId: "getZqtag",
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "integer" } },
        { name: "format", in: "path", required: true, schema: { type: "string" } },
      ],
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

const manifest = keyedManifest(
  "zqtags",
  `  zqtags_get_tag:
    operationId: getZqtag
    title: Get a tag
    description: Get a tag.
    params:
      id:
        type: number
        integer: true
        required: true
        description: The tag.
        wire: { in: path }
      format:
        type: string
        maxLength: 64
        required: true
        description: The format.
        wire: { in: path }
    outputs:
      data:
        type: json
        from: $response.body
        description: The tag.
`,
);

const { linked, tool } = await linkedTool(work, "zqtags", openapi, manifest, "zqtags_get_tag");

const sent = (input: Record<string, unknown>) => sentGet(tool, input);

describe("two parameters in one path segment, a value holding the literal between them", () => {
  it("reach the wire intact, read by the split that meets the document", async () => {
    const input = { id: 0, format: "um;.dß" };
    const ex = await sent({ apiKey: "zq-key-0001", ...input });
    expect(ex.url.pathname).toBe("/zqtags/0.um%3B.d%C3%9F");
    for (const param of tool.params.filter((p) => p.name !== "apiKey"))
      expect(() => expectSent(ex, tool, linked.document, param, input[param.name as "id"])).not.toThrow();
  });
});
