// A value described as holding a private key, whatever its name (a secret audit of 150 documents of the public
// directory, seed 1306: a web portal's `decryptionCertBase64`, "This should be the .pfx file with the private key",
// drafted plain beside its password, which was secret): whoever holds it decrypts or signs as its owner. A certificate
// said to hold none, or a flag asking whether one does, stays plain.
import { describe, expect, it } from "vitest";
import { namesSecret } from "./secret-names.js";

describe("a value described as holding a private key", () => {
  it("is a secret whatever its name: a .pfx file, a key store, a bundle", () => {
    const holding = [
      "The certificate file raw data in Base64 string. This should be the .pfx file with the private key.",
      "A PKCS#12 key store containing the private key and its chain.",
      "The PEM bundle, which includes the private key.",
    ];
    for (const description of holding) expect(namesSecret("zqCertBlob", description), description).toBe(true);
  });

  it("is not where the description says it holds none, nor a flag asking whether it does", () => {
    expect(namesSecret("zqCertificate", "The PEM certificate, without the private key.")).toBe(false);
    expect(namesSecret("zqCertificate", "The public certificate; it must not contain the private key.")).toBe(false);
    expect(namesSecret("zqCertificate", "The certificate. Do not include the private key.")).toBe(false);
    const flag = "Search certificates by whether or not they contain a private key.";
    expect(namesSecret("zq_has_key", flag, { shape: { type: "boolean" } })).toBe(false);
  });
});
