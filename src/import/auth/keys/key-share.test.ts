// A document declaring no security scheme in which one operation of several requires a body field named as a token
// (a "check a token" call's `access_token`, the token it checks): add drafted that field as the document's only
// credential, sent there alone (auth.alsoSends, no scheme), so the one call sent the caller's key in the field and
// every other call sent none. A key is the requests' own when at least half of the operations declare one of its
// places; else the field is the operation's input, secret, and the calls authenticate as with no key field.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const TOKEN = "zq-caller-token-00000000000000001";
const CHECKED = "zq-checked-token-0000000000000002";
const text = { type: "string" };
const made = { "200": reply({ type: "object", properties: { id: text } }, { id: "1" }) };
const jsonBody = (fields: string[]) => ({
  required: true,
  content: {
    "application/json": {
      schema: { type: "object", required: fields, properties: Object.fromEntries(fields.map((f) => [f, text])) },
    },
  },
});
const formBody = (fields: string[]) => ({
  required: true,
  content: { "application/x-www-form-urlencoded": jsonBody(fields).content["application/json"] },
});

/** `withKey` of four operations require `zq_access_token` beside their own field, in a body of `media`. */
function document(withKey: number, media: "json" | "form") {
  const body = media === "json" ? jsonBody : formBody;
  const paths: Record<string, unknown> = {};
  for (const i of [0, 1, 2, 3]) {
    const fields = i < withKey ? ["zq_access_token", `zqfield${i}`] : [`zqfield${i}`];
    paths[`/zqthings${i}`] = { post: { operationId: `zqPost${i}`, requestBody: body(fields), responses: made } };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Zentorax API", version: "1" },
    servers: [{ url: "https://api.acme.test" }],
    paths,
  };
}

describe("a body field named as a token that few of a scheme-less document's operations require", () => {
  for (const media of ["json", "form"] as const) {
    it(`is that operation's secret input, not the credential (${media} body)`, async () => {
      const d = drafted(document(1, media), ["zqPost0", "zqPost1", "zqPost2", "zqPost3"]);
      expect(d.manifest.auth).toMatchObject({ scheme: expect.any(String) });
      expect(d.manifest.auth).not.toHaveProperty("alsoSends");
      expect(d.manifest.auth).not.toHaveProperty("covers");
      const field = d.manifest.operations.acme_zq_post0?.params?.zq_access_token;
      expect(field).toMatchObject({ required: true, secret: true, wire: { in: "body" } });
      expect(d.notes.map((n) => n.note).join("\n")).toMatch(/zq_access_token, named as a key, is required by fewer/);
      expect(await linkProblems(d)).toEqual([]);
      const tools = await linkedTools(d);
      const check = tools.find((t) => t.id === "acme_zq_post0");
      const param = d.manifest.auth?.param ?? "";
      const { sent, judged } = await judgedCall(d, check!, { [param]: TOKEN, zq_access_token: CHECKED, zqfield0: "7" });
      const body = new TextDecoder().decode(sent.body);
      const fields = media === "json" ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
      expect(fields).toEqual({ zq_access_token: CHECKED, zqfield0: "7" });
      expect(sent.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      expect(judged.refusals).toEqual([]);
    });
  }

  it("stays the document's only credential where at least half of the operations require it", async () => {
    const d = drafted(document(2, "json"), ["zqPost0", "zqPost1", "zqPost2", "zqPost3"]);
    expect(d.manifest.auth).not.toHaveProperty("scheme");
    expect(d.manifest.auth?.alsoSends).toContainEqual({ in: "body", name: "zq_access_token" });
    expect(Object.keys(d.manifest.operations.acme_zq_post0?.params ?? {})).toEqual(["zqfield0"]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves a header named as the key where it is found, sent there alone", async () => {
    const doc = document(1, "json");
    const header = { name: "X-Zq-Api-Key", in: "header", required: true, schema: text };
    doc.paths["/zqthings4"] = { get: { operationId: "zqGet4", parameters: [header], responses: made } };
    const d = drafted(doc, ["zqPost0", "zqPost1", "zqPost2", "zqPost3", "zqGet4"]);
    expect(d.manifest.auth).not.toHaveProperty("scheme");
    expect(d.manifest.auth?.alsoSends).toEqual([{ in: "header", name: "X-Zq-Api-Key" }]);
    expect(d.manifest.operations.acme_zq_post0?.params?.zq_access_token).toMatchObject({ secret: true });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is counted over the document's operations, not those drafted", async () => {
    const d = drafted(document(1, "json"), ["zqPost0"]);
    expect(d.manifest.auth).not.toHaveProperty("alsoSends");
    expect(d.manifest.operations.acme_zq_post0?.params?.zq_access_token).toMatchObject({ secret: true });
  });
});
