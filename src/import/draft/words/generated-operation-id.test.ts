// OperationIds generated from each function's name, its path and its method draft the tools from the names alone.
import { describe, expect, it } from "vitest";
import { operationIdNames } from "./generated-operation-id.js";

const op = (operationId: string | undefined, method: string, path: string) => ({ operationId, method, path });

describe("operationIdNames", () => {
  it("reads the name before each operation's own path and method", () => {
    const ops = [
      op("list_zqwidgets_api_v1_zqwidget__get", "GET", "/api/v1/zqwidget/"),
      op("get_zqwidget_api_v1_zqwidget__zqwidget_id___get", "GET", "/api/v1/zqwidget/{zqwidget_id}/"),
      op("rotate_zqkey_api_v1_zqkey_rotate__post", "POST", "/api/v1/zqkey/rotate/"),
      op("zqhealth_v2_zqhealth_get", "GET", "/v2/zqhealth"),
      op("read_zqitem_zqitems__item_id__put", "PUT", "/zqitems/{item-id}"),
      op(undefined, "DELETE", "/zqitems/{item-id}"),
    ];
    expect([...operationIdNames(ops).values()]).toEqual([
      "list_zqwidgets",
      "get_zqwidget",
      "rotate_zqkey",
      "zqhealth",
      "read_zqitem",
    ]);
  });

  it("reads none where one operationId is not so made", () => {
    const ops = [
      op("list_zqwidgets_zqwidgets_get", "GET", "/zqwidgets"),
      // Another method's suffix is not this operation's.
      op("make_zqwidget_zqwidgets_get", "POST", "/zqwidgets"),
    ];
    expect(operationIdNames(ops).size).toBe(0);
    expect(operationIdNames([ops[0] as (typeof ops)[0], op("listZqwidgets", "GET", "/zqwidgets")]).size).toBe(0);
  });

  it("reads none from a single operationId, which may be written so by hand", () => {
    expect(operationIdNames([op("search_zqusers_get", "GET", "/zqusers")]).size).toBe(0);
  });

  it("reads none where the suffix would leave no word", () => {
    expect(operationIdNames([op("_zqa_get", "GET", "/zqa"), op("x_zqb_get", "GET", "/zqb")]).size).toBe(0);
  });
});
