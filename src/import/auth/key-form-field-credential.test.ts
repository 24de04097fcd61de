// A document that declares no security scheme whose form bodies carry the key as a field (`api_key`, `api_secret`
// beside the call's own fields), and whose one GET takes it in the query. add drafted the query's key as the place the
// credential goes (auth.alsoSends) and the form's as the credential covered (auth.covers): a place both sent and
// covered, so generate refused the draft (BW2012); with no GET beside them the form's key was covered by a bearer token
// the API never reads, and no call sent it. The form field is a place the key is sent at, as a JSON body's is.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, linkProblems, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY = "zx-key-0000000000000000000001";
const text = { type: "string" };
const made = { "200": reply({ type: "object", properties: { id: text } }, { id: "1" }) };
const form = {
  required: true,
  content: {
    "application/x-www-form-urlencoded": {
      schema: { type: "object", required: ["zxapi_key", "zxnumber"], properties: { zxapi_key: text, zxnumber: text } },
    },
  },
};
const document = (withQuery: boolean) => ({
  openapi: "3.0.3",
  info: { title: "Zentorax API", version: "1" },
  servers: [{ url: "https://api.acme.test" }],
  paths: {
    "/zxchecks": { post: { operationId: "makeZxCheck", requestBody: form, responses: made } },
    ...(withQuery
      ? {
          "/zxchecks/{zxid}": {
            get: {
              operationId: "getZxCheck",
              parameters: [
                { name: "zxid", in: "path", required: true, schema: text },
                { name: "zxapi_key", in: "query", required: true, schema: text },
              ],
              responses: made,
            },
          },
        }
      : {}),
  },
});

describe("a key-named form field, the document's only credential", () => {
  for (const withQuery of [true, false]) {
    const beside = withQuery ? ", beside the query of another operation" : "";
    it(`is sent from the credential in the form${beside}`, async () => {
      const d = drafted(document(withQuery), withQuery ? ["makeZxCheck", "getZxCheck"] : ["makeZxCheck"]);
      expect(d.manifest.auth?.alsoSends).toContainEqual({ in: "body", name: "zxapi_key" });
      expect(d.manifest.auth).not.toHaveProperty("covers");
      expect(d.manifest.auth).not.toHaveProperty("scheme");
      expect(Object.keys(d.manifest.operations.acme_make_zx_check?.params ?? {})).toEqual(["zxnumber"]);
      expect(await linkProblems(d)).toEqual([]);
      const tools = await linkedTools(d);
      const check = tools.find((t) => t.id === "acme_make_zx_check");
      const { sent, judged } = await judgedCall(d, check!, { apiKey: KEY, zxnumber: "7" });
      expect(sent.headers.get("authorization")).toBeNull();
      expect(Object.fromEntries(new URLSearchParams(new TextDecoder().decode(sent.body)))).toEqual({
        zxapi_key: KEY,
        zxnumber: "7",
      });
      expect(judged.refusals).toEqual([]);
    });
  }
});
