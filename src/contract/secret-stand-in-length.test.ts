// A secret of the operation's own, in its body, whose lengths refuse the suite's stand-in (`api_key` of exactly 16
// characters beside an `api_secret` of 86, an exchange API's token create, `security: []`): the stand-in
// `bw-contract-api_key-0001` broke its maxLength, so a word other values are made of (`example…`) stood in, and the
// runtime, rightly, withheld it from the message refusing the other field's value: the limit case found the value
// not shown. The stand-in is cut or padded to the secret's lengths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const body = {
  type: "object",
  required: ["api_key", "zq_secret"],
  properties: {
    api_key: { type: "string", minLength: 16, maxLength: 16 },
    zq_secret: { type: "string", minLength: 30, maxLength: 30 },
  },
};
const document = openapi({
  "/zqauth/token": {
    post: {
      operationId: "CreateZqToken",
      security: [],
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: { "201": reply({ type: "object", properties: { access_token: { type: "string" } } }) },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqtokens", document, ["CreateZqToken"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a body secret whose lengths refuse the suite's stand-in", () => {
  it("gets a stand-in of its lengths, and every derived case passes on the mock", async () => {
    const tool = (on as DraftedOnMock).subject.tools[0];
    expect(tool?.params.find((p) => p.name === "api_key")?.secret).toBe(true);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
