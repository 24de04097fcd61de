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
/** The list and the object cookie of both operations. */
const PREFS_AND_CARD = `      zqPrefs:
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
`;
const operation = (name: string, operationId: string, title: string, more = "") => `  zqcookielist_${name}:
    operationId: ${operationId}
    title: ${title}
    description: ${title}.
    params:
${PREFS_AND_CARD}${more}    outputs: {}
`;
const plain = `      zqPlain:
        type: string
        description: A plain cookie.
        maxLength: 100
        wire: { in: cookie, name: zq-plain }
`;
const manifest = keyedManifest(
  "zqcookielist",
  operation("get_prefs", "getPrefs", "Get prefs") +
    operation("get_default_prefs", "getDefaultPrefs", "Get default prefs", plain),
);
const notExploded = await linkedTool(work, "zqcookielist", openapi, manifest, "zqcookielist_get_prefs");
const exploded = await linkedTool(work, "zqcookielist", openapi, manifest, "zqcookielist_get_default_prefs");

/** `input` sent by the subject's tool (its key given): the cookie header sent, and the request judge's judgement. */
async function sentAndJudged(subject: typeof exploded, input: Record<string, unknown>) {
  const ex = await sentGet(subject.tool, { apiKey: "zq-key-0123456789", ...input });
  const judgement = requestJudge(subject.linked.document, { credential: "form" })({
    method: "GET",
    url: ex.url.href,
    headers: ex.headers,
  });
  return { cookie: ex.headers.get("cookie"), refusals: judgement.refusals, read: judgement.read.params };
}

describe("a cookie list or object in style form, not exploded", () => {
  it("is sent as the style table writes it, and the judge reads back the items given", async () => {
    const zqPrefs = ["zq wide", "a,b", "é;=", "%41"];
    const zqCard = { "zq k": "v,w", n: 2 };
    const sent = await sentAndJudged(notExploded, { zqPrefs, zqCard });
    expect(sent.cookie).toBe("zq-prefs=zq%20wide,a%2Cb,%C3%A9%3B%3D,%2541; zq-card=zq%20k,v%2Cw,n,2");
    expect(sent.refusals).toEqual([]);
    expect(sent.read.get("cookie:zq-prefs")).toEqual(zqPrefs);
  });
});

// The same with `explode` left out: OpenAPI's default for style form (a cookie's default style) is explode true, which
// the judge read (`prefs=a,b` one item "a,b"); the linker took it as not exploded. A list goes one pair per item, an
// object as its own pairs (the style table's form explode), both read back as given; an empty one sends no pair.
describe("a cookie list or object in style form, explode left out (true)", () => {
  it("is sent as pairs of its own, and the judge reads back the items and fields given", async () => {
    const zqPrefs = ["zq wide", "a,b", "é;="];
    const zqCard = { "zq k": "v,w", n: "2" };
    const sent = await sentAndJudged(exploded, { zqPrefs, zqCard, zqPlain: "p q" });
    expect(sent.cookie).toBe(
      "zq-prefs=zq%20wide; zq-prefs=a%2Cb; zq-prefs=%C3%A9%3B%3D; zq%20k=v%2Cw; n=2; zq-plain=p%20q",
    );
    expect(sent.refusals).toEqual([]);
    expect(sent.read.get("cookie:zq-prefs")).toEqual(zqPrefs);
    expect(sent.read.get("cookie:zq-card")).toEqual(zqCard);
    expect(sent.read.get("cookie:zq-plain")).toBe("p q");
  });

  it("sends no pair for an empty list or object", async () => {
    const ex = await sentGet(exploded.tool, { apiKey: "zq-key-0123456789", zqPrefs: [], zqCard: {}, zqPlain: "p" });
    expect(ex.headers.get("cookie")).toBe("zq-plain=p");
  });
});
