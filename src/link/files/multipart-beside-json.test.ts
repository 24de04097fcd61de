// A body the document offers as JSON (a template as its base64 text) and as multipart/form-data (the template's
// bytes): the runtime writes the JSON, so a manifest written by hand giving the template as a file was refused with
// "its body is application/json" alone, though the document offers the multipart too. The refusal says how to send
// the file.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../__fixtures__/hand-written.js";
import { linkProblems, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

const document = openapi({
  "/zqstencils": {
    post: {
      operationId: "zqAddStencil",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["zqstencil"], properties: { zqstencil: { type: "string" } } },
          },
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["zqstencil"],
              properties: { zqstencil: { type: "string", format: "binary" } },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

const manifest = handManifest("zqprints", "Stencils of a made-up print shop.", {
  operations: {
    zqprints_add: {
      operationId: "zqAddStencil",
      title: "Add",
      description: "Adds a stencil.",
      params: { zqstencil: { type: "file", required: true, description: "The stencil.", wire: { in: "body" } } },
      outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
    },
  },
});

describe("a file parameter of a body offered as JSON and as multipart", () => {
  it("is refused, saying the document offers multipart beside the JSON and how to send the file", async () => {
    const problems = await linkProblems(handWritten(document, manifest), "zqprints");
    expect(problems).toEqual([
      expect.stringContaining(
        "takes neither there: its body is application/json (the document offers multipart/form-data beside it, " +
          "written only where the JSON body's fields hold a file, format: binary: give the file as the JSON field's " +
          "text, or leave application/json out of specs/zqprints/openapi.yaml)",
      ),
    ]);
  });
});
