// A place without OpenAPI's structure (a schema that is a number, a parameter that is null) refused the whole cut and
// named no operation: one broken schema shared by a few operations refused them all, and a whole document taken by
// `all`, a tag or a path prefix could not be drafted at all. A named operation reaching such a place is refused,
// naming it and the place, so that a user knows which to leave out; one a group took is left out, each named in a
// review note, and the others are drafted.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";
import { UndraftableDocument } from "./uncallable.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqNote = { type: "object", properties: { id: { type: "string" }, zqScore: 7 } };
const doc = openapi(
  {
    "/zqnotes/{id}": {
      get: {
        operationId: "getZqNote",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": reply({ $ref: "#/components/schemas/ZqNote" }) },
      },
    },
    "/zqtags": {
      get: { operationId: "listZqTags", responses: { "200": reply({ type: "array", items: { type: "string" } }) } },
    },
  },
  { schemas: { ZqNote: zqNote } },
);

describe("an operation reaching a place without OpenAPI's structure", () => {
  it("is refused when named, naming it and the place", () => {
    const draft = () => drafted(doc, ["listZqTags", "getZqNote"]);
    expect(draft).toThrow(UndraftableDocument);
    expect(draft).toThrow(
      "the document does not have OpenAPI's structure where one reaches: getZqNote: at " +
        "components.schemas.ZqNote.properties.zqScore (a schema must be a mapping, got 7); leave it out of " +
        "--operations, or correct the document there",
    );
  });

  it("is left out when a group took it, named in a note; the others are drafted", async () => {
    const d = drafted(doc, ["all"]);
    expect(Object.keys(d.manifest.operations)).toEqual(["acme_list_zq_tags"]);
    expect(notesAt(d, "operations").join("\n")).toContain(
      "getZqNote (the document does not have OpenAPI's structure at components.schemas.ZqNote.properties.zqScore",
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});
