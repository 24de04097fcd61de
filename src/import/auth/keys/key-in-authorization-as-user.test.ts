// An apiKey scheme in Authorization whose description says HTTP basic with the key as the user name and an empty
// password ("The format is Base64encode(api-key:)", "use your API key as the username", "key followed by a colon"):
// add drafted a bare key (or its base64 alone) in Authorization, green on the mocks and refused by the service. Drafted
// now as `auth.password: ""`, sent as `Authorization: Basic base64(key:)`; other wording stays a key sent as it is.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  sentHeaders,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const documentOf = (description: string, name = "Authorization") =>
  openapi(
    {
      "/zqthings": {
        get: { operationId: "zqListThings", responses: { "200": reply({ type: "object" }, { count: 1 }) } },
      },
    },
    { securitySchemes: { zqKeyAuth: { type: "apiKey", in: "header", name, description } } },
    { security: [{ zqKeyAuth: [] }] },
  );

const KEY = "zqk_0000000000000031";
const basicOfKey = `Basic ${Buffer.from(`${KEY}:`).toString("base64")}`;

const SAYS_BASIC = [
  "Basic Auth needs a username and a password. For the username, use a valid API key. The format is " +
    "Base64encode(api-key:)",
  "Use your API key as the username and leave the password empty.",
  "HTTP Basic authentication: send your API key followed by a colon, base64-encoded.",
  "Basic auth. Remember that you must append a colon after the api key.",
];

describe("an API key in Authorization sent as HTTP basic's user name", () => {
  it.each(SAYS_BASIC)("reads %j as Basic base64(key:)", async (words) => {
    const d = drafted(documentOf(words), ["zqListThings"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqKeyAuth", param: "apiKey", password: "" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true });
    expect(notesAt(d, "params.apiKey").join("\n")).toContain("HTTP basic with an empty password (auth.password)");
    expect(await linkProblems(d)).toEqual([]);
    const headers = await sentHeaders(d, { apiKey: KEY });
    expect(headers.get("authorization")).toBe(basicOfKey);
  });

  it("keeps a key sent as it is, or as its base64 alone, where the words say no colon or no basic", async () => {
    const plain = drafted(documentOf("Your API key."), ["zqListThings"]);
    expect(plain.manifest.auth).toEqual({ scheme: "zqKeyAuth", param: "apiKey" });
    expect((await sentHeaders(plain, { apiKey: KEY })).get("authorization")).toBe(KEY);
    const encoded = drafted(documentOf("Send Basic followed by your API key encoded in base64."), ["zqListThings"]);
    expect(encoded.manifest.auth).toMatchObject({ scheme: "zqKeyAuth", param: "apiKey", encode: "base64" });
    expect(encoded.manifest.auth).not.toHaveProperty("password");
    // A colon after the key with no word of basic or base64: another text, left as it is.
    const colon = drafted(documentOf("Send the key followed by a colon and your account id."), ["zqListThings"]);
    expect(colon.manifest.auth).toEqual({ scheme: "zqKeyAuth", param: "apiKey" });
    // Another header than Authorization: never HTTP basic.
    const other = drafted(documentOf("Use your API key as the username and leave the password empty.", "X-Zq-Key"), [
      "zqListThings",
    ]);
    expect(other.manifest.auth).toEqual({ scheme: "zqKeyAuth", param: "apiKey" });
  });
});
