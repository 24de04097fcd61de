// A multipart part whose encoding requires a header of its own (`encoding: {file: {headers: {X-Zq-Checksum: {required:
// true}}}}`): no manifest field writes a part's header, so no call sends it, and the request judge refuses the request
// (encoding.headers). The draft said nothing; it now says so in a review note on the operation's parameters. A part
// header the document leaves optional, and Content-Type (the part's type, written from its encoding), get none.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const upload = (headers: Record<string, unknown>) =>
  openapi({
    "/zquploads": {
      post: {
        operationId: "zqUpload",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", format: "binary" }, label: { type: "string", maxLength: 80 } },
              },
              encoding: { file: { contentType: "application/pdf", headers } },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  });

const partNotes = (headers: Record<string, unknown>) =>
  drafted(upload(headers), ["zqUpload"]).notes.filter((n) => n.note.includes("encoding.headers"));

describe("a multipart part requiring a header of its own", () => {
  it("is said in a review note on the operation's parameters, naming the part and the header", () => {
    const notes = partNotes({
      "X-Zq-Checksum": { required: true, schema: { type: "string" } },
      "X-Zq-Origin": { schema: { type: "string" } },
    });
    expect(notes.map((n) => n.at.join("."))).toEqual(["operations.acme_zq_upload.params"]);
    expect(notes[0]?.note).toMatch(
      /the multipart part "file" requires the part header X-Zq-Checksum \(encoding\.headers\)/,
    );
    expect(notes[0]?.note).not.toMatch(/X-Zq-Origin/);
  });

  it("gets no note for an optional part header or a required Content-Type", () => {
    expect(
      partNotes({
        "X-Zq-Origin": { schema: { type: "string" } },
        "Content-Type": { required: true, schema: { type: "string" } },
      }),
    ).toEqual([]);
  });
});
