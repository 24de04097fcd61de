// A multipart body's part whose schema says nothing of its value (`{}`, a component of a description alone, such as an
// "input file" that "must be posted using multipart/form-data in the usual way files are uploaded") beside a text
// branch (`anyOf: [InputFile, {type: string}]`: the file, or an id or address of one) was drafted as the text alone:
// no call could upload a file. A part of no type may be a file or a text; beside text it is the file, drafted as the
// file parameter a union of a binary branch and a text gets (files.ts fileBranch), and sent as a file part.
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
    "/zqsend": {
      post: {
        operationId: "zqSend",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqdoc", "chat"],
                properties: {
                  chat: { type: "string", maxLength: 20 },
                  zqdoc: {
                    anyOf: [{ $ref: "#/components/schemas/ZqInputFile" }, { type: "string" }],
                    description: "The zq document: a file, or the id of one sent before.",
                  },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  { schemas: { ZqInputFile: { description: "The contents of a zq file, posted as files are uploaded." } } },
);

describe("a multipart part of no type beside a text branch", () => {
  it("is drafted as the file, with the note of a file or a text, and links", async () => {
    const d = drafted(document, ["zqSend"]);
    expect(d.manifest.operations.acme_zq_send?.params?.zqdoc).toMatchObject({ type: "file", required: true });
    expect(notesAt(d, "operations.acme_zq_send.params.zqdoc").join("\n")).toMatch(/zqdoc is a file or a text/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends the file as a part of its own, which the request judge accepts", async () => {
    const d = drafted(document, ["zqSend"]);
    const [tool] = await linkedTools(d);
    const bytes = new TextEncoder().encode("zq document bytes");
    const input = { accessToken: "zq-token-0001", chat: "zq1", zqdoc: bytes };
    const { sent, judged } = await judgedCall(d, tool as ToolSpec, input);
    const body = new TextDecoder().decode(sent.body);
    expect(body).toMatch(/name="zqdoc"; filename="[^"]*"\r\n/);
    expect(body).toContain("zq document bytes");
    expect(judged.refusals).toEqual([]);
  });
});
