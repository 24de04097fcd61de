// Values that sign their holder in, drafted plain (a secret audit of 150 documents of the public directory, seed
// 1308): a secrets vault's `jwt` exchanged for its access token (undescribed), a wireless network's `auth_psk`
// ("Pre-shared key"), and a bot's payment `provider_token` ("Payments provider token, obtained via …"). Each is a
// secret by its name now; a JWT's algorithm or id, and filters or flags about them, stay plain. And a token described
// as a secret key (a postcode API's `user_token`, "A secret key used for sensitive operations on your account"; seed
// 1310), as a key so described is; a value described as an API key's or a new secret's, and a token received in an
// invitation (seed 1312).
import { describe, expect, it } from "vitest";
import { namesSecret } from "./secret-names.js";

describe("a value that signs its holder in, by its name", () => {
  it("is a secret: a JSON Web Token, a pre-shared key, a provider's token", () => {
    for (const [name, description] of [
      ["jwt", "The jwt field."],
      ["zq_user_jwt", undefined],
      ["auth_psk", "Pre-shared key"],
      ["zqPsk", undefined],
      ["provider_token", "Payments provider token, obtained via the zq bot."],
    ] as const)
      expect(namesSecret(name, description), name).toBe(true);
  });

  it("is not a JWT's algorithm or id, a filter of a key's name, or a flag", () => {
    expect(namesSecret("jwt_algorithm", "The algorithm that signs the JWT.")).toBe(false);
    expect(namesSecret("jwt", "The identifier of the JWT issuer configuration.")).toBe(false);
    expect(namesSecret("auth_psk__ic", "The auth_psk__ic parameter.")).toBe(false);
    expect(namesSecret("zq_use_psk", "Whether to use a pre-shared key.", { shape: { type: "boolean" } })).toBe(false);
    expect(namesSecret("provider_token_type", "The provider token's type.")).toBe(false);
  });

  it("is a token described as a secret or an account's key, not one described as such a key's id", () => {
    const described = "A secret key used for sensitive operations on your account and API Keys.";
    expect(namesSecret("user_token", described)).toBe(true);
    expect(namesSecret("zqUserToken", "The account key of the zq user.")).toBe(true);
    expect(namesSecret("zq_token", "The id of the secret key.")).toBe(false);
    expect(namesSecret("zq_token", "The secret key's name.")).toBe(false);
  });
});

describe("a value described as an API key's or a new secret's, a token an invitation carries", () => {
  it("is a secret, whatever its name; a key's or a secret's name stays plain", () => {
    expect(namesSecret("value", "Specifies a value of the API key.")).toBe(true);
    expect(namesSecret("value", "The value of the new secret.")).toBe(true);
    expect(namesSecret("userToken", "Token received in an invitation to join the score.")).toBe(true);
    expect(namesSecret("value", "The value of the API key's name.")).toBe(false);
    expect(namesSecret("value", "The name of the new secret.")).toBe(false);
    expect(namesSecret("userToken", "The ID for the user.")).toBe(false);
  });
});

describe("a token a sign-in hands out, or one to reset a password (seed 1316)", () => {
  it("is a secret, whatever its name; a token's lifetime stays plain", () => {
    expect(namesSecret("zqbladeUsertoken", "User Token obtained through user authentication.")).toBe(true);
    expect(namesSecret("ZqBlade-DevToken", "Developer Token obtained through admin authentication.")).toBe(true);
    expect(namesSecret("token", "the token to reset the password")).toBe(true);
    expect(namesSecret("token_ttl_user", "ttl for user tokens in seconds, obtained through user authentication")).toBe(
      false,
    );
    expect(namesSecret("startingToken", "The pagination token obtained from a previous request.")).toBe(false);
  });
});

describe("OAuth's verifiers and the key a call needs (seed 1338)", () => {
  it("are secrets: OAuth 1's verifier, a PKCE code's, a key described as the one required to use the API", () => {
    expect(namesSecret("oauth_verifier", "The verification code received after the user has granted it.")).toBe(true);
    expect(namesSecret("code_verifier")).toBe(true);
    expect(namesSecret("key", "The license key required to use the API")).toBe(true);
    expect(namesSecret("zqLicense", "Your key needed to access the service.")).toBe(true);
  });

  it("are not a verifier's method, nor a key of a record the API keeps", () => {
    expect(namesSecret("code_verifier_method")).toBe(false);
    expect(namesSecret("key", "The key of the setting.")).toBe(false);
    expect(namesSecret("key", "The key required to use the zq record's lock.")).toBe(false);
  });
});
