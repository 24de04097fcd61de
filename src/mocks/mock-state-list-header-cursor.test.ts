// A stateful list paged by a cursor read from its own items (the last record's id) and sent back in a header: the
// stateful mock read a cursor only from the query when it cut the list after the record it names, so the page after
// the last listed every record again (the runtime stopped with PAGINATION_LOOP, or a caller counted each twice). It
// now reads the cursor wherever the paging sends it (a query pair, a header, a body field), as the paging layer does.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../test-support/linked-tool.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-state-header-cursor-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const text = { type: "string" };
const zqnote = { type: "object", required: ["id", "zqlabel"], properties: { id: text, zqlabel: text } };
const one = { description: "a note", content: { "application/json": { schema: zqnote } } };
const openapi = keyedDocument("zqnotes", {
  "/zqnotes": {
    get: {
      operationId: "listZqnotes",
      parameters: [{ name: "X-Zq-After", in: "header", schema: text }],
      responses: {
        "200": {
          description: "a page",
          content: {
            "application/json": {
              schema: { type: "object", required: ["data"], properties: { data: { type: "array", items: zqnote } } },
            },
          },
        },
      },
    },
    post: {
      operationId: "createZqnote",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", properties: { zqlabel: text } } } },
      },
      responses: { "201": one },
    },
  },
  "/zqnotes/{zqnoteId}": {
    get: {
      operationId: "getZqnote",
      parameters: [{ name: "zqnoteId", in: "path", required: true, schema: text }],
      responses: { "200": one },
    },
  },
});
const manifest = keyedManifest(
  "zqnotes",
  `  zqnotes_list:
    operationId: listZqnotes
    title: List notes
    description: List notes.
    pagination:
      style: cursor
      cursor: "$response.body#/data/-1/id"
      send: { in: header, name: X-Zq-After }
      items: [data]
    outputs:
      data: { type: array, from: "$response.body#/data", description: The notes. }
  zqnotes_create:
    operationId: createZqnote
    title: Create a note
    description: Create a note.
    params:
      zqlabel: { type: string, maxLength: 64, description: The label., wire: { in: body } }
    outputs:
      id: { type: string, from: "$response.body#/id", description: The note. }
  zqnotes_get:
    operationId: getZqnote
    title: Get a note
    description: Get a note.
    params:
      zqnoteId: { type: string, required: true, maxLength: 64, description: The note., wire: { in: path } }
    outputs:
      id: { type: string, from: "$response.body#/id", description: The note. }
`,
);

describe("a stateful list paged by its last record's id sent in a header", () => {
  it("pages the whole list and sees each record once", async () => {
    const { tool } = await linkedTool(work, "zqnotes", openapi, manifest, "zqnotes_list");
    const mocks = await startMocks(["zqnotes"], {
      specsDir: join(work, "specs"),
      logLevel: "silent",
      log: () => {},
      state: {},
    });
    const url = mocks.urls.zqnotes as string;
    const headers = { "x-zq-key": "zq-key-1", "content-type": "application/json" };
    try {
      const made: string[] = [];
      for (const zqlabel of ["zqa", "zqb", "zqc"]) {
        const reply = await fetch(`${url}/zqnotes`, { method: "POST", headers, body: JSON.stringify({ zqlabel }) });
        made.push(((await reply.json()) as { id: string }).id);
      }
      // The page after the last record, asked by its id in the header, holds none.
      const after = await fetch(`${url}/zqnotes`, { headers: { ...headers, "x-zq-after": made[2] as string } });
      expect(await after.json()).toEqual({ data: [] });
      const result = await executeToolDefinition(tool, { apiKey: "zq-key-1" }, { baseUrl: url, allPages: true });
      expect(result).toMatchObject({ success: true, pages: { count: 2, items: 3, complete: true } });
      const listed = ((result as { output?: { data?: { id: string }[] } }).output?.data ?? []).map((n) => n.id);
      expect(listed).toEqual(made);
    } finally {
      await mocks.close();
    }
  });
});
