// Offset paging whose offset is named `skipCount` (the items to skip) beside `maxItems`, the reply's list and its
// `pagination` object inside a `list` object (an enterprise content service's Swagger 2.0 lists, 39 of them). add knew
// `skip` and `max_items` but not `skipCount`, so every list was drafted as one page and `call --all-pages` refused it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const int = { type: "integer", minimum: 0 };
const listReply = reply(
  {
    type: "object",
    properties: {
      list: {
        type: "object",
        properties: {
          pagination: {
            type: "object",
            properties: { count: int, hasMoreItems: { type: "boolean" }, skipCount: int, maxItems: int },
          },
          entries: {
            type: "array",
            items: {
              type: "object",
              properties: { entry: { type: "object", properties: { id: { type: "string" } } } },
            },
          },
        },
      },
    },
  },
  { list: { pagination: { count: 1, hasMoreItems: false, skipCount: 0, maxItems: 100 }, entries: [] } },
);
const document = openapi({
  "/zqnodes/{zqNodeId}/children": {
    get: {
      operationId: "zqListChildren",
      parameters: [
        { name: "zqNodeId", in: "path", required: true, schema: { type: "string" } },
        { name: "skipCount", in: "query", schema: { ...int, default: 0 } },
        { name: "maxItems", in: "query", schema: { type: "integer", minimum: 1, default: 100 } },
      ],
      responses: { "200": listReply },
    },
  },
});

describe("offset paging by skipCount", () => {
  it("drafts skipCount as the offset and maxItems as the page size, the list read from list.entries", async () => {
    const d = drafted(document, ["zqListChildren"]);
    const [id, op] = Object.entries(d.manifest.operations)[0] ?? [];
    expect(op?.pagination).toMatchObject({ style: "offset", send: { in: "query", name: "skipCount" } });
    expect(op?.params?.[String(op?.pagination?.pageSize)]?.wire).toMatchObject({ in: "query", name: "maxItems" });
    expect(notesAt(d, `operations.${id}.pagination`).join("\n")).toContain("an offset sent as skipCount");
    expect(await linkProblems(d)).toEqual([]);
  });
});
