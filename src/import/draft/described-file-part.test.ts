// A multipart part of no type alone, its schema (or the component it refers to) saying only in words that it holds a
// file's contents to upload (`photo: {$ref: ZqInputFile}`, ZqInputFile `{description: "The contents of a file to be
// uploaded..."}`), was drafted as a text ("a form field's value is text"): no call could upload the file the operation
// exists for. A part of no type may be a file or a text; where its words say a file's contents, it is drafted as the
// file and sent as a file part. A part of no type whose words say no such thing stays a text.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqsetPhoto": {
      post: {
        operationId: "zqSetPhoto",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["chat", "photo"],
                properties: {
                  chat: { type: "string", maxLength: 20 },
                  photo: { $ref: "#/components/schemas/ZqInputFile" },
                  note: { description: "A note kept beside the photo." },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  {
    schemas: {
      ZqInputFile: { description: "The contents of a file to be uploaded, posted as files are uploaded by a browser." },
    },
  },
);

describe("a multipart part of no type whose words say it holds a file's contents", () => {
  const d = drafted(document, ["zqSetPhoto"]);
  const params = () => d.manifest.operations.acme_zq_set_photo?.params ?? {};

  it("is drafted as the file, with a note quoting the words, and links", async () => {
    expect(params().photo).toMatchObject({ type: "file", required: true });
    expect(notesAt(d, "operations.acme_zq_set_photo.params.photo").join("\n")).toContain(
      "photo has no type in the spec, and its words say a file's contents (\"The contents of a file to be uploaded",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves a part of no type whose words say no file a text", () => {
    expect(params().note).toMatchObject({ type: "string" });
  });

  it("sends the file as a part of its own, which the request judge accepts", async () => {
    const [tool] = await linkedTools(d);
    const input = { accessToken: "zq-token-0001", chat: "zq1", photo: new TextEncoder().encode("zq photo bytes") };
    const { sent, judged } = await judgedCall(d, tool as ToolSpec, input);
    const body = new TextDecoder().decode(sent.body);
    expect(body).toMatch(/name="photo"; filename="[^"]*"\r\n/);
    expect(body).toContain("zq photo bytes");
    expect(judged.refusals).toEqual([]);
  });
});
