// Offset paging whose parameters name the page in one word with what they carry: `PageOffset` (zero-based: "an offset
// of 10 starts at item 11") and `PageLength` (the items of a page), both required, the reply's list and its
// `TotalCount` inside an object. add knew `offset` and `page_size` but not these, so the list was drafted as one
// page only and `call --all-pages` refused it. `page_offset` is an offset, `page_length`, `page_limit` and `pagelen`
// are page sizes.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const int = { type: "integer" };
const listReply = reply(
  {
    type: "object",
    properties: {
      ZqAtms: {
        type: "object",
        properties: {
          PageOffset: { type: "string" },
          TotalCount: int,
          ZqAtm: { type: "array", items: { type: "object", properties: { Name: { type: "string" } } } },
        },
      },
    },
  },
  { ZqAtms: { PageOffset: "0", TotalCount: 1, ZqAtm: [{ Name: "a" }] } },
);
const document = openapi({
  "/zqatms": {
    get: {
      operationId: "zqListAtms",
      parameters: [
        { name: "PageOffset", in: "query", required: true, description: "Zero-based offset.", schema: int },
        { name: "PageLength", in: "query", required: true, description: "Items of a page.", schema: int },
        { name: "ZqCity", in: "query", schema: { type: "string" } },
      ],
      responses: { "200": listReply },
    },
  },
  "/zqstructures": {
    get: {
      operationId: "zqListStructures",
      parameters: [
        { name: "page_offset", in: "query", schema: int },
        { name: "page_limit", in: "query", schema: int },
      ],
      responses: { "200": reply({ type: "object", properties: { data: { type: "array", items: {} } } }, { data: [] }) },
    },
  },
});

describe("offset paging of compound page names", () => {
  const d = drafted(document, ["zqListAtms", "zqListStructures"]);
  const ids = Object.keys(d.manifest.operations);
  const atms = ids.find((id) => id.includes("atms")) ?? "";
  const structures = ids.find((id) => id.includes("structures")) ?? "";

  it("drafts PageOffset as the offset and PageLength as the page size, the total from inside the reply", async () => {
    expect(d.manifest.operations[atms]?.pagination).toEqual({
      style: "offset",
      send: { in: "query", name: "PageOffset" },
      total: "$response.body#/ZqAtms/TotalCount",
      items: ["data"],
      pageSize: "PageLength",
    });
    expect(notesAt(d, `operations.${atms}.pagination`).join("\n")).toContain("an offset sent as PageOffset");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("drafts page_offset as the offset and page_limit as the page size", () => {
    expect(d.manifest.operations[structures]?.pagination).toEqual({
      style: "offset",
      send: { in: "query", name: "page_offset" },
      items: ["data"],
      pageSize: "page_limit",
    });
  });
});
