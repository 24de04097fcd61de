// A reply that is a bare list or a page object holding it (issue 59): add drafts `data` and its count from the first
// of the page's list field and the whole body that holds a list, the page's other fields beside them and its paging,
// and only for that union, by its shapes: a union of a list and an object holding no list, or of two lists, is drafted
// as before (the whole body, json).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply, type Json } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqItem = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
const list = { type: "array", items: zqItem };
const listing = (...forms: Json[]): Json => ({
  "/zqitems": {
    get: {
      operationId: "listZqItems",
      summary: "List items",
      parameters: [{ name: "zqafter", in: "query", schema: { type: "string" } }],
      responses: { "200": reply({ anyOf: forms }) },
    },
  },
});
const page = (properties: Json, required: string[] = []): Json => ({ type: "object", required, properties });
const PLACES = ["$response.body#/zqentries", "$response.body"];

describe("a reply that is a bare list or a page object holding it", () => {
  it("is drafted as a list read from the first place that holds one, paged by the page object", async () => {
    const forms = [list, page({ zqentries: list, next_zqafter: { type: "string" }, total: { type: "integer" } })];
    const d = drafted(openapi(listing(...forms)), ["listZqItems"], "zqlist");
    const op = d.manifest.operations.zqlist_list_zq_items!;
    expect(op.outputs.data).toMatchObject({ type: "array", from: PLACES, default: [] });
    expect(op.outputs["metadata.count"]).toMatchObject({ type: "number", from: PLACES, count: true });
    expect(op.outputs["metadata.total"]).toMatchObject({ from: "$response.body#/total" });
    expect(op.pagination).toMatchObject({ style: "cursor", cursor: "$response.body#/next_zqafter", items: ["data"] });
    const [tool] = await linkedTools(d, "zqlist");
    expect(tool?.outputs.find((o) => o.path === "data")?.source).toMatchObject({ holds: "array" });
  });

  it("is not drafted so for other unions: a list beside an object without one, or two lists", () => {
    for (const forms of [
      [list, page({ zqname: { type: "string" } })],
      [list, { type: "array", items: { type: "string" } }],
    ]) {
      const d = drafted(openapi(listing(...forms)), ["listZqItems"], "zqlist");
      const op = d.manifest.operations.zqlist_list_zq_items!;
      expect(op.outputs.data).toMatchObject({ type: "json", from: "$response.body" });
      expect(op.pagination).toBeUndefined();
    }
  });
});
