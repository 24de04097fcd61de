// Which maps of texts hold a secret in each value (secret-maps.ts): by the name, a map's own word and a plural put by
// (`credentialsMap`, `apiKeys`, `secret_dict`), a sign-in's parameters or a challenge's responses, or a description
// saying secret data; not a map whose description says its values name secrets, nor one named for anything else.
import { describe, expect, it } from "vitest";
import { namesSecretMap } from "./secret-maps.js";

describe("a map of texts", () => {
  it("holds secrets when its name or description says so", () => {
    for (const name of ["credentials", "zqCredentialsMap", "secrets", "secret_dict", "zqApiKeys", "passwords"])
      expect(namesSecretMap(name), name).toBe(true);
    for (const name of ["AuthParameters", "auth_params", "ChallengeResponses", "zqClientSecrets", "cookies"])
      expect(namesSecretMap(name), name).toBe(true);
    expect(namesSecretMap("data", "Data contains the secret data. Each key is a file's name.")).toBe(true);
  });

  it("holds none when it names secrets kept elsewhere, or is named for anything else", () => {
    expect(namesSecretMap("secretVariables", "Environment variable names to the secret manager's secret names.")).toBe(
      false,
    );
    expect(namesSecretMap("secrets", "The names of the secrets the job reads.")).toBe(false);
    for (const name of ["tags", "labels", "keyValues", "sessionAttributes", "zqTokenUrlProperties", "data"])
      expect(namesSecretMap(name), name).toBe(false);
    expect(namesSecretMap(undefined)).toBe(false);
  });
});
