// An error answer that keeps its message nested deeper than the usual places: a batch's answer, one error per
// failed item in a list, each holding an error collection whose list of texts is the message. Add drafts the place
// (the shallowest, a field saying errors or messages walked first), and the runtime reads the message there; a record
// the answer also carries (a description of an item the batch did create) is never taken for the message.
//
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
const withError = (answer: Record<string, unknown>, components: Record<string, unknown> = {}) =>
  openapi(
    { "/zqgadgets": { post: { operationId: "makeZqGadgets", responses: { ...ok, "400": reply(answer) } } } },
    components,
  );
const text = { type: "string" };
/** An error collection: a list of texts, and texts by field. */
const collection = {
  type: "object",
  properties: {
    zqErrorMessages: { type: "array", items: text },
    zqErrors: { type: "object", additionalProperties: text },
    zqStatus: { type: "integer" },
  },
};
/** The items made, each a record with a text that is no message. */
const made = { type: "array", items: { type: "object", properties: { zqKey: text, zqDescription: text } } };

describe("an error answer's message nested in lists and objects", () => {
  it("four levels deep: {zqMade: [record], zqFailures: [{zqElementErrors: {zqErrorMessages: ['…']}}]}", async () => {
    const failure = {
      type: "object",
      properties: { zqStatus: { type: "integer" }, zqElementErrors: { $ref: "#/components/schemas/ZqCollection" } },
    };
    const answer = { type: "object", properties: { zqMade: made, zqFailures: { type: "array", items: failure } } };
    const d = drafted(withError(answer, { schemas: { ZqCollection: collection } }), ["makeZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqFailures/0/zqElementErrors/zqErrorMessages/0"]);
    expect(await linkProblems(d)).toEqual([]);
    const body = {
      zqMade: [{ zqKey: "ZQ-1", zqDescription: "a zqgadget made" }],
      zqFailures: [{ zqStatus: 400, zqElementErrors: { zqErrorMessages: ["zqgadget 2 lacks a size"], zqErrors: {} } }],
    };
    expect(await errorMessageOf(d, body)).toBe("zqgadget 2 lacks a size");
  });

  it("the shallowest wins, and at one level a text named as a message before a list of texts", async () => {
    const deeper = { type: "object", properties: { zqInner: { type: "object", properties: { zqMessage: text } } } };
    const holder = {
      type: "object",
      properties: { zqErrorList: { type: "array", items: text }, zqMessage: text, zqNested: deeper },
    };
    const answer = {
      type: "object",
      properties: {
        zqBatch: { type: "array", items: { type: "object" } },
        zqFault: {
          type: "array",
          items: { type: "object", properties: { zqAbout: holder } },
        },
      },
    };
    const d = drafted(withError(answer), ["makeZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqFault/0/zqAbout/zqMessage"]);
    expect(await linkProblems(d)).toEqual([]);
    const body = { zqFault: [{ zqAbout: { zqErrorList: ["zq listed"], zqMessage: "zqgadget refused" } }] };
    expect(await errorMessageOf(d, body)).toBe("zqgadget refused");
  });

  it("the inputs refused, RFC 9457's invalid-params: {zqMissing: ['…'], zqInvalid: [{zqName, zqReason}]}", async () => {
    const refused = { type: "object", properties: { zqName: text, zqReason: text } };
    const answer = {
      type: "object",
      properties: { zqMissing: { type: "array", items: text }, zqInvalid: { type: "array", items: refused } },
    };
    const d = drafted(withError(answer), ["makeZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqInvalid/0/zqReason"]);
    expect(await linkProblems(d)).toEqual([]);
    const body = { zqMissing: ["zqSize"], zqInvalid: [{ zqName: "zqLat", zqReason: "zqLat must be a number" }] };
    expect(await errorMessageOf(d, body)).toBe("zqLat must be a number");
  });

  it("a record's description is no message: no place saying errors, the common places drafted", () => {
    const answer = { type: "object", properties: { zqMade: made, zqCount: { type: "integer" } } };
    const d = drafted(withError(answer), ["makeZqGadgets"]);
    expect(d.manifest.errors.message).not.toContainEqual(expect.stringContaining("zqDescription"));
    expect(notesAt(d, "errors.message").join(" ")).toContain("no schema saying where their message is");
  });
});

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
const COMMON = [
  "$response.body#/message",
  "$response.body#/error/message",
  "$response.body#/error_description",
  "$response.body#/error_message",
  "$response.body#/error",
  "$response.body#/errors/0/message",
  "$response.body#/fault/faultstring",
];

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
