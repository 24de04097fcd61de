// A parameter whose name says nothing of a key (`keyid`, `license`) but whose description's first sentence says it is
// the API key and nothing more ("Clé API", "Your Zq license API key. Register at…"); a secret whose name ends in
// `secret` after other words (`callbackSecret`, an HMAC's shared secret); one of a numbered set of keys (`apiKey_l2`):
// each was drafted as a plain input, shown in clear in errors and outputs.
import { describe, expect, it } from "vitest";
import { carriesCredential } from "../../import/auth/credential-params.js";
import { describedAsTheKey } from "./api-key-words.js";
import { withoutIndex } from "./name-words.js";
import { namesSecret } from "./secrets/secret-names.js";

const THE_KEY = [
  "Clé API",
  "Your API key.",
  "The API Key",
  "Votre clé d'API",
  "Your Zqtorax license API key. Register at www.zqtorax.test/register",
  "Client Api Key",
  "Integration Partner Api Key",
];
const MORE_THAN_THE_KEY = [
  "API key id",
  "The API key's id",
  "API key to revoke",
  "ID of the API key",
  "Name of your API key",
  "Your public API key",
  "Publishable API key",
  "Filter the results by API key",
  "The zq license.",
  "",
];

describe("a description saying the value is the API key", () => {
  it.each(THE_KEY)("reads %j as the key, whatever the name", (words) => {
    expect(describedAsTheKey(words)).toBe(true);
    expect(namesSecret("zqlicense", words)).toBe(true);
  });
  it.each(MORE_THAN_THE_KEY)("leaves %j, which says more or other, to the name", (words) => {
    expect(describedAsTheKey(words)).toBe(false);
    expect(namesSecret("zqlicense", words)).toBe(false);
  });
});

describe("a name ending in secret after other words", () => {
  it("is a secret, unless its description names a secret or its shape holds none", () => {
    expect(namesSecret("zqCallbackSecret", "Used to compute the signature of the callback")).toBe(true);
    expect(namesSecret("callback-secret")).toBe(true);
    expect(namesSecret("zqVaultSecret", "The name of the secret to read")).toBe(false);
    expect(namesSecret("hasZqSecret", undefined, { shape: { type: "boolean" } })).toBe(false);
    expect(namesSecret("zqSecretName")).toBe(false);
  });
});

describe("a refresh token after other words", () => {
  it("is a secret whatever its description, a page's token no", () => {
    expect(namesSecret("zq_store_refresh_token", "Zq store refresh token")).toBe(true);
    expect(namesSecret("zqStoreRefreshToken")).toBe(true);
    expect(namesSecret("zq_next_page_token")).toBe(false);
  });
});

describe("one of a numbered set", () => {
  it("is read as its name without the number", () => {
    expect(withoutIndex("apiKey_l2")).toBe("apiKey");
    expect(withoutIndex("zq-secret-2")).toBe("zq-secret");
    expect(withoutIndex("address2")).toBe("address2");
    expect(withoutIndex("zqline_2")).toBe("zqline");
    expect(carriesCredential("body", "apiKey_l2", true, "apikey_l2 (Like: c60f8db5)")).toBe(true);
    expect(carriesCredential("body", "apiKey_l2", true)).toBe(true);
    expect(namesSecret("zq_api_secret_2")).toBe(true);
    expect(carriesCredential("body", "zqline_2", true)).toBe(false);
    expect(namesSecret("zqline_2")).toBe(false);
  });
});
