// What emit and the contract cases check their own Ed25519 deliveries with: the public key of the private key the
// provider signs with, in each form the private key is given; another kind's secret as it is.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type TriggerSpec, verifyEvent } from "@blockwright/runtime/internal";
import { deliveryHeaders, verifyingKey } from "./trigger-deliveries.js";

const spec: TriggerSpec = {
  id: "zqcalls_call_ended",
  provider: "zqcalls",
  title: "Call ended",
  description: "",
  event: { source: "webhook", name: "callEnded" },
  match: [],
  authentication: { kind: "ed25519", encoding: "hex", header: "X-Zq-Sig", signedText: "{timestamp}{body}" },
  secretParam: "publicKey",
  handshakes: [],
  eventId: [],
  acknowledge: 200,
  maxBodyBytes: 4096,
  outputs: [],
};
const media = { mediaType: "application/json" } as Parameters<typeof deliveryHeaders>[1];

describe("verifyingKey", () => {
  it("gives an Ed25519 private key's public key, from PEM or its seed, which its deliveries verify with", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const expected = publicKey.export({ format: "pem", type: "spki" }).toString();
    const seed = privateKey.export({ format: "der", type: "pkcs8" }).subarray(16);
    for (const secret of [
      privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      seed.toString("hex"),
      seed.toString("base64"),
    ]) {
      expect(verifyingKey(spec, secret)).toBe(expected);
      const body = '{"id":"zq-1"}';
      const headers = await deliveryHeaders(spec, media, body, { secret, url: "http://127.0.0.1/zq" });
      const verified = await verifyEvent(
        spec,
        { method: "POST", url: "http://127.0.0.1/zq", headers, body },
        { secret: verifyingKey(spec, secret) },
      );
      expect(verified).toMatchObject({ ok: true });
    }
  });

  it("gives another kind's secret, and a text that is no private key, as they are", () => {
    const hmac: TriggerSpec = { ...spec, authentication: { kind: "standard-webhooks", toleranceSeconds: 300 } };
    expect(verifyingKey(hmac, "zq-secret")).toBe("zq-secret");
    expect(verifyingKey(spec, "zq-not-a-key")).toBe("zq-not-a-key");
  });
});
