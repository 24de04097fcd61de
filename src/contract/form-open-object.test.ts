// A form body's required field that is an object of any fields (`recording: {type: object}`, none listed: a sales
// platform's call upload). The suite made `{}` for it, which a form's brackets have no pair for, so the request would
// carry nothing of a required field: no value passed its own rules, and every case of the operation could not run.
// An object of any fields is made with one too; a JSON body's such field still takes `{}`, the first value made.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { valuesOf } from "./inputs/values.js";

const fields = {
  type: "object",
  required: ["zqto", "zqrecording"],
  properties: { zqto: { type: "string" }, zqrecording: { type: "object", description: "Any fields." } },
};
const ok = { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const document = openapi({
  "/zqcalls": {
    post: {
      operationId: "UploadZqCall",
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: fields } } },
      responses: ok,
    },
  },
  "/zqnotes": {
    post: {
      operationId: "CreateZqNote",
      requestBody: { required: true, content: { "application/json": { schema: fields } } },
      responses: ok,
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqcalls", document, ["UploadZqCall", "CreateZqNote"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a required field that is an object of any fields", () => {
  it("is given one field in a form, {} in JSON, and every derived case passes on the mock", async () => {
    const subject = (on as DraftedOnMock).subject;
    const made = (id: string) => {
      const tool = subject.tools.find((t) => t.id === id);
      return tool && valuesOf(tool, subject.document).minimal().zqrecording;
    };
    expect(made("zqcalls_upload_zq_call")).toEqual({ key1: "example" });
    expect(made("zqcalls_create_zq_note")).toEqual({});
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
