// A field named as the secret alone (`clientSecret`), described by a vendor's label for it ("Your Client Secret ID
// obtainable by logging into your account", a published legal-records API's token request, whose example is 64
// characters of key): the label is the field's name said again, not an id. "The id of the secret" still is one.
import { describe, expect, it } from "vitest";
import { namesSecret, secretField } from "./secret-names.js";

const label = "Your Client Secret ID obtainable by logging into your Zq account.";

describe("a secret's label in its description", () => {
  it("leaves a field named as the secret alone a secret", () => {
    expect(namesSecret("clientSecret", label)).toBe(true);
    expect(namesSecret("client_secret", label)).toBe(true);
    expect(secretField("clientSecret", { type: "string", description: label })).toBe(true);
  });

  it("still makes a field whose name or words say an id of the secret plain", () => {
    expect(namesSecret("clientSecretId", label)).toBe(false);
    expect(namesSecret("clientSecret", "The id of the client secret to rotate.")).toBe(false);
    expect(namesSecret("secretName", "Secret name")).toBe(false);
  });
});
