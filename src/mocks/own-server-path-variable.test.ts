// Operations whose own server has a variable in its path (`https://zq.test/.{zqRegion}.zq/api`, as a published
// document wrote its host into the path), each with another default: add drafts the variable as one shared parameter,
// whose value is the first operation's default, and every call sends that value. The mock and the judge served each
// operation under its own default's path, so the other's calls were answered 404 ("no path matched") and refused as
// "not under the server's path". They are served under the template's path now, the variable any value.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";

const own = (region: string) => [
  { url: "https://zq.test/.{zqRegion}.zq/api", variables: { zqRegion: { default: region } } },
];
const answered = reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "zq1" });
const document = openapi({
  "/zqnotices": { post: { operationId: "zqSendNotice", servers: own("zqeast"), responses: { "200": answered } } },
  "/zqbundles": { post: { operationId: "zqListBundles", servers: own("zqwest"), responses: { "200": answered } } },
  "/zqaccounts": { get: { operationId: "zqGetAccount", responses: { "200": answered } } },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqregions", document, ["zqSendNotice", "zqListBundles", "zqGetAccount"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an operation's own server with a variable in its path", () => {
  it("is served under its template's path: each case passes whatever default an operation's server gives", async () => {
    if (!on) throw new Error("the mock did not start");
    const bundles = on.subject.tools.find((t) => t.operationId === "zqListBundles");
    expect(bundles?.server.basePath).toBe("/.{zqRegion}.zq/api");
    expect(await casesNotPassed(on)).toEqual([]);
  });
});
