// A cookie parameter holding a list, style form, not exploded: OpenAPI's style table writes `prefs=a,b,c`, each item
// percent-encoded and the commas between them as they are. The runtime percent-encoded the whole joined text, its
// commas too (`prefs=a%2Cb`), which the request judge (and a server splitting before it decodes) reads as one item
// "a,b", and an item's own comma the same way: the items now go encoded each, their own commas `%2C`, between commas.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge } from "../../judge/judge.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-cookie-list-wire-"));
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
  "/zqprefs/default": {
    get: {
      operationId: "getDefaultPrefs",
      parameters: [
        { name: "zq-prefs", in: "cookie", schema: { type: "array", items: { type: "string" } } },
        { name: "zq-card", in: "cookie", schema: { type: "object", additionalProperties: { type: "string" } } },
        { name: "zq-plain", in: "cookie", schema: { type: "string" } },
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
  zqcookielist_get_default_prefs:
    operationId: getDefaultPrefs
    title: Get default prefs
    description: Get default prefs.
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
      zqPlain:
        type: string
        description: A plain cookie.
        maxLength: 100
        wire: { in: cookie, name: zq-plain }
    outputs: {}
`,
);
const { linked, tool } = await linkedTool(work, "zqcookielist", openapi, manifest, "zqcookielist_get_prefs");
const exploded = await linkedTool(work, "zqcookielist", openapi, manifest, "zqcookielist_get_default_prefs");

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

// The same with `explode` left out: OpenAPI's default for style form (a cookie's default style) is explode true, which
// the judge read (`prefs=a,b` one item "a,b"); the linker took it as not exploded. A list goes one pair per item, an
// object as its own pairs (the style table's form explode), both read back as given; an empty one sends no pair.
describe("a cookie list or object in style form, explode left out (true)", () => {
  it("is sent as pairs of its own, and the judge reads back the items and fields given", async () => {
    const zqPrefs = ["zq wide", "a,b", "é;="];
    const zqCard = { "zq k": "v,w", n: "2" };
    const ex = await sentGet(exploded.tool, { apiKey: "zq-key-0123456789", zqPrefs, zqCard, zqPlain: "p q" });
    expect(ex.headers.get("cookie")).toBe(
      "zq-prefs=zq%20wide; zq-prefs=a%2Cb; zq-prefs=%C3%A9%3B%3D; zq%20k=v%2Cw; n=2; zq-plain=p%20q",
    );
    const judgement = requestJudge(exploded.linked.document, { credential: "form" })({
      method: "GET",
      url: ex.url.href,
      headers: ex.headers,
    });
    expect(judgement.refusals).toEqual([]);
    expect(judgement.read.params.get("cookie:zq-prefs")).toEqual(zqPrefs);
    expect(judgement.read.params.get("cookie:zq-card")).toEqual(zqCard);
    expect(judgement.read.params.get("cookie:zq-plain")).toBe("p q");
  });

  it("sends no pair for an empty list or object", async () => {
    const ex = await sentGet(exploded.tool, { apiKey: "zq-key-0123456789", zqPrefs: [], zqCard: {}, zqPlain: "p" });
    expect(ex.headers.get("cookie")).toBe("zq-plain=p");
  });
});
