// A document whose operationIds a web framework generated from each function's name, path and method (FastAPI's
// default: `list_zqrows_api_v1_zqrow__get`): add drafts each tool id from the function's name, and still refers to
// the operation by its own operationId.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

const zqrow = { type: "object", required: ["zqid"], properties: { zqid: { type: "string" } } };
const zqid = { name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 32 } };
const op = (operationId: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  summary: "A row",
  ...extra,
  responses: { "200": reply(zqrow, { zqid: "r1" }) },
});

describe("operationIds a framework generated from names, paths and methods", () => {
  it("draft tool ids from the names", async () => {
    const d = drafted(
      openapi({
        "/api/v1/zqrow/": { get: op("list_zqrows_api_v1_zqrow__get"), post: op("create_zqrow_api_v1_zqrow__post") },
        "/api/v1/zqrow/{zqid}/": { get: op("get_zqrow_api_v1_zqrow__zqid___get", { parameters: [zqid] }) },
      }),
      ["GET /api/v1/zqrow/", "POST /api/v1/zqrow/", "GET /api/v1/zqrow/{zqid}/"],
    );
    expect(Object.fromEntries(Object.entries(d.manifest.operations).map(([id, o]) => [id, o.operationId]))).toEqual({
      acme_list_zqrows: "list_zqrows_api_v1_zqrow__get",
      acme_create_zqrow: "create_zqrow_api_v1_zqrow__post",
      acme_get_zqrow: "get_zqrow_api_v1_zqrow__zqid___get",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("keep every operationId whole where one is not so made", () => {
    const d = drafted(
      openapi({
        "/api/v1/zqrow/": { get: op("list_zqrows_api_v1_zqrow__get"), post: op("makeZqrow") },
      }),
      ["GET /api/v1/zqrow/", "POST /api/v1/zqrow/"],
    );
    expect(Object.keys(d.manifest.operations)).toEqual(["acme_list_zqrows_api_v1_zqrow_get", "acme_make_zqrow"]);
  });
});
