// The text an API key in a header takes before it, as published documents
// write it (key-prefix.ts), and the draft that carries it (auth.prefix)
// through to the request a linked tool sends.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  sentHeaders,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";
import { documentedPrefix, prefixOfExample } from "./key-prefix.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("documentedPrefix", () => {
  it.each([
    // A vendor extension's example value (Klaviyo's x-default).
    [
      "zqKey",
      { type: "apiKey", in: "header", name: "Authorization", "x-default": "Zq-API-Key your-private-api-key" },
      "Zq-API-Key ",
      'its x-default "Zq-API-Key your-private-api-key"',
    ],
    // A code span of the description (PagerDuty's format), the value starting after "=".
    [
      "api_key",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "The API Key with format `Token token=<API_KEY>`",
      },
      "Token token=",
      'its description\'s "Token token=<API_KEY>"',
    ],
    // A quoted example, the header's own name left off.
    [
      "zqKey",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: 'Send "Authorization: Bot {token}" on every request.',
      },
      "Bot ",
      'its description\'s "Authorization: Bot {token}"',
    ],
    // A stand-in of several words, after the header's name (Okta's).
    [
      "apiToken",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "Pass the API token prefixed with SSWS: `Authorization: SSWS {API Token}`",
      },
      "SSWS ",
      'its description\'s "Authorization: SSWS {API Token}"',
    ],
    // A sentence saying what goes first (Gitea's).
    [
      "AuthorizationHeaderToken",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: 'API tokens must be prepended with "token" followed by a space.',
      },
      "token ",
      'its description ("prepended with "token" followed by a space")',
    ],
    // A sentence naming the word and the space after it (a key sent after "Basic ", itself base64 encoded).
    [
      "zq_auth_header",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description:
          'The word "Basic" followed by a space and your API Key, base64 encoded, found [here](https://zq.test).',
      },
      "Basic ",
      'its description ("word "Basic" followed by a space")',
    ],
    // A single-quoted example inside a quoted sentence: the sentence is no prefix ("Type 'Bearer TOKEN' to … API ").
    [
      "zqBearer",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: `"Type 'Bearer TOKEN' to correctly set the API Key"`,
      },
      "Bearer ",
      'its description\'s "Bearer TOKEN"',
    ],
    // An example written after a colon without quotes, its stand-in a shell variable.
    [
      "zqAuth",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "Bearer token authentication. Use the format: Bearer $API_KEY_OR_JWT",
      },
      "Bearer ",
      'its description\'s "Bearer $API_KEY_OR_JWT"',
    ],
    // A code span quoting its example (AppVeyor's `"Bearer <token>"`), beside a key's own start the key is prefixed
    // with ("prefixed with "v2.""), which is no prefix: the header was sent as "v2. <key>".
    [
      "zqToken",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description:
          'Pass it in the `Authorization` header as `"Zq <token>"`. A user-level key (prefixed with "v2.") works too.',
      },
      "Zq ",
      'its description\'s "Zq <token>"',
    ],
    // The scheme's own name, a scheme word.
    ["Bearer", { type: "apiKey", in: "header", name: "Authorization" }, "Bearer ", "its name, Bearer"],
    // A name of Bearer and another word (Swagger 2.0 has no bearer scheme).
    ["BearerJwt", { type: "apiKey", in: "header", name: "Authorization" }, "Bearer ", "its name, BearerJwt"],
    ["bearer_token", { type: "apiKey", in: "header", name: "Authorization" }, "Bearer ", "its name, bearer_token"],
    ["bearerAuth", { type: "apiKey", in: "header", name: "Authorization" }, "Bearer ", "its name, bearerAuth"],
    ["BEARER", { type: "apiKey", in: "header", name: "Authorization" }, "Bearer ", "its name, BEARER"],
  ])("reads %s's prefix", (name, scheme, prefix, from) => {
    expect(documentedPrefix(name, scheme, String(scheme.name))).toEqual({ prefix, from });
  });

  it.each([
    ["no hint", "zqKey", { type: "apiKey", in: "header", name: "Authorization", description: "Discord bot token" }],
    [
      "a code span that is a name, not an example",
      "zqKey",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "Set the `Authorization` header to your key.",
      },
    ],
    [
      "an example with no text before the value",
      "zqKey",
      { type: "apiKey", in: "header", name: "X-Zq-Key", "x-example": "your-api-key" },
    ],
    ["a scheme word naming a scheme of another header", "Token", { type: "apiKey", in: "header", name: "X-Token" }],
    ["a word that only starts as Bearer", "Bearerless", { type: "apiKey", in: "header", name: "Authorization" }],
    // Another scheme word is no proof: keys in schemes so named were as often sent bare.
    ["a name of the word Token alone", "Token", { type: "apiKey", in: "header", name: "Authorization" }],
    ["a name of the word bot alone", "bot", { type: "apiKey", in: "header", name: "Authorization" }],
    [
      "a sentence whose last word names the key",
      "zqKey",
      { type: "apiKey", in: "header", name: "Authorization", description: '"Paste your personal API key"' },
    ],
    [
      "a key's own start the key is prefixed with",
      "zqKey",
      {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: 'A user-level API key (prefixed with "v2.") is sent as it is.',
      },
    ],
    // A settings page's section named in quotes ("in the "ZQ API Keys" section create a new key"): a label of keys,
    // plural, not a value's stand-in; read as one, every call sent `api-key: ZQ API <key>`.
    [
      "a quoted label naming keys in the plural",
      "zq-key",
      {
        type: "apiKey",
        in: "header",
        name: "zq-key",
        description: 'To obtain one, visit your settings: in the "ZQ API Keys" section create a new key.',
      },
    ],
    [
      "a quoted button label ending in a title-case Key",
      "zq-key",
      { type: "apiKey", in: "header", name: "zq-key", description: 'Click "Generate ZQ Key" to make one.' },
    ],
  ])("finds none in %s", (_, name, scheme) => {
    expect(documentedPrefix(name, scheme, String(scheme.name))).toBeUndefined();
  });

  it("takes no stand-in, line break or overlong text for a prefix", () => {
    expect(prefixOfExample("<scheme> <key>", "Authorization")).toBeUndefined();
    expect(prefixOfExample("Token\n<key>", "Authorization")).toBeUndefined();
    expect(prefixOfExample(`${"x".repeat(70)} <key>`, "Authorization")).toBeUndefined();
    expect(prefixOfExample("ZQ API Tokens", "X-Zq-Key")).toBeUndefined();
    expect(prefixOfExample("Token <tokens>", "Authorization")).toBe("Token ");
  });
});

describe("a drafted API key in Authorization", () => {
  const paths = {
    "/orders": {
      get: {
        operationId: "listOrders",
        responses: { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) },
      },
    },
  };
  const keyed = (scheme: Record<string, unknown>) =>
    openapi(
      paths,
      { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "Authorization", ...scheme } } },
      { security: [{ zqKey: [] }] },
    );

  it("carries the documented prefix (auth.prefix) with a note, and its tool sends the key after it", async () => {
    const d = drafted(keyed({ description: "The API Key with format `Token token=<API_KEY>`" }), ["listOrders"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey", prefix: "Token token=" });
    expect(notesAt(d, "auth")).toContain(
      'security scheme zqKey sends the key after "Token token=" (auth prefix), as its description\'s "Token ' +
        'token=<API_KEY>" shows: check it against a real request',
    );
    expect(await linkProblems(d)).toEqual([]);
    expect((await sentHeaders(d)).get("authorization")).toBe("Token token=zq-key-0000000001");
  });

  it("without one, is sent as it is, and a note says where a prefix would go", () => {
    const d = drafted(keyed({ description: "Discord bot token" }), ["listOrders"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey" });
    expect(notesAt(d, "auth")).toContain(
      "security scheme zqKey sends the key in Authorization as it is: if the API wants a word before it (Bearer, " +
        'Token, Bot), write it as the prefix of auth (prefix: "Token ")',
    );
  });

  it("named Token and shown nowhere, is sent as it is, and the note says the name's word is not shown", () => {
    const doc = keyed({});
    doc.components.securitySchemes = { Token: doc.components.securitySchemes.zqKey };
    doc.security = [{ Token: [] }];
    const d = drafted(doc, ["listOrders"]);
    expect(d.manifest.auth).toEqual({ scheme: "Token", param: "apiKey" });
    expect(notesAt(d, "auth")).toContain(
      'security scheme Token sends the key in Authorization as it is (its name, "Token", is a word some APIs send ' +
        "before a key, but the document shows no prefix): if the API wants a word before it (Bearer, Token, Bot), " +
        'write it as the prefix of auth (prefix: "Token ")',
    );
  });
});
