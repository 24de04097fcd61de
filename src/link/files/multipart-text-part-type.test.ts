// A multipart text field the document types itself (encoding.contentType text/markdown, a list's items text/csv) goes
// as a part of that type: before, it went with no Content-Type, which RFC 7578 reads as text/plain, and the request
// judge refused every call. A range (text/*) names no type to send: its part stays untyped, text/plain, which the range
// admits; a JSON field keeps its application/json part. Each call is recorded and judged against the document.
import { afterAll, describe, expect, it } from "vitest";
import { multipartParts } from "../../judge/body/multipart.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
  type Json,
} from "../../import/__fixtures__/draft-kit.js";
import { rmSync } from "node:fs";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document: Json = openapi({
  "/zq/notes": {
    post: {
      operationId: "zqPostNote",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["zqTitle"],
              properties: {
                zqTitle: { type: "string" },
                zqBody: { type: "string" },
                zqRows: { type: "array", items: { type: "string" } },
                zqAny: { type: "string" },
                zqMeta: { type: "object", properties: { zqKind: { type: "string" } } },
              },
            },
            encoding: {
              zqBody: { contentType: "text/markdown" },
              zqRows: { contentType: "text/*, text/csv" },
              zqAny: { contentType: "text/*" },
              zqMeta: { contentType: "application/json" },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});
const d = drafted(document, ["zqPostNote"]);

describe("a multipart text field the document types", () => {
  it("goes as a part of its type (each item's, of a list), and the judge takes the request", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqPostNote");
    if (!tool) throw new Error("no tool zqPostNote");
    const { sent, judged } = await judgedCall(d, tool, {
      zqTitle: "zq title",
      zqBody: "# zq *note*",
      zqRows: ["a,b", "c,d"],
      zqAny: "zq any",
      zqMeta: { zqKind: "zq" },
      accessToken: "zq-token-0001",
    });
    const parts = multipartParts(sent.body ?? new Uint8Array(), sent.headers.get("content-type") ?? "");
    if (typeof parts === "string") throw new Error(parts);
    const typed = parts.map((p) => [p.name, p.contentType ?? null, p.bytes.toString("utf8")]);
    expect(typed).toEqual([
      ["zqTitle", null, "zq title"],
      ["zqBody", "text/markdown", "# zq *note*"],
      ["zqRows", "text/csv", "a,b"],
      ["zqRows", "text/csv", "c,d"],
      ["zqAny", null, "zq any"],
      ["zqMeta", "application/json", '{"zqKind":"zq"}'],
    ]);
    expect(judged.refusals.map((r) => r.message)).toEqual([]);
  });
});
