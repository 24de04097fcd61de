// A key scheme whose document says the key goes as its base64 (in words, or after `Basic ` in Authorization) is
// drafted as auth.encode: base64 with a review note; a pair with a colon (`key:`) is HTTP basic's, and nothing is
// drafted.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const paths = {
  "/zq-beats": {
    get: { operationId: "listZqBeats", responses: { "200": reply({ type: "object", properties: {} }) } },
  },
};
const keyed = (name: string, description: string) =>
  drafted(
    openapi(
      paths,
      { securitySchemes: { zqKey: { type: "apiKey", in: "header", name, description } } },
      {
        security: [{ zqKey: [] }],
      },
    ),
    ["listZqBeats"],
  );

describe("an API key the document says goes as its base64", () => {
  it("in words: drafted encode: base64 after the shown prefix, with a note quoting them; the draft links", async () => {
    const d = keyed("Authorization", "Base64-encode your API key and send it as `Basic <encoded key>`.");
    expect(d.manifest.auth).toMatchObject({ scheme: "zqKey", prefix: "Basic ", encode: "base64" });
    expect(notesAt(d, "auth").join("\n")).toContain(
      'sends the key as its base64 after "Basic " (auth encode), as its description says "Base64-encode your API key',
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("in another header without a prefix: drafted encode alone", () => {
    const { auth } = keyed("X-Zq-Key", "The API key, base64 encoded.").manifest;
    expect(auth).toMatchObject({ encode: "base64" });
    expect(auth).not.toHaveProperty("prefix");
  });

  it("shown after Basic in Authorization: drafted encode, the note naming Basic's base64", () => {
    const d = keyed("Authorization", "Send `Basic <api key>`.");
    expect(d.manifest.auth).toMatchObject({ prefix: "Basic ", encode: "base64" });
    expect(notesAt(d, "auth").join("\n")).toContain("shows Basic, whose credentials are base64 (RFC 7617)");
  });

  it("as a pair with a colon, or not said: nothing encoded", () => {
    for (const description of [
      "Send the base64 of `apikey:` as Basic credentials.",
      "The API key followed by a colon, base64 encoded.",
      "Your API key.",
    ])
      expect(keyed("X-Zq-Key", description).manifest.auth, description).not.toHaveProperty("encode");
  });
});
