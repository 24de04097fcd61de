// An answer's field written `{oneOf: [string, number], type: "null"}` (a 3.0 `nullable` written as 3.1's type): no
// value meets it as written. The mocks read it as that composition or null; the draft says so in a review note on the
// outputs, naming the field, so that a person checks what the service sends.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const owner = {
  type: "object",
  required: ["zqSpace"],
  properties: {
    zqSpace: { oneOf: [{ type: "string" }, { type: "number" }], type: "null" },
    zqName: { type: "string" },
  },
};
const doc = {
  ...openapi(
    {
      "/zqrepos": {
        get: {
          operationId: "searchZqRepos",
          responses: {
            "200": reply({
              type: "object",
              properties: { zqAccount: { $ref: "#/components/schemas/ZqOwner" }, zqRepos: { type: "array" } },
            }),
          },
        },
      },
      "/zqowners": {
        get: { operationId: "listZqOwners", responses: { "200": reply({ type: "array", items: owner }) } },
      },
      "/zqplain": {
        get: {
          operationId: "getZqPlain",
          responses: { "200": reply({ type: "object", properties: { a: { type: "null" } } }) },
        },
      },
    },
    { schemas: { ZqOwner: owner } },
  ),
  openapi: "3.1.0",
};

describe("an answer's field typed null beside a oneOf", () => {
  it("gets a review note on the outputs naming it; a type null alone gets none; the draft links", async () => {
    const d = drafted(doc, ["searchZqRepos", "listZqOwners", "getZqPlain"]);
    const note = (tool: string) => notesAt(d, `operations.${tool}.outputs`).filter((n) => n.includes("type null"));
    expect(note("acme_search_zq_repos")).toEqual([
      "the answer's zqAccount.zqSpace is type null beside a oneOf/anyOf/allOf, which no value meets as written: " +
        "read (by the mocks too) as that schema or null; check what the service sends",
    ]);
    expect(note("acme_list_zq_owners")).toEqual([expect.stringContaining("the answer's [].zqSpace is type null")]);
    expect(note("acme_get_zq_plain")).toEqual([]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
