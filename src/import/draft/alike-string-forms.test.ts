// A parameter that is `anyOf` several string forms, each the same (a published document's target id: an event's, an
// attribute's or a tag collection's id, each `^\d+$` of at most 10 characters) is drafted as the first form's limits,
// and the note said "the other 2 need a wider pattern", which they do not: a reviewer went looking for a difference.
// Forms alike say so; forms that differ are drafted as its forms, each with its limits, as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const id = { type: "string", pattern: "^\\d+$", maxLength: 10, example: "12345" };
const doc = openapi(
  {
    "/zqtargets/{zqtarget}/{zqother}": {
      post: {
        operationId: "attachZqtarget",
        parameters: [
          {
            name: "zqtarget",
            in: "path",
            required: true,
            schema: { anyOf: [{ $ref: "#/components/schemas/ZqEventId" }, { $ref: "#/components/schemas/ZqTagId" }] },
          },
          {
            name: "zqother",
            in: "path",
            required: true,
            schema: { anyOf: [{ $ref: "#/components/schemas/ZqEventId" }, { type: "string", format: "uuid" }] },
          },
        ],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  },
  { schemas: { ZqEventId: id, ZqTagId: { ...id } } },
);

describe("a parameter of several string forms", () => {
  const d = drafted(doc, ["attachZqtarget"]);
  const notes = (name: string) => notesAt(d, `operations.acme_attach_zqtarget.params.${name}`).join("\n");

  it("says forms alike are alike, and keeps the first's limits", () => {
    expect(notes("zqtarget")).toContain("with the limits of its 2 string forms, alike");
    expect(notes("zqtarget")).not.toContain("wider pattern");
    expect(d.manifest.operations.acme_attach_zqtarget?.params?.zqtarget).toMatchObject({ pattern: "^\\d+$" });
  });

  it("drafts forms that differ as its forms, each with its limits", () => {
    expect(notes("zqother")).toContain("drafted as its 2 forms (anyOf), each with its limits");
  });
});
