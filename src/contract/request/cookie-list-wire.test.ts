// A cookie parameter holding a list, style form, not exploded: OpenAPI's style table writes `prefs=a,b,c`, each item
// percent-encoded and the commas between them as they are. The runtime percent-encoded the whole joined text, its
// commas too (`prefs=a%2Cb`), which the request judge (and a server splitting before it decodes) reads as one item
// "a,b", and an item's own comma the same way: the items now go encoded each, their own commas `%2C`, between commas.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge } from "../../judge/judge.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";

const work = mkdtempSync(join(tmpdir(), "blockwright-cookie-list-wire-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqcookielist", {
  "/zqprefs": {
    get: {
      operationId: "getPrefs",
      parameters: [
        { name: "zq-prefs", in: "cookie", explode: false, schema: { type: "array", items: { type: "string" } } },
        { name: "zq-card", in: "cookie", explode: false, schema: { type: "object", additionalProperties: true } },
      ],
      responses: { "200": { description: "the prefs" } },
    },
  },
});
const manifest = keyedManifest(
  "zqcookielist",
  `  zqcookielist_get_prefs:
    operationId: getPrefs
    title: Get prefs
    description: Get prefs.
    params:
      zqPrefs:
        type: json
        jsonType: array
        items: { type: string }
        description: The prefs.
        wire: { in: cookie, name: zq-prefs }
      zqCard:
        type: json
        jsonType: object
        description: The card.
        wire: { in: cookie, name: zq-card }
    outputs: {}
`,
);
const { linked, tool } = await linkedTool(work, "zqcookielist", openapi, manifest, "zqcookielist_get_prefs");

describe("a cookie list or object in style form, not exploded", () => {
  it("is sent as the style table writes it, and the judge reads back the items given", async () => {
    const zqPrefs = ["zq wide", "a,b", "é;=", "%41"];
    const zqCard = { "zq k": "v,w", n: 2 };
    const ex = await sentGet(tool, { apiKey: "zq-key-0123456789", zqPrefs, zqCard });
    expect(ex.headers.get("cookie")).toBe("zq-prefs=zq%20wide,a%2Cb,%C3%A9%3B%3D,%2541; zq-card=zq%20k,v%2Cw,n,2");
    const judgement = requestJudge(linked.document, { credential: "form" })({
      method: "GET",
      url: ex.url.href,
      headers: ex.headers,
    });
    expect(judgement.refusals).toEqual([]);
    expect(judgement.read.params.get("cookie:zq-prefs")).toEqual(zqPrefs);
  });
});
