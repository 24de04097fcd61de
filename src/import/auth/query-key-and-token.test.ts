// The standard query parameters a bearer-token API declares on every method beside its OAuth scheme: `oauth_token`
// ("OAuth 2.0 token for the current user") and `key` ("API key. Your API key identifies your project…"). Neither was
// read as a credential: `oauth_token` was drafted as a plain query value repeating the token the scheme sends, and
// `key` as a plain one, so a key a call gave was shown in messages (a refused value's "got …"). `oauth_token` repeats
// the token now (auth.covers, not drafted, as `access_token`), and a `key` its description calls an API key is
// drafted secret; a `key` described as something else (a sort key) stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, description: string) => ({ name, in: "query", description, schema: { type: "string" } });
const document = openapi({
  "/zqbidders/{zqName}": {
    get: {
      operationId: "getZqBidder",
      parameters: [
        { name: "zqName", in: "path", required: true, schema: { type: "string" } },
        query("access_token", "OAuth access token."),
        query("oauth_token", "OAuth 2.0 token for the current user."),
        query(
          "key",
          "API key. Your API key identifies your project and provides you with API access, quota, and reports.",
        ),
        query("quotaUser", "Available to use for quota purposes for server-side applications."),
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
  "/zqsorted": {
    get: {
      operationId: "listZqSorted",
      parameters: [query("key", "The sort key the list is ordered by.")],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});

describe("a bearer API's query oauth_token and key", () => {
  it("covers oauth_token by the token and drafts an API key's key secret; a sort key stays plain", async () => {
    const d = drafted(document, ["getZqBidder", "listZqSorted"], "zqbids");
    const auth = d.manifest.auth as { covers?: string[] };
    expect(auth.covers).toEqual(expect.arrayContaining(["access_token", "oauth_token"]));
    const params = d.manifest.operations.zqbids_get_zq_bidder!.params!;
    expect(params.oauth_token).toBeUndefined();
    expect(params.key).toMatchObject({ type: "string", secret: true, visibility: "user-only" });
    expect(params.quotaUser?.secret).toBeUndefined();
    expect(notesAt(d, "operations.zqbids_get_zq_bidder.params.key").join(" ")).toContain("drafted secret");
    expect(d.manifest.operations.zqbids_list_zq_sorted!.params!.key?.secret).toBeUndefined();
    expect(await linkProblems(d, "zqbids")).toEqual([]);
  });
});
