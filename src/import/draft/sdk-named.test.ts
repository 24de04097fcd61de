// A document written for an SDK generator (no operationId; each method named by Speakeasy's or Fern's
// extensions): add drafts each tool id from the SDK's group and method, as the vendor's own SDK names it, and
// falls back to the method and path where no extension names it.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";
import { sdkMethodName } from "./words/sdk-method-name.js";

const zqrow = { type: "object", required: ["zqid"], properties: { zqid: { type: "string" } } };
const get = (extra: Record<string, unknown>) => ({
  summary: "Read a row",
  ...extra,
  responses: { "200": reply(zqrow, { zqid: "r1" }) },
});
const document = openapi({
  "/zqrows": {
    get: get({ tags: ["zqRows"], "x-speakeasy-name-override": "list" }),
    post: get({ tags: ["zqRows"], "x-speakeasy-group": "zqRows.zqKeys", "x-speakeasy-name-override": "list" }),
  },
  "/zqrows/{zqid}": {
    get: get({
      "x-fern-sdk-group-name": ["zqRows", "zqCells"],
      "x-fern-sdk-method-name": "get",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
    }),
    delete: get({ tags: ["zqRows"] }),
  },
});

describe("operations an SDK generator names", () => {
  const d = drafted(document, ["GET /zqrows", "POST /zqrows", "GET /zqrows/{zqid}", "DELETE /zqrows/{zqid}"]);

  it("take their tool ids from the SDK's group (or first tag) and method, the method and path where none", () => {
    expect(Object.fromEntries(Object.entries(d.manifest.operations).map(([id, op]) => [id, op.operationId]))).toEqual({
      acme_zq_rows_list: "GET /zqrows",
      acme_zq_rows_zq_keys_list: "POST /zqrows",
      acme_zq_rows_zq_cells_get: "GET /zqrows/{zqid}",
      acme_delete_zqrow: "DELETE /zqrows/{zqid}",
    });
    expect(notesAt(d, "operations.acme_zq_rows_list")).toEqual([
      expect.stringContaining('its tool id drafted from the SDK method the document names ("zqRows list")'),
    ]);
    expect(notesAt(d, "operations.acme_delete_zqrow")).toEqual([
      expect.stringContaining("its tool id drafted from them; choose one users read"),
    ]);
  });

  it("link as generate links them", async () => {
    expect(await linkProblems(d)).toEqual([]);
  });

  it("read no name from extensions that are not text, nor from an empty one", () => {
    expect(sdkMethodName({ "x-speakeasy-name-override": 3, tags: ["zqRows"] })).toBeUndefined();
    expect(sdkMethodName({ "x-fern-sdk-method-name": "  " })).toBeUndefined();
    expect(sdkMethodName({ "x-fern-sdk-method-name": "zqList", "x-fern-sdk-group-name": ["a", 1] })).toBe("zqList");
    expect(sdkMethodName({ "x-speakeasy-name-override": "zqList" })).toBe("zqList");
    expect(sdkMethodName(null)).toBeUndefined();
  });
});
