// Two key schemes offered as alternatives (`security: [{zqKey: []}, {zqToken: []}]`) by an operation that requires
// both their places as query parameters of its own: was the key the credential and the token a secret parameter every
// call had to give, which no client connection carried. Read as one requirement of both now (auth.also), each call
// sending both; left as alternatives where a place is optional or a way is not a key.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const schemes = {
  zqKey: { type: "apiKey", in: "query", name: "zqkey" },
  zqToken: { type: "apiKey", in: "query", name: "zqtoken" },
  zqOauth: {
    type: "oauth2",
    flows: { clientCredentials: { tokenUrl: "https://api.acme.test/token", scopes: {} } },
  },
};
const query = (name: string, required: boolean) => ({ name, in: "query", required, schema: { type: "string" } });

function document(security: unknown[], tokenRequired = true) {
  return openapi(
    {
      "/zqcards/{zqId}": {
        parameters: [query("zqkey", true)],
        get: {
          operationId: "getZqCard",
          security,
          parameters: [
            { name: "zqId", in: "path", required: true, schema: { type: "string", maxLength: 20 } },
            query("zqtoken", tokenRequired),
          ],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    },
    { securitySchemes: schemes },
  );
}

describe("key schemes offered as alternatives whose places the operation requires", () => {
  it("are one requirement of both: each call sends both, no parameter of its own, a note says so", async () => {
    const d = drafted(document([{ zqKey: [] }, { zqToken: [] }]), ["getZqCard"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "zqKey", also: [{ scheme: "zqToken" }] });
    expect(d.manifest.operations.acme_get_zq_card?.params?.zqtoken).toBeUndefined();
    expect(notesAt(d, "auth").join(" ")).toContain("offer security schemes zqKey and zqToken as alternatives");
    expect(d.openapiText).toContain("GET /zqcards/{zqId}.security (zqKey and zqToken: offered as alternatives");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const auth = tool?.params.filter((p) => p.secret).map((p) => p.name);
    const input = Object.fromEntries((auth ?? []).map((name, i) => [name, `zq-secret-000000000${i}`]));
    const { sent, judged } = await judgedCall(d, tool!, { ...input, zqId: "zq1" });
    const url = new URL(sent.url);
    expect([url.searchParams.get("zqkey"), url.searchParams.get("zqtoken")]).toEqual(Object.values(input));
    expect(judged.refusals).toEqual([]);
  });

  it("stay alternatives where one place is optional, and a way that is no key stays beside the joined one", () => {
    const optional = drafted(document([{ zqKey: [] }, { zqToken: [] }], false), ["getZqCard"]);
    expect((optional.manifest.auth as { also?: unknown }).also).toBeUndefined();
    expect(optional.openapiText).not.toContain("offered as alternatives");
    const oauth = drafted(document([{ zqOauth: [] }, { zqKey: [] }, { zqToken: [] }]), ["getZqCard"]);
    expect(oauth.openapiText).toContain("offered as alternatives, each one's parameter required");
    const ways = JSON.stringify(oauth.manifest.auth);
    expect(ways).toContain("zqOauth");
    expect(ways).toContain('"also":[{"scheme":"zqToken"');
  });
});
