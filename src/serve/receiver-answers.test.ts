// What the receiver answers a delivery it runs nothing from: a JSON error naming the code and the rule (never the
// secret nor the signature) with the refusal's status, and another event acknowledged by design but logged. A signed
// JSON delivery labelled a form is read as the JSON it is and runs, never acknowledged as another event and dropped.
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { delivery, startReceiver, ZQ_CLIENT_STATE, zqTrigger } from "../../test-support/serve-receivers.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { TriggerStore } from "./store.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-receiver-answers-"));
let store: TriggerStore;
beforeAll(() => {
  store = openSqliteStore(join(dir, "serve.sqlite"));
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const SECRET = "zq-signing-secret-5d2a";
/** A trigger signed with an HMAC of the body, taking the events whose /type is `thing.created`. */
const signedTrigger: TriggerSpec = {
  ...zqTrigger,
  id: "zqhooks_thing_signed",
  match: [{ pointer: ["type"], equals: "thing.created" }],
  authentication: {
    kind: "hmac",
    algorithm: "SHA-256",
    encoding: "hex",
    header: "X-Zq-Signature",
    signedText: "{body}",
  },
  secretParam: "signingSecret",
  handshakes: [],
  acknowledge: 200,
};
delete (signedTrigger as { items?: unknown }).items;
const sign = (body: string, secret = SECRET) => createHmac("sha256", secret).update(body).digest("hex");
const send = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: "POST", headers, body });

/** The answer's status, content type and parsed JSON body. */
async function read(answer: Response) {
  const text = await answer.text();
  return { status: answer.status, type: answer.headers.get("content-type"), text, json: JSON.parse(text) as unknown };
}

describe("the receiver's answers", () => {
  it("runs a signed JSON delivery sent labelled as a form, read as its JSON", async () => {
    const receiver = await startReceiver(store, { trigger: signedTrigger, secret: SECRET });
    try {
      const body = JSON.stringify({ id: "evt-form-labelled", type: "thing.created", thing: { id: "thing-1" } });
      const headers = { "content-type": "application/x-www-form-urlencoded", "x-zq-signature": sign(body) };
      expect((await send(receiver.url, body, headers)).status).toBe(200);
      await receiver.idle();
      expect(receiver.started).toEqual(["evt-form-labelled"]);
    } finally {
      await receiver.close();
    }
  });

  it("answers a refusal as a JSON error naming the code and the rule, never the secret or the signature", async () => {
    const receiver = await startReceiver(store, { trigger: signedTrigger, secret: SECRET });
    try {
      const body = JSON.stringify({ id: "evt-forged", type: "thing.created", thing: { id: "thing-2" } });
      const forged = sign(body, "zq-another-secret");
      const refused = await read(
        await send(receiver.url, body, { "content-type": "application/json", "x-zq-signature": forged }),
      );
      expect(refused).toMatchObject({
        status: 401,
        type: "application/json; charset=utf-8",
        json: {
          error: { code: "SIGNATURE_MISMATCH", message: "the X-Zq-Signature signature does not match the body" },
        },
      });
      expect(refused.text).not.toContain(forged);
      expect(refused.text).not.toContain(sign(body));
      const malformed = await read(
        await send(receiver.url, "{not json", {
          "content-type": "application/json",
          "x-zq-signature": sign("{not json"),
        }),
      );
      expect(malformed).toMatchObject({ status: 400, json: { error: { code: "MALFORMED_EVENT" } } });
      expect(await read(await fetch(receiver.url))).toMatchObject({
        status: 405,
        json: { error: { code: "METHOD_NOT_ALLOWED", message: "deliveries are POSTed" } },
      });
      const large = JSON.stringify({ id: "evt-large", type: "thing.created", pad: "z".repeat(600) });
      expect(
        await read(await send(receiver.url, large, { "content-type": "application/json", "x-zq-signature": "0" })),
      ).toMatchObject({
        status: 413,
        json: { error: { code: "BODY_TOO_LARGE", message: "the body is over the trigger's maxBodyBytes, 512 bytes" } },
      });
      expect(receiver.started).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("withholds a shared secret from the refusal of an event carrying another", async () => {
    const receiver = await startReceiver(store);
    try {
      const refused = await read(await send(receiver.url, delivery("evt-other-state", "zq-wrong-state"), {}));
      expect(refused).toMatchObject({ status: 401, json: { error: { code: "SIGNATURE_MISMATCH" } } });
      expect(refused.text).not.toContain(ZQ_CLIENT_STATE);
      expect(refused.text).not.toContain("zq-wrong-state");
    } finally {
      await receiver.close();
    }
  });

  it("acknowledges another event by design, runs nothing, and logs that it ran nothing", async () => {
    const receiver = await startReceiver(store, { trigger: signedTrigger, secret: SECRET });
    try {
      const body = JSON.stringify({ id: "evt-deleted", type: "thing.deleted", thing: { id: "thing-3" } });
      const answer = await read(
        await send(receiver.url, body, { "content-type": "application/json", "x-zq-signature": sign(body) }),
      );
      expect(answer).toMatchObject({ status: 202, json: { error: { code: "UNKNOWN_EVENT" } } });
      await receiver.idle();
      expect(receiver.started).toEqual([]);
      expect(receiver.logs).toEqual([
        "zqhooks_thing_signed: acknowledged a delivery of no event this trigger takes, without a run: UNKNOWN_EVENT: " +
          'none of the 1 event(s) is this trigger\'s (/type = "thing.created")',
      ]);
    } finally {
      await receiver.close();
    }
  });
});
