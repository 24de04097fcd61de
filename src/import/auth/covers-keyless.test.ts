// A document that declares the credential's token as a query parameter of every operation (`access_token`, beside its
// bearer scheme), one operation of which takes no credential (`security: []`): the token is covered by the
// credential (auth.covers) where the credential is sent, and the keyless operation's own parameter, secret, where it is
// not. Before, generate refused the draft (BW2012: a covered parameter sent).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const token = { name: "access_token", in: "query", description: "OAuth access token.", schema: { type: "string" } };
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };

describe("a token parameter the credential covers, declared by an operation that takes no credential too", () => {
  it("is covered where the credential is sent, the keyless operation's own secret there; the draft links", async () => {
    const d = drafted(
      openapi({
        "/zqclaims": { get: { operationId: "searchZqClaims", security: [], parameters: [token], responses: ok } },
        "/zqpages": { get: { operationId: "listZqPages", parameters: [token], responses: ok } },
      }),
      ["searchZqClaims", "listZqPages"],
    );
    expect(d.manifest.auth.covers).toEqual(["access_token"]);
    expect(d.manifest.operations.acme_search_zq_claims?.params?.access_token).toMatchObject({ secret: true });
    expect(d.manifest.operations.acme_list_zq_pages?.params?.access_token).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });
});
