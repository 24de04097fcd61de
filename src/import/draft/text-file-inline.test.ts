// A body offered as text (`text/csv` beside a JSON body of fields, a whole `text/csv` body of bytes, a multipart part
// typed `text/plain`) is drafted as a file parameter, which a model could give only as an https address: the text it
// had written could not be sent. A model may now give the text itself: its schema says so (no `uri` format), and the
// text goes as the text type's UTF-8 bytes; an https address is still fetched, and a file of another type still takes
// only an address.
import { rmSync } from "node:fs";
import { executeToolDefinition, inputSchema, llmCallParams, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const csv = { schema: { type: "string", format: "binary" } };
const document = openapi({
  "/zqcontacts": {
    post: {
      operationId: "zqImportContacts",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", properties: { zqMobiles: { type: "array", items: { type: "string" } } } },
          },
          "text/csv": csv,
        },
      },
      responses: { "204": { description: "Taken." } },
    },
  },
  "/zqlines": {
    post: {
      operationId: "zqWriteLines",
      requestBody: { required: true, content: { "text/csv": csv } },
      responses: { "204": { description: "Taken." } },
    },
  },
  "/zqnotes": {
    post: {
      operationId: "zqUploadNote",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["zqNote"],
              properties: {
                zqNote: { type: "string", format: "binary" },
                zqPhoto: { type: "string", format: "binary" },
              },
            },
            encoding: { zqNote: { contentType: "text/plain" }, zqPhoto: { contentType: "image/png" } },
          },
        },
      },
      responses: { "204": { description: "Taken." } },
    },
  },
});

const token = { accessToken: "zq-token-0000000001" };

/** The drafted tools: the contacts' import, the lines' write, the note's upload. */
async function draftedTools(): Promise<ToolSpec[]> {
  const tools = await linkedTools(drafted(document, ["zqImportContacts", "zqWriteLines", "zqUploadNote"]));
  return ["acme_zq_import_contacts", "acme_zq_write_lines", "acme_zq_upload_note"].map(
    (id) => tools.find((t) => t.id === id) as ToolSpec,
  );
}

/** What a model's arguments send: the request's Content-Type and body, or the refusal's message. */
async function modelSends(tool: ToolSpec, args: Record<string, unknown>): Promise<string> {
  const built = llmCallParams(tool, args, token);
  if ("error" in built) return `refused: ${built.error.message}`;
  const { fetch, seen } = scriptedFetch(json(200, {}));
  const result = await executeToolDefinition(tool, built.params, { baseUrl: "https://api.acme.test", fetch });
  if (!result.success) return `failed: ${result.error.message}`;
  return `${seen[0]?.headers.get("content-type")?.split(";")[0]} ${seen[0]?.body}`;
}

describe("a file parameter whose bytes go as text, given by a model", () => {
  it("takes the text itself, sent as the text type's bytes", async () => {
    const [contacts, lines, note] = (await draftedTools()) as [ToolSpec, ToolSpec, ToolSpec];
    expect(await modelSends(contacts, { file: "zqmobile\n+15550100\n" })).toBe("text/csv zqmobile\n+15550100\n");
    expect(await modelSends(lines, { file: "zqa,zqb\n1,é\n" })).toBe("text/csv zqa,zqb\n1,é\n");
    const part = await modelSends(note, { zqNote: "zq line one\nzq line two" });
    expect(part).toContain("Content-Type: text/plain\r\n\r\nzq line one\nzq line two\r\n");
    // A path is no file a model can reach: it is the text.
    expect(await modelSends(note, { zqNote: "./zq-notes.txt" })).toContain("\r\n\r\n./zq-notes.txt\r\n");
    // A file of another type still takes only its address.
    expect(await modelSends(note, { zqNote: "zq", zqPhoto: "zq-not-an-address" })).toMatch(/^refused: zqPhoto/);
  });

  it("is told so in the model's schema", async () => {
    const [contacts, , note] = (await draftedTools()) as [ToolSpec, ToolSpec, ToolSpec];
    const file = inputSchema(contacts).properties.file as { format?: string; description?: string };
    expect(file.format).toBeUndefined();
    expect(file.description).toContain("The text itself (sent as text/csv), or its https address");
    const photo = inputSchema(note).properties.zqPhoto as { format?: string };
    expect(photo.format).toBe("uri");
  });
});
