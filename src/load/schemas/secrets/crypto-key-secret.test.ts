// A deep link's `encryption-key` ("Deep link encryption-key") was drafted plain: whoever holds it reads or forges the
// links it protects.
import { describe, expect, it } from "vitest";
import { namesSecret } from "./secret-names.js";

describe("a key that encrypts by its name", () => {
  it("is secret, a public one or a key's id not", () => {
    for (const name of ["encryption-key", "zqEncryptionKey", "zq_decryption_key", "hmac_key", "cipherKey"])
      expect(namesSecret(name, "Deep link encryption-key"), name).toBe(true);
    // A description beginning with a link's words is no link's subject where a key to encrypt it follows.
    expect(namesSecret("encryption-key", "Deep link encryption-key", { shape: { type: "string" } })).toBe(true);
    expect(namesSecret("public_encryption_key", "The public half")).toBe(false);
    expect(namesSecret("encryption_key_id", "Which key encrypts the file")).toBe(false);
  });
});
