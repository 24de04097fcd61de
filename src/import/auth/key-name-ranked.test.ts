// Several API key headers declared and no operation saying which it takes (a gateway's documents: `X-RapidAPI-Host`
// and `X-RapidAPI-Key`): the draft took the first declared, a host header, as the credential and left the key out.
// A key whose name reads as a credential's (its last word a key, a token, a secret) now comes first.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, sentHeaders } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const paths = {
  "/zqposts": {
    get: {
      operationId: "listZqPosts",
      responses: { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) },
    },
  },
};

describe("key schemes and no requirement", () => {
  it("take the one named as a credential before a host header declared first", async () => {
    const document = openapi(paths, {
      securitySchemes: {
        ZqHost: { type: "apiKey", in: "header", name: "x-zqgate-host" },
        ZqKey: { type: "apiKey", in: "header", name: "x-zqgate-key" },
      },
    });
    delete document.security;
    const d = drafted(document, ["listZqPosts"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "ZqKey" });
    expect(await linkProblems(d)).toEqual([]);
    expect((await sentHeaders(d)).get("x-zqgate-key")).toBe("zq-key-0000000001");
  });
});
