// A query list or object not exploded whose document allows reserved characters raw (`allowReserved: true,
// explode: false`) is its items between commas, and an item's own "," went raw as the other reserved characters do:
// `zqids=a/b,e,f` for the items "a/b" and "e,f", which the upstream (and the request judge) read as three items. An
// item's (a key's, a value's) comma goes %2C now, an exploded list's too (a pair `zqtags=g,h` reads as the list
// written unexploded, and the judge refused it); their other reserved characters stay raw.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
  type Json,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const texts = { type: "array", items: { type: "string" } };
const document: Json = openapi({
  "/zqitems": {
    get: {
      operationId: "zqListItems",
      parameters: [
        { name: "zqids", in: "query", allowReserved: true, explode: false, schema: texts },
        { name: "zqtags", in: "query", allowReserved: true, schema: texts },
        {
          name: "zqpoint",
          in: "query",
          allowReserved: true,
          explode: false,
          schema: { type: "object", properties: { zqa: { type: "string" }, zqb: { type: "string" } } },
        },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});
const d = drafted(document, ["zqListItems"]);

describe("a query list or object of allowReserved, not exploded", () => {
  it("sends an item's own comma encoded, its other reserved characters raw, and is read back as given", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqListItems");
    if (!tool) throw new Error("no tool zqListItems");
    const input = {
      zqids: ["a/b", "e,f", "c:d"],
      zqtags: ["g,h", "i/j"],
      zqpoint: { zqa: "x,y/z", zqb: "w" },
      accessToken: "zq-token-0001",
    };
    const { sent, judged } = await judgedCall(d, tool, input);
    expect(new URL(sent.url).search).toBe("?zqids=a/b,e%2Cf,c:d&zqtags=g%2Ch&zqtags=i/j&zqpoint=zqa,x%2Cy/z,zqb,w");
    expect(judged.refusals.map((r) => r.message)).toEqual([]);
    expect(judged.read.params.get("query:zqids")).toEqual(input.zqids);
    expect(judged.read.params.get("query:zqtags")).toEqual(input.zqtags);
    expect(judged.read.params.get("query:zqpoint")).toEqual(input.zqpoint);
  });
});
