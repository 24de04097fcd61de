// An operation whose success answer is one text (`text/plain`, `text/csv`, `text/html`: a `type: string` schema that
// is no file's bytes) was drafted a download, its text a file's bytes with no output of it. It is drafted one string
// output reading the whole answer, `data` from `$response.body`, which the link reads as the answer's text; a string
// of `format: binary`, a type of bytes, or a text beside a type of bytes stays a download.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = (content: Record<string, object>, description = "The zq text.") => ({
  get: { operationId: "", responses: { "200": { description, content } } },
});
const text = { type: "string" };
const bytes = { type: "string", format: "binary" };
const routes: Record<string, Record<string, object>> = {
  zqPlain: { "text/plain": { schema: text, example: "zq pong" } },
  zqCsv: { "text/csv; charset=utf-8": { schema: text } },
  zqHtml: { "text/html": { schema: text } },
  zqBinaryText: { "text/plain": { schema: bytes } },
  zqOctets: { "application/octet-stream": { schema: text } },
  zqPdf: { "application/pdf": { schema: bytes } },
  zqTextOrPdf: { "text/plain": { schema: text }, "application/pdf": { schema: bytes } },
  zqTextOrNone: { "text/plain": { schema: text } },
};
const zqDoc = openapi(
  Object.fromEntries(
    Object.entries(routes).map(([id, content]) => {
      const path = answer(content);
      path.get.operationId = id;
      return [`/${id.toLowerCase()}`, path];
    }),
  ),
);
// Found in the public directory (seed 289): an upload answering 201 with a text, or 204 with no body ("No file
// attribute found"); its text was a required output, and the 204 failed the call.
(zqDoc.paths["/zqtextornone"] as { get: { responses: Record<string, object> } }).get.responses["204"] = {
  description: "No zq found",
};
const d = drafted(zqDoc, Object.keys(routes));
const op = (id: string) => d.manifest.operations[`acme_${id}`];

describe("an operation whose success answer is one text", () => {
  it("is drafted one string output reading the whole answer, not a download", () => {
    for (const id of ["zq_plain", "zq_csv", "zq_html"]) {
      expect(op(id)?.download, id).toBeUndefined();
      expect(op(id)?.outputs, id).toEqual({
        data: { type: "string", from: "$response.body", description: "The zq text." },
      });
    }
  });

  it("is optional beside a 2xx without a body, a status output telling them apart; a 204 is a success", async () => {
    expect(op("zq_text_or_none")?.outputs).toEqual({
      data: { type: "string", from: "$response.body", description: "The zq text.", optional: true },
      "metadata.status": {
        type: "number",
        from: "$statusCode",
        description: "The HTTP status of the reply: 200 or 204.",
      },
    });
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_text_or_none")!;
    const { fetch } = scriptedFetch(new Response(null, { status: 204 }));
    const result = await executeToolDefinition(
      tool,
      { accessToken: "zq-token-0000000001" },
      {
        baseUrl: "https://api.acme.test",
        fetch,
      },
    );
    expect(result).toEqual({ success: true, output: { metadata: { status: 204 } } });
  });

  it("stays a download for bytes: format binary, a type of bytes, a text beside a type of bytes", () => {
    for (const id of ["zq_binary_text", "zq_octets", "zq_pdf", "zq_text_or_pdf"]) {
      expect(op(id)?.download, id).toBe(true);
      expect(op(id)?.outputs, id).toEqual({});
    }
  });

  it("links, and a call's output is the answer's text, JSON-looking or not", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_plain")!;
    for (const body of ['{"a":1}', "hello", "123"]) {
      const { fetch } = scriptedFetch(new Response(body, { headers: { "content-type": "text/plain" } }));
      const input = { accessToken: "zq-token-0000000001" };
      const result = await executeToolDefinition(tool, input, { baseUrl: "https://api.acme.test", fetch });
      expect(result, body).toEqual({ success: true, output: { data: body } });
    }
  });

  it("is refused a field of the text: an output reads it whole", async () => {
    const fields = {
      ...d,
      manifestText: d.manifestText.replace(/from: \$response\.body\n/, "from: $response.body#/zq\n"),
    };
    expect(await linkProblems(fields)).toEqual([
      expect.stringContaining(
        "is one text (text/plain), without fields: an output reads it whole, from $response.body",
      ),
    ]);
  });
});
