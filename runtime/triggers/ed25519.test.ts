import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TriggerSpec } from "../spec/trigger-types.js";
import { signDelivery } from "./sign-delivery.js";
import { verifyEvent } from "./verify-event.js";

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const SECONDS = String(NOW / 1000);
const zq = generateKeyPairSync("ed25519");
const other = generateKeyPairSync("ed25519");
const rawHex = (k: typeof zq.publicKey) => k.export({ format: "der", type: "spki" }).subarray(12).toString("hex");

const spec: TriggerSpec = {
  id: "zqcalls_call_ended",
  provider: "zqcalls",
  title: "Call ended",
  description: "A call ended.",
  event: { source: "webhook", name: "callEnded" },
  match: [],
  authentication: {
    kind: "ed25519",
    encoding: "base64",
    header: "Zq-Signature-Ed25519",
    signedText: "{timestamp}|{body}",
    timestamp: { header: "Zq-Timestamp", toleranceSeconds: 300 },
  },
  secretParam: "publicKey",
  handshakes: [],
  eventId: [{ from: "event", pointer: ["id"] }],
  acknowledge: 200,
  maxBodyBytes: 4096,
  outputs: [],
};
const body = JSON.stringify({ id: "ev-1", call: { id: "c-7" } });
// Signed by Node's own Ed25519, not the module under test.
const signature = (key = zq.privateKey, text = `${SECONDS}|${body}`) =>
  sign(null, Buffer.from(text), key).toString("base64");
const delivery = (headers: Record<string, string>, text = body) => ({
  method: "POST",
  url: "https://zq.example/hooks",
  headers,
  body: text,
});

describe("verifyEvent: an Ed25519 signature checked with the provider's public key", () => {
  it("accepts the provider's signature with the key as hex, base64 or PEM", async () => {
    const headers = { "zq-signature-ed25519": signature(), "zq-timestamp": SECONDS };
    for (const key of [
      rawHex(zq.publicKey),
      Buffer.from(rawHex(zq.publicKey), "hex").toString("base64"),
      zq.publicKey.export({ format: "pem", type: "spki" }).toString(),
    ])
      expect(await verifyEvent(spec, delivery(headers), { secret: key, now: NOW })).toMatchObject({
        ok: true,
        id: "ev-1",
      });
  });

  it("refuses a tampered body, another key's signature and a missing signature as SIGNATURE_MISMATCH", async () => {
    const key = rawHex(zq.publicKey);
    const results = [
      await verifyEvent(
        spec,
        delivery({ "zq-signature-ed25519": signature(), "zq-timestamp": SECONDS }, body.replace("c-7", "c-8")),
        { secret: key, now: NOW },
      ),
      await verifyEvent(
        spec,
        delivery({ "zq-signature-ed25519": signature(other.privateKey), "zq-timestamp": SECONDS }),
        { secret: key, now: NOW },
      ),
      await verifyEvent(spec, delivery({ "zq-timestamp": SECONDS }), { secret: key, now: NOW }),
      await verifyEvent(spec, delivery({ "zq-signature-ed25519": "not base64 !", "zq-timestamp": SECONDS }), {
        secret: key,
        now: NOW,
      }),
    ];
    for (const r of results) expect(r).toMatchObject({ ok: false, error: { code: "SIGNATURE_MISMATCH" } });
  });

  it("refuses a delivery signed 10 minutes ago as STALE_EVENT, and one without its timestamp", async () => {
    const old = String(NOW / 1000 - 600);
    const stale = await verifyEvent(
      spec,
      delivery({ "zq-signature-ed25519": signature(zq.privateKey, `${old}|${body}`), "zq-timestamp": old }),
      { secret: rawHex(zq.publicKey), now: NOW },
    );
    expect(stale).toMatchObject({ ok: false, error: { code: "STALE_EVENT" } });
    const missing = await verifyEvent(spec, delivery({ "zq-signature-ed25519": signature() }), {
      secret: rawHex(zq.publicKey),
      now: NOW,
    });
    expect(missing).toMatchObject({ ok: false, error: { code: "STALE_EVENT" } });
  });

  it("says a configured key that is no Ed25519 key is one, naming what it takes", async () => {
    const result = await verifyEvent(spec, delivery({ "zq-signature-ed25519": signature(), "zq-timestamp": SECONDS }), {
      secret: "abcd",
      now: NOW,
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "SIGNATURE_MISMATCH", message: expect.stringContaining("not an Ed25519 key") },
    });
  });

  it("signs what it verifies (emit's side), with the private key as PEM or its seed in hex", async () => {
    const pem = zq.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const seed = zq.privateKey.export({ format: "der", type: "pkcs8" }).subarray(16).toString("hex");
    for (const secret of [pem, seed]) {
      const headers = await signDelivery(spec, body, { secret, now: NOW, url: "https://zq.example/hooks" });
      expect(headers).toMatchObject({ "Zq-Timestamp": SECONDS });
      expect(await verifyEvent(spec, delivery(headers), { secret: rawHex(zq.publicKey), now: NOW })).toMatchObject({
        ok: true,
      });
    }
  });
});
