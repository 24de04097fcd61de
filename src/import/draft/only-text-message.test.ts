// An error answer shown by examples only, whose one text is nested under names that are not a message's: errors by
// field under the record they are of (`{document: {name: ["This field is required."]}}`, as Django REST framework
// nests a serializer's), or a text in records named for what failed (`{response: {value: {member: {exists: "…"}}}}`,
// an example written as if it were an Example Object). Add drafted none of those places, so the error case found no
// message in the answer the mock gave ("the manifest's error message expressions find no message in the 400
// answer"). The example's only text is the message now, with the note that the place reads one field's errors; an
// example of two texts, or of a code alone, still gives no place.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  errorMessageOf,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
/** A document whose operation's 400 answer is shown by the examples given (a named one, or `example`), no schema. */
const shownBy = (media: Record<string, unknown>) =>
  openapi({
    "/zqfolders": {
      post: {
        operationId: "makeZqFolder",
        responses: { ...ok, "400": { description: "Bad request.", content: { "application/json": media } } },
      },
    },
  });
const COMMON = ["$response.body#/message", "$response.body#/error/message", "$response.body#/error"];

describe("an error example whose only text is nested under names not a message's", () => {
  it("errors by field under their record: that field's first error, the note saying so", async () => {
    const body = { zqFolder: { zqTitle: ["This field is required."] } };
    const d = drafted(shownBy({ examples: { zqResponse: { value: body } } }), ["makeZqFolder"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqFolder/zqTitle/0"]);
    expect(notesAt(d, "errors.message").join(" ")).toContain("reads the errors of zqTitle only");
    expect(await linkProblems(d)).toEqual([]);
    expect(await errorMessageOf(d, body)).toBe("This field is required.");
  });

  it("a text in records named for what failed", async () => {
    const body = { zqResponse: { zqValue: { zqMember: { zqExists: "Already a member of the zqgroup" } } } };
    const d = drafted(shownBy({ example: body }), ["makeZqFolder"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqResponse/zqValue/zqMember/zqExists"]);
    expect(await errorMessageOf(d, body)).toBe("Already a member of the zqgroup");
  });

  it("not where the example holds two texts, or its one text is a code", () => {
    for (const body of [{ zqFolder: { zqTitle: "a", zqColour: "b" } }, { zqFolder: { zqCode: "ZQ_TAKEN" } }])
      expect(drafted(shownBy({ example: body }), ["makeZqFolder"]).manifest.errors.message).toEqual(COMMON);
  });
});
