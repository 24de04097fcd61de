// `upstream --accept` where the newer document names an operation otherwise (`zqgetOrder` → `zqfetchOrder`, the same
// method and path): the manifest kept the old operationId, and generate refused the operation (BW2002) though nothing
// a caller sends or reads had changed. The manifest's operationId follows the newer name, a line says so, and what add
// drafts otherwise from the newer document (a new optional parameter) is carried as for any operation.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";
import { tightenManifest } from "./tighten.js";

const manifest = `provider: zqorders
operations:
  zqorders_get:
    operationId: zqgetOrder
    title: Get an order
    params:
      zqid: { type: string, required: true, maxLength: 40, wire: { in: path, name: id } }
  zqorders_list:
    operationId: zqlistOrders
    title: List orders
`;

function cut(getName: string, extra: object[] = [], listName = "zqlistOrders", idName = "id"): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqorders", version: "1" },
    paths: {
      "/zqorders": { get: { operationId: listName, responses: { "200": { description: "ok" } } } },
      [`/zqorders/{${idName}}`]: {
        get: {
          operationId: getName,
          summary: "Get an order",
          parameters: [
            { name: idName, in: "path", required: true, schema: { type: "string", maxLength: 40 } },
            ...extra,
          ],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
}

describe("an operation the newer document names otherwise", () => {
  const older = cut("zqgetOrder");
  const expand = { name: "zqexpand", in: "query", schema: { type: "boolean" }, description: "Expand the lines." };
  const newer = cut("zqfetchOrder", [expand]);

  it("has its operationId followed, said in a line, the tool's own name kept", () => {
    const tightened = tightenManifest(manifest, newer, "openapi.yaml", older);
    const ops = parse(tightened.text).operations;
    expect(ops.zqorders_get.operationId).toBe("zqfetchOrder");
    expect(ops.zqorders_list.operationId).toBe("zqlistOrders");
    expect(tightened.renamedLines).toEqual([
      "operations.zqorders_get.operationId: zqfetchOrder (the newer document's name for GET /zqorders/{id}, " +
        "zqgetOrder before; the tool keeps its name)",
    ]);
    expect([...(tightened.renamed ?? [])]).toEqual([["zqfetchOrder", "zqgetOrder"]]);
  });

  it("gets what add drafts otherwise from the newer document, compared under its older name", () => {
    const tightened = tightenManifest(manifest, newer, "openapi.yaml", older);
    const carried = carryDrafted(tightened.text, older, newer, "openapi.yaml", tightened.renamed);
    expect(Object.keys(parse(carried.text).operations.zqorders_get.params)).toEqual(["zqid", "zqexpand"]);
    expect(carried.lines.some((l) => l.startsWith("operations.zqorders_get.params.zqexpand"))).toBe(true);
  });

  it("is left alone where no operation of the newer document is at its method and path", () => {
    const gone = JSON.stringify({
      ...JSON.parse(cut("zqgetOrder")),
      paths: { "/zqorders": JSON.parse(newer).paths["/zqorders"] },
    });
    const tightened = tightenManifest(manifest, gone, "openapi.yaml", older);
    expect(parse(tightened.text).operations.zqorders_get.operationId).toBe("zqgetOrder");
    expect(tightened.renamedLines ?? []).toEqual([]);
  });

  it("has a path parameter the newer template names otherwise at its place followed, the parameter's name kept", () => {
    const renamedToo = cut("zqfetchOrder", [], "zqlistOrders", "zqorder_id");
    const tightened = tightenManifest(manifest, renamedToo, "openapi.yaml", older);
    const get = parse(tightened.text).operations.zqorders_get;
    expect([get.operationId, get.params.zqid.wire]).toEqual(["zqfetchOrder", { in: "path", name: "zqorder_id" }]);
    expect(tightened.renamedLines?.[1]).toBe(
      "operations.zqorders_get.params.zqid.wire.name: zqorder_id (the newer document's name for {id} of " +
        "GET /zqorders/{zqorder_id}; the parameter keeps its name)",
    );
  });
});

describe("a parameter or body field the newer document writes in another case", () => {
  const doc = (query: string, field: string, extra: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "zqitems", version: "1" },
      paths: {
        "/zqitems": {
          post: {
            operationId: "zqcreateItem",
            parameters: [{ name: query, in: "query", schema: { type: "boolean" } }],
            requestBody: {
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/ZqItem" } },
              },
            },
            responses: { "201": { description: "made" } },
          },
        },
      },
      components: {
        schemas: {
          ZqItem: {
            type: "object",
            properties: { zqmeta: { $ref: "#/components/schemas/ZqMeta" }, [field]: { type: "string" } },
          },
          ZqMeta: { allOf: [{ type: "object", properties: { [field]: { type: "string" } } }] },
          ZqUnused: { type: "object", properties: { [extra]: { type: "string" } } },
        },
      },
    });
  const items = `provider: zqitems
operations:
  zqitems_create:
    operationId: zqcreateItem
    params:
      zqdryRun: { type: boolean, wire: { in: query, name: dryRun } }
      zqcategory: { type: string, wire: { in: body, pointer: /zqmeta/categoryId } }
      categoryId: { type: string, wire: { in: body } }
`;

  it("has its wire name or pointer follow the one new field of the same words, said in a line", () => {
    const tightened = tightenManifest(
      items,
      doc("dry_run", "category_id", "x"),
      "openapi.yaml",
      doc("dryRun", "categoryId", "x"),
    );
    const params = parse(tightened.text).operations.zqitems_create.params;
    expect([params.zqdryRun.wire, params.zqcategory.wire, params.categoryId.wire]).toEqual([
      { in: "query", name: "dry_run" },
      { in: "body", pointer: "/zqmeta/category_id" },
      { in: "body", pointer: "/category_id" },
    ]);
    expect(tightened.renamedLines).toEqual([
      "operations.zqitems_create.params.zqdryRun.wire.name: dry_run (the newer document writes dryRun of POST " +
        "/zqitems in another case)",
      "operations.zqitems_create.params.zqcategory.wire.pointer: /zqmeta/category_id (the newer document writes " +
        "/zqmeta/categoryId of POST /zqitems in another case)",
      "operations.zqitems_create.params.categoryId.wire.pointer: /category_id (the newer document writes " +
        "/categoryId of POST /zqitems in another case)",
    ]);
  });

  it("is left where the newer names are other words", () => {
    const tightened = tightenManifest(
      items,
      doc("preview", "kind", "x"),
      "openapi.yaml",
      doc("dryRun", "categoryId", "x"),
    );
    expect(tightened.renamedLines ?? []).toEqual([]);
  });
});

// Squadcast's second version: the `/v3` read removed, its operationId given to the `/v4` read (`…V4` before). The
// manifest's `/v3` tool kept the name and so linked to the `/v4` endpoint without a word (generate named only its
// outputs); it is pinned to the method and path it called now, which generate names gone.
describe("an operation gone whose name the newer document gives another", () => {
  const at = (paths: Record<string, string>) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "zqorders", version: "1" },
      paths: Object.fromEntries(
        Object.entries(paths).map(([path, operationId]) => [
          path,
          { get: { operationId, responses: { "200": { description: "ok" } } } },
        ]),
      ),
    });
  const twoTools = `provider: zqorders
operations:
  zqorders_get_old:
    operationId: zqgetOrder
  zqorders_get_new:
    operationId: zqgetOrderV2
`;

  it("is pinned to the method and path it called; the other follows its new name", () => {
    const older = at({ "/zqv1/orders": "zqgetOrder", "/zqv2/orders": "zqgetOrderV2" });
    const tightened = tightenManifest(twoTools, at({ "/zqv2/orders": "zqgetOrder" }), "openapi.yaml", older);
    const ops = parse(tightened.text).operations;
    expect(ops.zqorders_get_old.operationId).toBe("GET /zqv1/orders");
    expect(ops.zqorders_get_new.operationId).toBe("zqgetOrder");
    expect(tightened.renamedLines).toEqual([
      "operations.zqorders_get_old.operationId: GET /zqv1/orders (the operation it called, gone from the newer " +
        "document, which names GET /zqv2/orders zqgetOrder: delete the tool or point it at another operation)",
      "operations.zqorders_get_new.operationId: zqgetOrder (the newer document's name for GET /zqv2/orders, " +
        "zqgetOrderV2 before; the tool keeps its name)",
    ]);
  });

  it("follows its name where the operation moved to a path new in the newer document", () => {
    const one = "provider: zqorders\noperations:\n  zqorders_get:\n    operationId: zqgetOrder\n";
    const tightened = tightenManifest(
      one,
      at({ "/zqv2/orders": "zqgetOrder" }),
      "openapi.yaml",
      at({
        "/zqv1/orders": "zqgetOrder",
      }),
    );
    expect(parse(tightened.text).operations.zqorders_get.operationId).toBe("zqgetOrder");
    expect(tightened.renamedLines ?? []).toEqual([]);
  });
});
