// HTTP basic whose description says the key is the user name and the password empty: add drafted a user name and a
// secret password of at least 8 characters, and no real call could be made (an empty password is refused). Drafted now
// as one secret key sent as `Basic base64(key:)`, with a note quoting the words; other wording stays as it was.
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
import { keyAsUserWords } from "./key-as-user.js";
import { addSummary, summaryText } from "../../../cli/support/add-summary.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const documentOf = (description: string) =>
  openapi(
    {
      "/zqthings": {
        get: { operationId: "zqListThings", responses: { "200": reply({ type: "object" }, { count: 1 }) } },
      },
    },
    { securitySchemes: { zqBasic: { type: "http", scheme: "basic", description } } },
    { security: [{ zqBasic: [] }] },
  );

const SAID = "Enter the API key as the username and set the password to an empty string.";

describe("HTTP basic, the key as the user name", () => {
  it("is drafted as one secret key and an empty password, noted, and sent as Basic base64(key:)", async () => {
    const d = drafted(documentOf(`Zq authentication. ${SAID}`), ["zqListThings"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqBasic", param: "apiKey", password: "" });
    expect(Object.keys(d.manifest.params ?? {})).toEqual(["apiKey"]);
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true });
    expect(notesAt(d, "params.apiKey").join("\n")).toContain(JSON.stringify(SAID));
    expect(await linkProblems(d)).toEqual([]);
    const source = {
      origin: "zq.json",
      sha256: "0".repeat(64),
      kind: { format: "openapi", version: "3.0.3" },
    } as const;
    const summary = addSummary({
      provider: "acme",
      folder: "specs/acme",
      text: "{}",
      source,
      draft: d,
      pinned: [],
      check: { problems: [], warnings: [] },
    });
    expect(summaryText(summary, [])).toContain(
      "credential apiKey (security scheme zqBasic, HTTP basic, the key as the user name and an empty password)",
    );
    const headers = await sentHeaders(d, { apiKey: "zqk_0000000000000001" });
    expect(headers.get("authorization")).toBe(`Basic ${Buffer.from("zqk_0000000000000001:").toString("base64")}`);
  });

  it("reads plain wording of both halves only", () => {
    const words = (description: string) => keyAsUserWords({ description });
    expect(words(SAID)).toBe(SAID);
    expect(words("Provide your API key as the basic auth username value. You do not need to provide a password.")).toBe(
      "Provide your API key as the basic auth username value. You do not need to provide a password.",
    );
    expect(words("Use your token as the user name and leave the password blank.")).toBeDefined();
    // The key as the user name, a password said to be something: not an empty one.
    expect(words('Use the API key as the username and "X" as password; set the password to "X".')).toBeUndefined();
    // A user name and a password, or a key without a word of the password: left as they were.
    expect(words("Your username and password.")).toBeUndefined();
    expect(words("The API key as the username.")).toBeUndefined();
    expect(words("Leave the password empty if you have none; the username is your account id.")).toBeUndefined();
    expect(words("")).toBeUndefined();
  });

  it("keeps a user name and a password where the description does not say so", () => {
    const d = drafted(documentOf("Basic authentication with your account's credentials."), ["zqListThings"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqBasic", param: "password", user: "username" });
  });

  it("reads the document's section on authentication (a tag named for it) when the scheme's says nothing", async () => {
    const section = (description: string, schemes: Record<string, unknown>) =>
      openapi(
        {
          "/zqthings": {
            get: { operationId: "zqListThings", responses: { "200": reply({ type: "object" }, { count: 1 }) } },
          },
        },
        { securitySchemes: schemes },
        { security: [{ zqBasic: [] }], tags: [{ name: "Authentication", "x-traitTag": true, description }] },
      );
    const words = "You must use your zq key as the username while leaving the password blank.";
    const d = drafted(section(`Zq requests use <a href="#">HTTP Basic</a>. ${words}`, { zqBasic: BASIC }), [
      "zqListThings",
    ]);
    expect(d.manifest.auth).toEqual({ scheme: "zqBasic", param: "apiKey", password: "" });
    expect(notesAt(d, "params.apiKey").join("\n")).toContain(
      `as the document's section on authentication says: ${JSON.stringify(words)}`,
    );
    const headers = await sentHeaders(d, { apiKey: "zqk_0000000000000002" });
    expect(headers.get("authorization")).toBe(`Basic ${Buffer.from("zqk_0000000000000002:").toString("base64")}`);
    // Two basic schemes: the section could be about either, so neither reads it.
    const two = drafted(section(words, { zqBasic: BASIC, zqOther: BASIC }), ["zqListThings"]);
    expect(two.manifest.auth).toEqual({ scheme: "zqBasic", param: "password", user: "username" });
  });
});

const BASIC = { type: "http", scheme: "basic" };

// Wording that says the key is the whole of basic auth in other words: drafted the same way, alone or as an
// alternative way, never a key left in a plain user name.
const OTHER_WORDS = [
  "Send the header Authorization: Basic <api_key> with each request.",
  "The Authorization header carries the base64 hash of `api_key:` after Basic.",
  "Use your secret key as the basic auth username.",
];

describe("HTTP basic, the key as the user name in other words", () => {
  it.each(OTHER_WORDS)("reads %j as the key alone", async (words) => {
    expect(keyAsUserWords({ description: `Zq access. ${words}` })).toBe(words);
    const d = drafted(documentOf(words), ["zqListThings"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqBasic", param: "apiKey", password: "" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true });
  });

  it.each(OTHER_WORDS)("reads %j on a basic alternative way, its key secret", async (w) => {
    const document = openapi(
      {
        "/zqthings": {
          get: { operationId: "zqListThings", responses: { "200": reply({ type: "object" }, { count: 1 }) } },
        },
      },
      {
        securitySchemes: {
          zqHeaderKey: { type: "apiKey", in: "header", name: "X-Zq-Key" },
          zqBasic: { type: "http", scheme: "basic", description: w },
        },
      },
      { security: [{ zqHeaderKey: [] }, { zqBasic: [] }] },
    );
    const d = drafted(document, ["zqListThings"]);
    const auth = d.manifest.auth as { alternatives?: unknown[] };
    expect(auth.alternatives).toEqual([{ scheme: "zqBasic", param: "apiKey2", password: "" }]);
    expect(Object.values(d.manifest.params ?? {}).filter((p) => !p.secret)).toEqual([]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("still leaves a key with no word of basic auth as it was", () => {
    expect(keyAsUserWords({ description: "Authorization: Basic base64(username:password)." })).toBeUndefined();
    expect(keyAsUserWords({ description: "The key as the username." })).toBeUndefined();
  });
});

describe("HTTP basic whose user name is called a key, its password not said empty", () => {
  it.each(["The API key as the username.", "Username: your API key; password: your API secret."])(
    "drafts %j with the user name secret, alone or as an alternative way",
    async (words) => {
      const alone = drafted(documentOf(words), ["zqListThings"]);
      expect(alone.manifest.auth).toEqual({ scheme: "zqBasic", param: "password", user: "username" });
      expect(alone.manifest.params?.username).toMatchObject({ secret: true });
      expect(notesAt(alone, "params.username").join("\n")).toContain("the user name is a key, as its description says");
      expect(await linkProblems(alone)).toEqual([]);
      const document = openapi(
        {
          "/zqthings": {
            get: { operationId: "zqListThings", responses: { "200": reply({ type: "object" }, { count: 1 }) } },
          },
        },
        {
          securitySchemes: {
            zqHeaderKey: { type: "apiKey", in: "header", name: "X-Zq-Key" },
            zqBasic: { type: "http", scheme: "basic", description: words },
          },
        },
        { security: [{ zqHeaderKey: [] }, { zqBasic: [] }] },
      );
      const d = drafted(document, ["zqListThings"]);
      expect(Object.values(d.manifest.params ?? {}).filter((p) => !p.secret)).toEqual([]);
    },
  );

  it("keeps an account's user name plain", () => {
    const d = drafted(documentOf("Your username and password."), ["zqListThings"]);
    expect(d.manifest.params?.username?.secret).toBeUndefined();
  });
});

describe("HTTP basic named as an API key", () => {
  it("drafts its user name secret, the scheme's name the reason, where no words say more", () => {
    const document = openapi(
      {
        "/zqthings": {
          get: { operationId: "zqListThings", responses: { "200": reply({ type: "object" }, { count: 1 }) } },
        },
      },
      { securitySchemes: { zq_api_key: { type: "http", scheme: "basic", description: "Basic auth is required." } } },
      { security: [{ zq_api_key: [] }] },
    );
    const d = drafted(document, ["zqListThings"]);
    expect(d.manifest.auth).toEqual({ scheme: "zq_api_key", param: "password", user: "username" });
    expect(d.manifest.params?.username).toMatchObject({ secret: true });
    expect(notesAt(d, "params.username").join("\n")).toContain('the scheme is named "zq_api_key", an API key\'s name');
    // Another name says nothing of a key: the user name stays an account's id, not secret.
    const plain = drafted(documentOf("Basic auth is required."), ["zqListThings"]);
    expect(plain.manifest.params?.username).not.toHaveProperty("secret");
  });
});
