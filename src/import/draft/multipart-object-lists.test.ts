// A multipart field that is a list of objects, with no encoding: OpenAPI's default for an array is its items' (3.0.4
// and 3.1.1: "the default is defined based on the inner type"; 3.2 says each item is a part of the field's name), so
// each object is a part of application/json. The runtime sent the whole list as one JSON part, which the judge read
// as one item that is a list; the mock (Prism reads each part as text) refused the parts, and the suite's read-back
// wanted the list as one part.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartParts } from "../../judge/body/multipart.js";
import { type DraftedOnMock, casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqPiece = (kind: string) => ({
  type: "object",
  required: ["kind", "ref"],
  properties: { kind: { type: "string", enum: [kind] }, ref: { type: "string" } },
});

const doc = openapi({
  "/zqbundles": {
    post: {
      operationId: "sendBundle",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["pieces"],
              properties: {
                pieces: { type: "array", minItems: 2, items: { anyOf: [zqPiece("zqleaf"), zqPiece("zqstem")] } },
                marks: { type: "array", items: { type: "integer" } },
                notes: { type: "array", items: { type: "object", properties: { zqText: { type: "string" } } } },
                labels: { type: "array", items: { type: "string", enum: ["zqa", "zqb"] } },
              },
            },
            // A JSON contentType for a list: a part of it per item (OpenAPI 3.2: the encoding applies to each item).
            encoding: { notes: { contentType: "application/json" }, labels: { contentType: "application/json" } },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

describe("a multipart field that is a list of objects, with no encoding (or a JSON one)", () => {
  it("is sent a part of application/json per item under the field's name, read by the judge as the list", async () => {
    const d = drafted(doc, ["sendBundle"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const pieces = [
      { kind: "zqleaf", ref: "zq-a" },
      { kind: "zqstem", ref: "zq-b" },
    ];
    const input = { pieces, marks: [3, 4], notes: [{ zqText: "zq" }], labels: ["zqa", "zqb"] };
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", ...input });
    const parts = multipartParts(sent.body!, sent.headers.get("content-type") ?? "");
    if (typeof parts === "string") throw new Error(parts);
    expect(parts.map((p) => [p.name, p.contentType ?? "", p.bytes.toString("utf8")])).toEqual([
      ["pieces", "application/json", JSON.stringify(pieces[0])],
      ["pieces", "application/json", JSON.stringify(pieces[1])],
      ["marks", "", "3"],
      ["marks", "", "4"],
      ["notes", "application/json", '{"zqText":"zq"}'],
      ["labels", "application/json", '"zqa"'],
      ["labels", "application/json", '"zqb"'],
    ]);
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual(input);
  });

  describe("on the mock", () => {
    let on: DraftedOnMock | undefined;
    beforeAll(async () => {
      on = await draftedOnMock("zqbundles", doc, ["sendBundle"]);
    });
    afterAll(async () => {
      await on?.close();
    });
    it("every derived case of add's draft passes", async () => {
      expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
    });
  });
});
