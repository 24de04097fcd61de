// A body field that is an object of its own schema whose published example lacks a field that schema requires (search
// options whose example leaves out the required `facetBucketSize`): the draft checked the example against the
// object's values' limits alone, kept it, and the link refused the draft (BW2009: "is required, got nothing"), so
// generate stopped on a document add had accepted. The example is checked against the object's own fields as the link
// reads them, and one that breaks them is left out with a note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const options = {
  type: "object",
  required: ["bucketSize"],
  properties: { bucketSize: { type: "integer" }, source: { type: "string" } },
  example: { source: "zq-wiki" },
};
const filter = {
  type: "object",
  required: ["field"],
  properties: { field: { type: "string" }, value: { type: "string" } },
  example: { field: "zq-kind", value: "page" },
};
const document = openapi(
  {
    "/zq-search": {
      post: {
        operationId: "zqSearch",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["query"],
                properties: {
                  query: { type: "string" },
                  options: { $ref: "#/components/schemas/ZqOptions" },
                  filter: { $ref: "#/components/schemas/ZqFilter" },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  { schemas: { ZqOptions: options, ZqFilter: filter } },
);

describe("an object field whose schema's example lacks a field the schema requires", () => {
  const d = drafted(document, ["zqSearch"]);
  const at = "operations.acme_zq_search.params";

  it("is drafted without that example, said in a note; one meeting its fields is kept; the draft links", async () => {
    const params = d.manifest.operations.acme_zq_search!.params!;
    expect(params.options).not.toHaveProperty("example");
    expect(notesAt(d, `${at}.options`).join("\n")).toContain(
      'the spec\'s example {"source":"zq-wiki"} does not pass the drafted limits: left out',
    );
    expect(params.filter!.example).toEqual({ field: "zq-kind", value: "page" });
    expect(await linkProblems(d)).toEqual([]);
  });
});
