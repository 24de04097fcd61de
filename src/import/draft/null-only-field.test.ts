// A JSON body field whose schema admits only null (`allOf: [{description: …}, {type: 'null'}]`, `type: 'null'`,
// `enum: [null]`): add drafted it as a `json` parameter, which the link refused (its type disagrees with the
// document's null, BW2007; an enum looser than [null], BW2006), so generate refused add's own draft. An optional one is
// now left out of the inputs and a required one is a constant null the package sends, each with a note; the draft
// links, and every derived case passes on the mock.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqnotes": {
    post: {
      operationId: "addZqNote",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqText", "zqRetired"],
              properties: {
                zqText: { type: "string", description: "The note." },
                zqCleared: { allOf: [{ description: "Clears the note." }, { type: "null" }] },
                zqGone: { type: "null", description: "No longer used." },
                zqNone: { enum: [null], description: "Nothing." },
                zqRetired: { type: "string", nullable: true, enum: [null], description: "Retired: null." },
              },
            },
          },
        },
      },
      responses: { "204": { description: "Added." } },
    },
  },
});

describe("a body field that admits only null", () => {
  it("is left out when optional and a constant null when required, and the draft links", async () => {
    const d = drafted(document, ["addZqNote"]);
    const op = d.manifest.operations.acme_add_zq_note;
    expect(Object.keys(op?.params ?? {})).toEqual(["zqText"]);
    expect(op?.constants).toEqual([{ in: "body", pointer: "/zqRetired", value: null }]);
    const notes = notesAt(d, "operations.acme_add_zq_note").join("\n");
    for (const field of ["zqCleared", "zqGone", "zqNone"])
      expect(notes).toContain(`the body field ${field} admits only null in the spec: left out of the inputs`);
    expect(notesAt(d, "operations.acme_add_zq_note.constants").join()).toContain("drafted as a constant null");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends the constant null: every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", document, ["addZqNote"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
