// Secrets add drafted plain (a link audit of 150 documents of the public directory, seed 1304): a gift card's
// `redemptionToken` (whoever holds it spends the card), a body's `authorization_code` the document leaves undescribed
// (add's own words, "The authorization_code field.", were read as a description that said no OAuth code), and a
// password of no type (`httpBasicPassword`), drafted as a value of any form, which no secret is. Each is drafted
// secret and user-only now; an undescribed field of no type stays a value of any form, a page's token plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, jsonBody, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) };
const body = (properties: object) => jsonBody({ type: "object", properties });
const doc = openapi({
  "/zqcards/redeem": {
    post: {
      operationId: "zqRedeem",
      requestBody: body({ redemptionToken: { type: "string" }, zqPageToken: { type: "string" } }),
      responses: ok,
    },
  },
  "/zqlinks": {
    post: {
      operationId: "zqLink",
      requestBody: body({ authorization_code: { type: "string" }, zq_last_export: { type: "string" } }),
      responses: ok,
    },
  },
  "/zqsites": {
    post: {
      operationId: "zqSite",
      requestBody: body({ zqHttpBasicPassword: {}, zqPlainPasswordRepeat: {}, zqAuthor: {} }),
      responses: ok,
    },
  },
});

describe("secrets a document leaves undescribed or untyped", () => {
  const d = drafted(doc, ["zqRedeem", "zqLink", "zqSite"]);
  const ops = d.manifest.operations;
  const secret = { secret: true, visibility: "user-only" };

  it("drafts a redemption token and an undescribed authorization code secret; a page token stays plain", () => {
    expect(ops.acme_zq_redeem?.params?.redemptionToken).toMatchObject(secret);
    expect(ops.acme_zq_redeem?.params?.zqPageToken?.secret).toBeFalsy();
    expect(ops.acme_zq_link?.params?.authorization_code).toMatchObject(secret);
    expect(ops.acme_zq_link?.params?.zq_last_export?.secret).toBeFalsy();
  });

  it("drafts a password of no type as a secret text; another field of no type stays a value of any form", async () => {
    const params = ops.acme_zq_site?.params ?? {};
    expect(params.zqHttpBasicPassword).toMatchObject({ type: "string", ...secret });
    expect(params.zqHttpBasicPassword?.anyOf).toBeUndefined();
    expect(params.zqPlainPasswordRepeat).toMatchObject({ type: "string", ...secret });
    expect(params.zqAuthor).toMatchObject({ type: "json" });
    expect(params.zqAuthor?.anyOf).toBeDefined();
    expect(await linkProblems(d)).toEqual([]);
  });
});
