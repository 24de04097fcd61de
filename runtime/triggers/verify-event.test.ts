import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TriggerSpec } from "../spec/trigger-types.js";
import { answerBodyHandshake, answerHandshake } from "./handshake.js";
import { signDelivery } from "./sign-delivery.js";
import { verifyEvent } from "./verify-event.js";

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const SECONDS = String(NOW / 1000);

function trigger(over: Partial<TriggerSpec>): TriggerSpec {
  return {
    id: "zqhooks_thing_created",
    provider: "zqhooks",
    title: "Thing created",
    description: "A thing was created.",
    event: { source: "webhook", name: "thingCreated" },
    match: [],
    authentication: { kind: "shared-secret", pointer: ["clientState"] },
    secretParam: "signingSecret",
    handshakes: [],
    eventId: [{ from: "event", pointer: ["id"] }],
    acknowledge: 202,
    maxBodyBytes: 1024,
    outputs: [
      { name: "thingId", description: "", source: { from: "event", pointer: ["thing", "id"] }, required: true },
    ],
    ...over,
  };
}

const timestamped = trigger({
  authentication: {
    kind: "hmac",
    algorithm: "SHA-256",
    encoding: "hex",
    header: "X-Zq-Signature",
    prefix: "v0=",
    signedText: "v0:{timestamp}:{body}",
    timestamp: { header: "X-Zq-Timestamp", toleranceSeconds: 300 },
  },
});
const body = JSON.stringify({ id: "ev1", type: "thing.created", thing: { id: "t-9" } });
// Computed with Node's own HMAC, not the module under test.
const goodSignature = `v0=${createHmac("sha256", "s3cret-zq").update(`v0:${SECONDS}:${body}`).digest("hex")}`;
const request = (headers: Record<string, string>, text = body) => ({
  method: "POST",
  url: "https://zq.example/hooks",
  headers,
  body: text,
});

describe("verifyEvent: an HMAC over a timestamp and the raw body", () => {
  it("accepts the provider's signature and maps the event to outputs", async () => {
    const result = await verifyEvent(
      timestamped,
      request({ "x-zq-signature": goodSignature, "x-zq-timestamp": SECONDS }),
      { secret: "s3cret-zq", now: NOW },
    );
    expect(result).toMatchObject({
      ok: true,
      id: "ev1",
      outputs: { data: { id: "ev1" }, metadata: { thingId: "t-9" } },
    });
  });

  it("refuses a tampered body, a wrong secret and a missing header as SIGNATURE_MISMATCH", async () => {
    const headers = { "X-Zq-Signature": goodSignature, "X-Zq-Timestamp": SECONDS };
    const tampered = await verifyEvent(timestamped, request(headers, body.replace("t-9", "t-8")), {
      secret: "s3cret-zq",
      now: NOW,
    });
    const wrongSecret = await verifyEvent(timestamped, request(headers), { secret: "other-zq", now: NOW });
    const missing = await verifyEvent(timestamped, request({ "X-Zq-Timestamp": SECONDS }), {
      secret: "s3cret-zq",
      now: NOW,
    });
    for (const r of [tampered, wrongSecret, missing])
      expect(r).toMatchObject({ ok: false, error: { code: "SIGNATURE_MISMATCH", trigger: "zqhooks_thing_created" } });
    expect(JSON.stringify([tampered, wrongSecret, missing])).not.toContain("s3cret-zq");
  });

  it("refuses a delivery signed 10 minutes ago as STALE_EVENT, before comparing signatures", async () => {
    const old = String(NOW / 1000 - 600);
    const signature = `v0=${createHmac("sha256", "s3cret-zq").update(`v0:${old}:${body}`).digest("hex")}`;
    const result = await verifyEvent(timestamped, request({ "x-zq-signature": signature, "x-zq-timestamp": old }), {
      secret: "s3cret-zq",
      now: NOW,
    });
    expect(result).toMatchObject({ ok: false, error: { code: "STALE_EVENT" } });
    if (!result.ok) expect(result.error.message).toContain("600 s ago");
  });

  it("signs what it verifies (emit's side), and a body over the limit is MALFORMED_EVENT", async () => {
    const headers = await signDelivery(timestamped, body, {
      secret: "s3cret-zq",
      now: NOW,
      url: "https://zq.example/hooks",
    });
    expect(headers["X-Zq-Signature"]).toBe(goodSignature);
    const big = await verifyEvent(timestamped, request(headers, body.padEnd(2048)), { secret: "s3cret-zq", now: NOW });
    expect(big).toMatchObject({ ok: false, error: { code: "MALFORMED_EVENT" } });
  });
});

describe("verifyEvent: other declared schemes", () => {
  it("checks Standard Webhooks against the specification's published example", async () => {
    const spec = trigger({
      authentication: { kind: "standard-webhooks", toleranceSeconds: 300 },
      eventId: [{ from: "header", name: "webhook-id" }],
      outputs: [],
    });
    const headers = {
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    const ok = await verifyEvent(spec, request(headers, '{"test": 2432232314}'), {
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      now: 1614265330_000,
    });
    expect(ok).toMatchObject({ ok: true, id: "msg_p5jXN8AQM9LWM0D4loKWxJek" });
    const replayedLater = await verifyEvent(spec, request(headers, '{"test": 2432232314}'), {
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      now: 1614265330_000 + 3600_000,
    });
    expect(replayedLater).toMatchObject({ ok: false, error: { code: "STALE_EVENT" } });
  });

  it("reads `t=…,v1=…` pairs, any of several signatures matching", async () => {
    const spec = trigger({
      authentication: {
        kind: "hmac",
        algorithm: "SHA-256",
        encoding: "hex",
        header: "Zq-Signature",
        pairs: { signature: "v1", timestamp: "t" },
        signedText: "{timestamp}.{body}",
        timestamp: { toleranceSeconds: 300 },
      },
    });
    const sig = createHmac("sha256", "whzq").update(`${SECONDS}.${body}`).digest("hex");
    const result = await verifyEvent(spec, request({ "zq-signature": `t=${SECONDS},v1=deadbeef,v1=${sig}` }), {
      secret: "whzq",
      now: NOW,
    });
    expect(result.ok).toBe(true);
    expect(await signDelivery(spec, body, { secret: "whzq", now: NOW, url: "x" })).toMatchObject({
      "Zq-Signature": `t=${SECONDS},v1=${sig}`,
    });
  });

  it("signs a form delivery over the URL and its sorted parameters (SHA-1, base64)", async () => {
    const spec = trigger({
      authentication: {
        kind: "hmac",
        algorithm: "SHA-1",
        encoding: "base64",
        header: "X-Zq-Form-Signature",
        signedText: "{url}{form}",
      },
      eventId: [{ from: "event", pointer: ["Sid"] }],
      outputs: [{ name: "from", description: "", source: { from: "event", pointer: ["From"] }, required: true }],
    });
    const form = "To=%2B15550001&From=%2B15550002&Sid=SMzq1";
    const url = "https://zq.example/hooks?x=1";
    const sig = createHmac("sha1", "formzq").update(`${url}From+15550002SidSMzq1To+15550001`).digest("base64");
    const result = await verifyEvent(
      spec,
      {
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-zq-form-signature": sig },
        body: form,
      },
      { secret: "formzq" },
    );
    expect(result).toMatchObject({ ok: true, id: "SMzq1", outputs: { metadata: { from: "+15550002" } } });
  });

  it("reads a signed JSON body labelled a form as JSON, and a form's text as a form", async () => {
    const spec = { ...timestamped, match: [{ pointer: ["type"], equals: "thing.created" }] };
    const headers = {
      "content-type": "application/x-www-form-urlencoded; charset=utf-8",
      "x-zq-signature": goodSignature,
      "x-zq-timestamp": SECONDS,
    };
    // Read as a form, the body was one parameter named after its whole text: no event of the trigger.
    expect(await verifyEvent(spec, request(headers), { secret: "s3cret-zq", now: NOW })).toMatchObject({
      ok: true,
      id: "ev1",
      outputs: { metadata: { thingId: "t-9" } },
    });
    const form = "id=ev2&type=thing.created&thing=%7B";
    const formSignature = `v0=${createHmac("sha256", "s3cret-zq").update(`v0:${SECONDS}:${form}`).digest("hex")}`;
    const formSpec = { ...spec, outputs: [] };
    expect(
      await verifyEvent(formSpec, request({ ...headers, "x-zq-signature": formSignature }, form), {
        secret: "s3cret-zq",
        now: NOW,
      }),
    ).toMatchObject({ ok: true, id: "ev2", event: { id: "ev2", type: "thing.created", thing: "{" } });
  });

  it("leaves out an event of several that lacks what a required output reads, and says why", async () => {
    const spec = trigger({ items: ["value"] });
    const events = (...things: object[]) =>
      JSON.stringify({ value: things.map((thing, i) => ({ id: `ev${i}`, clientState: "state-zq", thing })) });
    const some = await verifyEvent(spec, request({}, events({ id: "t-1" }, {})), { secret: "state-zq" });
    expect(some).toMatchObject({
      ok: true,
      id: "ev0",
      skipped: ["an event lacks /thing/id, which the output metadata.thingId reads"],
    });
    expect(some.ok && some.events.map((e) => e.id)).toEqual(["ev0"]);
    expect(await verifyEvent(spec, request({}, events({}, {})), { secret: "state-zq" })).toMatchObject({
      ok: false,
      error: { code: "MALFORMED_EVENT", message: "an event lacks /thing/id, which the output metadata.thingId reads" },
    });
  });

  it("takes a secret echoed in each event, picks this trigger's events and says UNKNOWN_EVENT for others", async () => {
    const spec = trigger({
      items: ["value"],
      match: [{ pointer: ["changeType"], equals: "created" }],
      eventId: [
        { from: "event", pointer: ["subscriptionId"] },
        { from: "event", pointer: ["resourceData", "id"] },
        { from: "event", pointer: ["changeType"] },
      ],
      outputs: [
        { name: "userId", description: "", source: { from: "event", pointer: ["resourceData", "id"] }, required: true },
      ],
    });
    const note = (changeType: string, clientState: string) =>
      JSON.stringify({ value: [{ subscriptionId: "s1", clientState, changeType, resourceData: { id: "u1" } }] });
    expect(await verifyEvent(spec, request({}, note("created", "state-zq")), { secret: "state-zq" })).toMatchObject({
      ok: true,
      id: "s1:u1:created",
      outputs: { metadata: { userId: "u1" } },
    });
    expect(await verifyEvent(spec, request({}, note("created", "wrong")), { secret: "state-zq" })).toMatchObject({
      ok: false,
      error: { code: "SIGNATURE_MISMATCH" },
    });
    expect(await verifyEvent(spec, request({}, note("updated", "state-zq")), { secret: "state-zq" })).toMatchObject({
      ok: false,
      error: { code: "UNKNOWN_EVENT" },
    });
    expect(await verifyEvent(spec, request({}, "{not json"), { secret: "state-zq" })).toMatchObject({
      ok: false,
      error: { code: "MALFORMED_EVENT" },
    });
    // Nested past the rule every input keeps (5,000 lists deep: keeping it overflowed the stack, a 500 each time):
    // refused as malformed, naming the rule and where, whatever the secret.
    const deep = note("created", "state-zq").replace(
      '"resourceData"',
      `"zqdeep":${"[".repeat(5000)}${"]".repeat(5000)},"resourceData"`,
    );
    const refused = await verifyEvent({ ...spec, maxBodyBytes: 1 << 20 }, request({}, deep), { secret: "state-zq" });
    expect(refused).toMatchObject({ ok: false, error: { code: "MALFORMED_EVENT" } });
    expect(refused.ok || refused.error.message).toMatch(
      /nested more than 100 levels deep .* at \/value\/0\/zqdeep\/0\//,
    );
  });
});

describe("answerHandshake", () => {
  const spec = {
    handshakes: [
      { kind: "echo-query", param: "validationToken" },
      { kind: "echo-header", header: "X-Hook-Secret" },
    ],
  } as const;
  it("echoes a validation token, decoded, as text/plain", () => {
    expect(
      answerHandshake({ handshakes: [...spec.handshakes] }, { url: "/hooks/x?validationToken=abc%20123", headers: {} }),
    ).toMatchObject({ status: 200, body: "abc 123", headers: { "content-type": "text/plain; charset=utf-8" } });
  });
  it("echoes a hook secret header, and a plain delivery is no handshake", () => {
    expect(
      answerHandshake({ handshakes: [...spec.handshakes] }, { url: "/hooks/x", headers: { "x-hook-secret": "h1" } }),
    ).toMatchObject({ status: 200, headers: { "X-Hook-Secret": "h1" } });
    expect(answerHandshake({ handshakes: [...spec.handshakes] }, { url: "/hooks/x", headers: {} })).toBeUndefined();
  });
});

describe("verifyEvent: an event id read from an object", () => {
  it(
    "is the object's canonical JSON: two objects are two " + "ids, the same one with its keys in another order one id",
    async () => {
      const objectIds = trigger({ items: ["value"], eventId: [{ from: "event", pointer: ["ref"] }] });
      const delivered = (refs: unknown[]) =>
        JSON.stringify({ value: refs.map((ref) => ({ ref, clientState: "zq-state", thing: { id: "t" } })) });
      const result = await verifyEvent(
        objectIds,
        {
          method: "POST",
          url: "https://zq.example/hooks",
          headers: {},
          body: delivered([{ b: 2, a: 1 }, { a: 1, b: 3 }, { a: 1, b: 2 }, ["x", { z: 1 }]]),
        },
        { secret: "zq-state" },
      );
      expect(result.ok && result.events.map((e) => e.id)).toEqual([
        '{"a":1,"b":2}',
        '{"a":1,"b":3}',
        '{"a":1,"b":2}',
        '["x",{"z":1}]',
      ]);
    },
  );
});

describe("verifyEvent: a delivery's JSON read losslessly", () => {
  it(
    "keeps a 64-bit integer id exactly, as its text, in the event id, the event and the outputs; " +
      "other numbers as numbers",
    async () => {
      const bigIds = trigger({
        items: ["value"],
        eventId: [{ from: "event", pointer: ["id"] }],
        outputs: [
          { name: "thingId", description: "", source: { from: "event", pointer: ["thing", "id"] }, required: true },
        ],
      });
      const body =
        '{"value":[{"id":820982911946154508,"clientState":"zq-state",' +
        '"thing":{"id":-9223372036854775807,"n":42,"x":1.5e300,"s":"820982911946154508 ' +
        '\\" 1234567890123456789"}}]}';
      expect(JSON.parse(body).value[0].id).toBe(820982911946154500);
      const result = await verifyEvent(
        bigIds,
        { method: "POST", url: "https://zq.example/hooks", headers: {}, body },
        { secret: "zq-state" },
      );
      expect(result).toMatchObject({
        ok: true,
        id: "820982911946154508",
        outputs: { metadata: { thingId: "-9223372036854775807" } },
      });
      expect(result.ok && result.event).toEqual({
        id: "820982911946154508",
        clientState: "zq-state",
        thing: { id: "-9223372036854775807", n: 42, x: 1.5e300, s: '820982911946154508 " 1234567890123456789' },
      });
    },
  );
});

describe("routing on a header, and a handshake in the body", () => {
  it(
    "takes only the deliveries whose header holds the trigger's event type, " +
      "and answers a body challenge only for the body it names",
    async () => {
      const routed = trigger({
        matchHeaders: [{ header: "x-zq-event", equals: "thing.created" }],
        handshakes: [
          { kind: "echo-body", pointer: ["challenge"], when: [{ pointer: ["type"], equals: "url_verification" }] },
        ],
      });
      const body = JSON.stringify({ id: "ev1", clientState: "zq-state", thing: { id: "t-1" } });
      const at = (event: string) =>
        verifyEvent(
          routed,
          { method: "POST", url: "https://zq.example/hooks", headers: { "X-Zq-Event": event }, body },
          { secret: "zq-state" },
        );
      expect(await at("thing.created")).toMatchObject({ ok: true, id: "ev1" });
      expect(await at("ping")).toMatchObject({
        ok: false,
        error: {
          code: "UNKNOWN_EVENT",
          message:
            'the delivery\'s x-zq-event header is not "thing.created": another event (x-zq-event: "thing.created")',
        },
      });
      expect(answerBodyHandshake(routed, JSON.stringify({ type: "url_verification", challenge: "zq-3eXW" }))).toEqual({
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: "zq-3eXW",
        kind: "echo-body",
      });
      expect(
        answerBodyHandshake(routed, JSON.stringify({ type: "event_callback", challenge: "zq-3eXW" })),
      ).toBeUndefined();
      expect(answerBodyHandshake(routed, "not json")).toBeUndefined();
      // Never answered before the signature check: the query and header handshakes leave it alone.
      expect(answerHandshake(routed, { url: "/hooks", headers: {} })).toBeUndefined();
    },
  );
});
