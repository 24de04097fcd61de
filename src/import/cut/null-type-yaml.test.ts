// `type: null` unquoted is YAML's null, not the type's name: a nullable text written `oneOf: [{type: string}, {type:
// null}]`. Read as no type, the member was left out as unreadable and took any value, so every text met both members
// of the oneOf: the request judge refused each body giving the field and the mocks their own answers. add writes it
// as the type "null", said in the cut's header and a note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqGroup = {
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string" },
    zqTag: { oneOf: [{ type: "string" }, { type: null }] },
    zqNick: { type: ["string", null], maxLength: 8 },
  },
};
const doc = openapi(
  {
    "/zqgroups": {
      post: {
        operationId: "createZqGroup",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqGroup" } } },
        },
        responses: { "200": reply({ $ref: "#/components/schemas/ZqGroup" }) },
      },
    },
  },
  { schemas: { ZqGroup: zqGroup } },
);

describe("a type null unquoted (YAML's null)", () => {
  it("is written as the type null: a text or null meets the oneOf, said in the header and a note", async () => {
    const d = drafted(doc, ["createZqGroup"]);
    expect(d.openapiText).toMatch(
      new RegExp(
        String.raw`^# Changed by blockwright add: components\.schemas\.ZqGroup\.properties\.zqTag\.oneOf\.1 \(type ` +
          String.raw`null, YAML's null: the type "null"\), .* \(a type list is OpenAPI 3\.1's, not this document's; ` +
          String.raw`a type null unquoted is YAML's null, the type "null" meant\)\.`,
        "m",
      ),
    );
    expect(notesAt(d, "openapi").join("\n")).toMatch(
      /changes .*zqTag.*: a type list is .*; a type null unquoted is YAML's null, written as the type "null": check/,
    );
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqgroups");
    expect(refusals({ name: "a", zqTag: "t1" })).toEqual([]);
    expect(refusals({ name: "a", zqTag: null })).toEqual([]);
    expect(refusals({ name: "a", zqTag: 7 }).length).toBeGreaterThan(0);
    // In a list too: a nullable text of this 3.0 document, written as 3.0 says it.
    expect(d.openapiText).toContain('zqNick (type ["string",null], YAML\'s null: the type "null")');
    expect(refusals({ name: "a", zqNick: null })).toEqual([]);
    expect(refusals({ name: "a", zqNick: 7 }).length).toBeGreaterThan(0);
  });
});
