// A request body whose schema is a `$ref` with `required` beside it (`{$ref: ZqTrack, required: [title, audio]}`, in
// an OpenAPI 3.0 document, which ignores a `$ref`'s siblings): its publisher means those fields required, 3.1 reads
// them so, and so does Prism's mock, which refused every request without them while the draft left them optional.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const track = {
  type: "object",
  required: ["genre"],
  properties: { title: { type: "string" }, genre: { type: "string" }, note: { type: "string" } },
};
const document = openapi(
  {
    "/zqtracks": {
      post: {
        operationId: "createZqtrack",
        requestBody: {
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/ZqTrack", required: ["title"] } },
          },
        },
        responses: { "204": { description: "made" } },
      },
    },
  },
  { schemas: { ZqTrack: track } },
);

describe("a request body's `required` written beside its `$ref`", () => {
  it("makes those fields required, with the referenced schema's own", async () => {
    const d = drafted(document, ["createZqtrack"]);
    const params = d.manifest.operations.acme_create_zqtrack!.params!;
    expect([params.title?.required, params.genre?.required, params.note?.required]).toEqual([true, true, undefined]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
