// A key scheme whose description names the word sent before the key (Django REST framework's token authentication,
// as an inventory server publishes it: `Token-based authentication with required prefix "Token"`). The draft sent the
// key bare in Authorization, which such a server refuses; it now drafts the named word as auth.prefix, with a note.
// A key's own start named so (`keys have the prefix "sk_"`) is no word sent before it, and stays out.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply, sentHeaders } from "../__fixtures__/draft-kit.js";
import { documentedPrefix } from "./keys/key-prefix.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const scheme = (description: string) => ({ type: "apiKey", in: "header", name: "Authorization", description });

describe("a description naming the key's prefix as a word", () => {
  it.each([
    ['Token-based authentication with required prefix "Token"', "Token ", 'prefix "Token"'],
    ["Send the key with the prefix `Zq-Auth-Key` in Authorization.", "Zq-Auth-Key ", "prefix `Zq-Auth-Key`"],
  ])("reads %j", (description, prefix, said) => {
    expect(documentedPrefix("zqTokenAuth", scheme(description), "Authorization")).toEqual({
      prefix,
      from: `its description ("${said}")`,
    });
  });

  it.each([
    'Secret keys have the prefix "sk_"',
    "Project keys carry the prefix `zq_live-`",
    'the prefix "Token abc" of a sentence',
  ])("finds none in %j", (description) => {
    expect(documentedPrefix("zqTokenAuth", scheme(description), "Authorization")).toBeUndefined();
  });

  it("is drafted as auth.prefix with a note, and the call sends the key after it", async () => {
    const d = drafted(
      openapi(
        {
          "/zqparts": {
            get: {
              operationId: "zqListParts",
              responses: { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) },
            },
          },
        },
        { securitySchemes: { zqTokenAuth: scheme('Token-based authentication with required prefix "Token"') } },
        { security: [{ zqTokenAuth: [] }] },
      ),
      ["zqListParts"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqTokenAuth", param: "apiKey", prefix: "Token " });
    expect(notesAt(d, "auth").join("\n")).toMatch(/sends the key after "Token " \(auth prefix\)/);
    expect((await sentHeaders(d)).get("authorization")).toBe("Token zq-key-0000000001");
  });
});
