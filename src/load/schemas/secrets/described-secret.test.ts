// A value described, first, as a secret of some kind is a secret whatever its name; a secret's name, id, count or
// store, or a question about one, is not.
import { describe, expect, it } from "vitest";
import { describedAsASecret } from "./key-descriptions.js";
import { secretField } from "./secret-names.js";

describe("a value described as a secret", () => {
  it("is none where the field is named as an id or a name, which refers to one", () => {
    const description = "Image zqregistry pull secret.";
    expect(describedAsASecret(description)).toBe(true);
    expect(secretField("zqPullSecretName", { type: "string", description })).toBe(false);
    expect(secretField("zq_secret_id", { type: "string", description })).toBe(false);
  });

  it.each([
    "The zqendpoint's verification secret. If null is passed, one is generated.",
    "Signing secret used to verify zqdeliveries",
    "The shared secret for the zqhook",
    "Your zqapp secret.",
    "secret",
  ])("is a secret: %s", (description) => {
    expect(describedAsASecret(description)).toBe(true);
    expect(secretField("key", { type: "string", description })).toBe(true);
  });

  it.each([
    "The secret name.",
    "The zqsecret manager's ARN",
    "Whether a secret is set.",
    "Number of secrets in the zqvault.",
    "The name of the secret to read.",
    "The secret's id",
    "The secret clearance level of the zqdocument",
    "A key to sort zqrows by",
    "Associate a secret to a zqproject.",
    "Secret represents a secret that should populate this zqvolume.",
  ])("is none: %s", (description) => {
    expect(describedAsASecret(description)).toBe(false);
    expect(secretField("key", { type: "string", description })).toBe(false);
  });
});
