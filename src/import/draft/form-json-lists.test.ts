// A form body's list field the document encodes as JSON (`encoding.<field>.contentType: application/json`): a pair per
// item under the field's name, each item its JSON (`to="a"&to="b"`), as OpenAPI 3.2's Encoding Object says ("one
// encoded value per array item, each with the same name") and 3.0 and 3.1 imply (an array's contentType is its
// items'). The runtime sent the list as one pair (`to=["a","b"]`); the request judge reads a pair per item, and the
// mock's copy takes a list of texts.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const doc = openapi({
  "/zqnotices": {
    post: {
      operationId: "sendZqNotice",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqTo", "zqText"],
              properties: {
                zqTo: { type: "array", minItems: 1, maxItems: 3, items: { type: "string", enum: ["zqann", "zqbo"] } },
                zqMarks: { type: "array", items: { type: "object", properties: { zqAt: { type: "integer" } } } },
                zqText: { type: "string", maxLength: 40 },
              },
            },
            encoding: { zqTo: { contentType: "application/json" }, zqMarks: { contentType: "application/json" } },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a form list field the document encodes as JSON", () => {
  it("is sent a JSON pair per item under the field's name, read back by the judge as the list", async () => {
    const d = drafted(doc, ["sendZqNotice"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const input = { zqTo: ["zqann", "zqbo"], zqMarks: [{ zqAt: 1 }, { zqAt: 2 }], zqText: "zq hi" };
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", ...input });
    expect([...new URLSearchParams(new TextDecoder().decode(sent.body))]).toEqual([
      ["zqTo", '"zqann"'],
      ["zqTo", '"zqbo"'],
      ["zqMarks", '{"zqAt":1}'],
      ["zqMarks", '{"zqAt":2}'],
      ["zqText", "zq hi"],
    ]);
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual(input);
    // A list of one item is one pair, read back as the list of it.
    const one = await judgedCall(d, tool!, { accessToken: "zq-token-0001", zqTo: ["zqbo"], zqText: "zq" });
    expect(one.judged.refusals).toEqual([]);
    expect(one.judged.read.body).toEqual({ zqTo: ["zqbo"], zqText: "zq" });
  });

  describe("on the mock", () => {
    let on: DraftedOnMock | undefined;
    beforeAll(async () => {
      on = await draftedOnMock("zqnotices", doc, ["sendZqNotice"]);
    });
    afterAll(async () => {
      await on?.close();
    });
    it("every derived case of add's draft passes", async () => {
      expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
    });
  });
});

// A JSON-encoded field that may be a list or an object: one JSON text whatever its value, a list too (the per-item rule
// is an array property's); the runtime split any list it was given, which the judge then refused.
const anyDoc = openapi({
  "/zqtags": {
    post: {
      operationId: "tagZqThing",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqEither"],
              properties: {
                zqEither: { oneOf: [{ type: "array", items: { type: "string" } }, { type: "object" }] },
              },
            },
            encoding: { zqEither: { contentType: "application/json" } },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a form field the document encodes as JSON that may be another kind than a list", () => {
  it("is sent as one JSON text even when its value is a list, and the judge reads it so", async () => {
    const d = drafted(anyDoc, ["tagZqThing"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const input = { zqEither: ["zqc", "zqd"] };
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", ...input });
    expect([...new URLSearchParams(new TextDecoder().decode(sent.body))]).toEqual([["zqEither", '["zqc","zqd"]']]);
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual(input);
  });
});
