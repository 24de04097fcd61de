// An operation without an operationId is named by its method and path as an operationId would name it: a verb and
// the path's nouns, not every segment of the path in turn (`post_api_rest_v1_zqwidgets_zqwidget_id_zqattach_…`).
import { describe, expect, it } from "vitest";
import { pathToolName, pathToolNames } from "./path-tool-name.js";

describe("pathToolName", () => {
  it.each([
    ["GET", "/zqwidgets", "get_zqwidgets"],
    ["POST", "/zqwidgets", "create_zqwidget"],
    ["GET", "/api/rest/v1/zqwidgets/{zqwidgetId}", "get_zqwidget"],
    ["PUT", "/v2/zqwidgets/{id}", "update_zqwidget"],
    ["PATCH", "/zqwidgets/{id}", "update_zqwidget"],
    ["DELETE", "/api/rest/v1/zqwidgets/{zqwidgetId}", "delete_zqwidget"],
    ["GET", "/zqshelves/{id}/zqwidgets", "get_zqshelf_zqwidgets"],
    ["POST", "/zqshelves/{id}/zqwidgets", "create_zqshelf_zqwidget"],
    ["GET", "/zqdisplay_ads/{slug}/{version}", "get_zqdisplay_ad"],
    ["GET", "/zqcategories/{id}", "get_zqcategory"],
  ])("%s %s reads %s", (method, path, name) => {
    expect(pathToolName(method, path)).toBe(name);
  });

  it.each([
    ["PUT", "/zqmessages/{messageId}/markRead", "mark_read_zqmessage"],
    ["POST", "/zqwidgets/{id}/unpublish", "unpublish_zqwidget"],
    ["POST", "/api/rest/v1/zqcontacts/{contactId}/addToGroup/{groupId}", "add_to_group_zqcontact"],
    ["POST", "/api/rest/v1/zqtexts/send", "send_zqtext"],
    ["POST", "/zqreactions/toggle", "toggle_zqreaction"],
  ])("a verb the path ends with leads: %s %s reads %s", (method, path, name) => {
    expect(pathToolName(method, path)).toBe(name);
  });

  it("keeps a POST that names no collection or action as a POST, and a short or irregular noun as written", () => {
    expect(pathToolName("POST", "/zqmessages/analyse/full")).toBe("post_zqmessages_analyse_full");
    expect(pathToolName("POST", "/zqwidgets/{id}")).toBe("post_zqwidget");
    expect(pathToolName("GET", "/sms/{id}")).toBe("get_sms");
    expect(pathToolName("GET", "/data/{id}")).toBe("get_data");
    expect(pathToolName("GET", "/zqmessages/{id}/status")).toBe("get_zqmessage_status");
  });

  it("keeps the served-under segments a path is made of alone, and names nothing for a path of no word", () => {
    expect(pathToolName("GET", "/v1")).toBe("get_v1");
    expect(pathToolName("GET", "/")).toBeUndefined();
    expect(pathToolName("GET", "/{id}")).toBeUndefined();
  });
});

describe("pathToolNames", () => {
  it("names two operations that would read alike by their whole method and path", () => {
    const a = { method: "GET", path: "/zqwidgets/{id}" };
    const b = { method: "GET", path: "/zqwidgets/{id}/{version}" };
    const c = { method: "DELETE", path: "/zqwidgets/{id}" };
    const names = pathToolNames([a, b, c]);
    expect([names.get(a), names.get(b), names.get(c)]).toEqual([
      "GET /zqwidgets/id",
      "GET /zqwidgets/id/version",
      "delete_zqwidget",
    ]);
  });
});
