// A required JSON body list whose default is the empty list (`anyOf: [{type: array, default: []}, {type: null}]`, as
// zod's `.default([])` writes): add checked the default as a query value, where `[]` puts nothing, so it left the
// default out with a note saying it "does not pass the drafted limits". In a JSON body `[]` is a value: the default is
// kept (the value a call is asked for), and no such note is written.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const list = { default: [], type: "array", items: { type: "string" } };
const body = {
  type: "object",
  properties: { zqFlags: { anyOf: [list, { type: "null" }] }, zqTags: list, zqName: { type: "string" } },
  required: ["zqFlags", "zqTags", "zqName"],
};

describe("a required body list whose default is []", () => {
  it("keeps the default, with no note that it fails the drafted limits, and links", async () => {
    const doc = openapi({
      "/zq.create": {
        post: {
          operationId: "zqCreate",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": reply({ type: "object" }) },
        },
      },
    });
    const d = drafted(doc, ["zqCreate"]);
    const params = d.manifest.operations.acme_zq_create?.params ?? {};
    expect(params.zqFlags?.default).toEqual([]);
    expect(params.zqTags?.default).toEqual([]);
    expect(d.notes.map((n) => n.note).join(" ")).not.toContain("does not pass the drafted limits");
    expect(await linkProblems(d)).toEqual([]);
  });
});
