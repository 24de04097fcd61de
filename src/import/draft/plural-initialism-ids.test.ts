// An operationId holding an initialism's plural (a published crawl-analytics document's `getGanalyticsOrphanURLs`):
// add split its last capital and the s off as a word of their own, drafting the tool id
// `…_get_ganalytics_orphan_ur_ls` and the title "… orphan ur ls". The plural is one word now.
import { describe, expect, it } from "vitest";
import { drafted, openapi, reply } from "../__fixtures__/draft-kit.js";
import { snakeCase } from "./words/operation-words.js";

const answer = { "200": reply({ type: "object", properties: { zqname: { type: "string" } } }, { zqname: "a" }) };

describe("an operationId holding an initialism's plural", () => {
  it("is one word of the tool id, as an initialism followed by a word stays two", () => {
    const d = drafted(
      openapi({
        "/zqorphans": { get: { operationId: "getZqOrphanURLs", responses: answer } },
        "/zqkeys": { get: { operationId: "listZqAPIsByTag", responses: answer } },
        "/zqstatus": { get: { operationId: "getHTTPStatus", responses: answer } },
      }),
      ["getZqOrphanURLs", "listZqAPIsByTag", "getHTTPStatus"],
    );
    expect(Object.keys(d.manifest.operations)).toEqual([
      "acme_get_zq_orphan_urls",
      "acme_list_zq_apis_by_tag",
      "acme_get_http_status",
    ]);
  });

  it("keeps an s that begins a word, and a plural at the end or before a digit", () => {
    expect(["HTTPSettings", "getIDs", "syncURLs2", "getURLsOK"].map(snakeCase)).toEqual([
      "http_settings",
      "get_ids",
      "sync_urls2",
      "get_urls_ok",
    ]);
  });
});
