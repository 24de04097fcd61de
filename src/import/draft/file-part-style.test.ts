// A multipart body whose encoding gives its file fields `explode: false` (a generator's default for every part:
// `file: {contentType: application/octet-stream, explode: false}`, an OpenAPI 3.0.1 document). The link recorded the
// style for the file fields too: the request judge then read a list of files as one form field, refusing the part per
// file the runtime sends ("2 pairs … as explode true writes; the document says explode false"), and the contract
// suite looked for a file's form text ("file=") among the parts. A file is a part of its bytes each, whatever style its
// encoding gives (a form's style writes text); a text list beside it keeps its unexploded style, one part "a,b".
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const binary = { type: "string", format: "binary" };
const unexploded = { contentType: "application/octet-stream", explode: false };
const document = {
  ...openapi({
    "/zqupload": {
      post: {
        operationId: "zqUpload",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqfile"],
                properties: {
                  zqfile: binary,
                  zqfiles: { type: "array", items: binary },
                  zqtags: { type: "array", items: { type: "string", maxLength: 20 } },
                },
              },
              encoding: { zqfile: unexploded, zqfiles: unexploded, zqtags: { explode: false } },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  }),
  openapi: "3.0.1",
};

describe("a multipart body whose encoding gives its files explode false", () => {
  it("sends a part per file, which the judge takes; a text list beside keeps its style", async () => {
    const d = drafted(document, ["zqUpload"]);
    const [tool] = (await linkedTools(d)) as ToolSpec[];
    // No form style recorded for the files (the contract suite reads a styled field's form pairs among the parts).
    expect(Object.keys(tool?.body?.fields ?? {})).toEqual(["zqtags"]);
    const files = [new File(["zq one"], "one.bin"), new File(["zq two"], "two.bin")];
    const { sent, judged } = await judgedCall(d, tool as ToolSpec, {
      accessToken: "zq-token-0001",
      zqfile: new File(["zq bytes"], "zq.bin"),
      zqfiles: files,
      zqtags: ["zqa", "zqb"],
    });
    const form = await new Response(sent.body as BodyInit, { headers: sent.headers }).formData();
    expect(await Promise.all(form.getAll("zqfiles").map((p) => (p as Blob).text()))).toEqual(["zq one", "zq two"]);
    expect(form.getAll("zqtags")).toEqual(["zqa,zqb"]);
    expect(judged.refusals).toEqual([]);
    expect((judged.read.body as { zqtags: string[] }).zqtags).toEqual(["zqa", "zqb"]);
  });
});
