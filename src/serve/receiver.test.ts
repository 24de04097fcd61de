// The receiver without a process around it: a delivery over the trigger's
// body limit gets 413 and no run, and a delivery is acknowledged while its
// run is still going (the run waits on a promise the test holds).
import { createHmac } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { MALFORMED_HEADS, rawRequest, statusOf } from "../../test-support/raw-request.js";
import { delivery, startReceiver, ZQ_CLIENT_STATE, zqTrigger } from "../../test-support/serve-receivers.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { TriggerStore } from "./store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-receiver-"));
let store: TriggerStore;
beforeAll(() => {
  store = openSqliteStore(join(dir, "serve.sqlite"));
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });

describe("the receiver", () => {
  it("answers 413 to a delivery over the trigger's maxBodyBytes, and starts no run", async () => {
    const receiver = await startReceiver(store);
    try {
      const body = JSON.stringify({
        value: [{ id: "evt-big", clientState: ZQ_CLIENT_STATE, thing: { id: "x".repeat(zqTrigger.maxBodyBytes) } }],
      });
      expect(Buffer.byteLength(body)).toBeGreaterThan(zqTrigger.maxBodyBytes);
      const answer = await post(receiver.url, body).catch((e: unknown) => e as Error);
      // The receiver answers 413 and closes the connection; the client sees the status unless the close wins.
      if (answer instanceof Response) expect(answer.status).toBe(413);
      expect(receiver.logs.join("\n")).toContain(`refused a delivery over ${zqTrigger.maxBodyBytes} bytes (413)`);
      // A delivery of the largest size taken still runs, so the limit is where it says.
      const fits = delivery("evt-fits");
      expect(Buffer.byteLength(fits)).toBeLessThanOrEqual(zqTrigger.maxBodyBytes);
      expect((await post(receiver.url, fits)).status).toBe(202);
      await receiver.idle();
      expect(receiver.started).toEqual(["evt-fits"]);
      expect((await store.runs()).map((r) => r.event)).not.toContain("evt-big");
    } finally {
      await receiver.close();
    }
  });

  it("answers 413 at once to a delivery whose Content-Length is over maxBodyBytes, before its body comes", async () => {
    const receiver = await startReceiver(store);
    try {
      const { host, pathname } = new URL(receiver.url);
      const head =
        `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${zqTrigger.maxBodyBytes + 1}\r\n\r\n`;
      // The head alone: a receiver waiting for the body would answer nothing before the socket is given up.
      expect(statusOf(await rawRequest(receiver.url, head, 5_000))).toBe(413);
      expect(receiver.logs.join("\n")).toContain(`refused a delivery over ${zqTrigger.maxBodyBytes} bytes (413)`);
    } finally {
      await receiver.close();
    }
  });

  it(
    "answers 400 with a log line to a request naming no address (a request line or Host no URL holds), " +
      "and goes on receiving",
    async () => {
      const receiver = await startReceiver(store);
      try {
        for (const head of MALFORMED_HEADS) expect(statusOf(await rawRequest(receiver.url, head)), head).toBe(400);
        expect(receiver.logs.filter((l) => l.includes("refused a request naming no address"))).toHaveLength(
          MALFORMED_HEADS.length,
        );
        expect(receiver.logs.join("\n")).toContain("POST http://[::1, Host 127.0.0.1 (400)");
        expect((await post(receiver.url, delivery("evt-after-malformed"))).status).toBe(202);
        await receiver.idle();
        expect(receiver.started).toEqual(["evt-after-malformed"]);
      } finally {
        await receiver.close();
      }
    },
  );

  it(
    "logs an event id holding control characters and a " + "forged line escaped, on one line, and a long one cut",
    async () => {
      const receiver = await startReceiver(store);
      try {
        const forged = "evt-\u001b[2J\nzqhooks_thing_created: event evt-other seen before: no second run\u2028";
        const long = `evt-long-${"z".repeat(300)}`;
        const one = (id: string) =>
          JSON.stringify({ value: [{ id, clientState: ZQ_CLIENT_STATE, thing: { id: "t" } }] });
        for (const id of [forged, forged, long, long]) expect((await post(receiver.url, one(id))).status).toBe(202);
        await receiver.idle();
        const seen = receiver.logs.filter((l) => l.includes("seen before"));
        expect(seen).toHaveLength(2);
        expect(seen[0]).toBe(
          "zqhooks_thing_created: event evt-\\u001b[2J\\nzqhooks_thing_created: event evt-other seen before: " +
            "no second run\\u2028 seen before: no second run",
        );
        expect(seen[1]).toBe(`zqhooks_thing_created: event ${long.slice(0, 200)}… seen before: no second run`);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
        for (const line of receiver.logs) expect(line).not.toMatch(/[\u0000-\u001f\u2028]/);
      } finally {
        await receiver.close();
      }
    },
  );

  it(
    "acknowledges a delivery once it is kept with its " + "run queued, before the run has started or finished",
    async () => {
      const receiver = await startReceiver(store, { hold: true });
      const statusOf = async (event: string) => (await store.runs()).find((r) => r.event === event)?.status;
      try {
        const answer = await post(receiver.url, delivery("evt-held"));
        expect(answer.status).toBe(zqTrigger.acknowledge);
        // The answer came once the run was on disk: queued, or already taken.
        expect(["queued", "running"]).toContain(await statusOf("evt-held"));
        while (!receiver.started.includes("evt-held")) await new Promise((r) => setTimeout(r, 10));
        expect(await statusOf("evt-held")).toBe("running");
        receiver.release();
        await receiver.idle();
        expect(await statusOf("evt-held")).toBe("succeeded");
      } finally {
        receiver.release();
        await receiver.close();
      }
    },
  );

  // A shared secret travels in each event (`clientState`): the store kept it in the delivery's body and again in each
  // queued run's `start.data`, where everything printed showed "[redacted]".
  it("keeps the delivery and its runs without the shared secret its events carry", async () => {
    const file = join(dir, "withheld.sqlite");
    const own = openSqliteStore(file);
    const receiver = await startReceiver(own);
    try {
      expect((await post(receiver.url, delivery("evt-withheld"))).status).toBe(202);
      await receiver.idle();
      expect(receiver.started).toEqual(["evt-withheld"]);
    } finally {
      await receiver.close();
      await own.close();
    }
    const bytes = readdirSync(dir)
      .filter((name) => name.startsWith("withheld.sqlite"))
      .map((name) => readFileSync(join(dir, name)).toString("latin1"))
      .join("");
    expect(bytes).toContain("evt-withheld");
    expect(bytes).toContain("[redacted]");
    for (const form of [ZQ_CLIENT_STATE, Buffer.from(ZQ_CLIENT_STATE).toString("base64").slice(0, 16)])
      expect(bytes).not.toContain(form);
  });

  // JSON may write a lone surrogate (`\ud800`); as UTF-8 each became U+FFFD, and two events one id: the second was
  // acknowledged and never ran.
  it("runs two events whose ids differ only in a lone surrogate, each once", async () => {
    const receiver = await startReceiver(store);
    try {
      for (const lone of ["\\ud800", "\\udbff", "\\udbff"]) {
        const body = delivery("evt-lone-zq").replace('"evt-lone-zq"', `"evt-lone-zq${lone}"`);
        expect(body).toContain(lone);
        expect((await post(receiver.url, body)).status).toBe(202);
      }
      await receiver.idle();
      // Two runs (the third delivery repeats the second event); their ids are shown as their UTF-8 shows them.
      expect(receiver.started.filter((id) => id.startsWith("evt-lone-zq"))).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("tells once per trigger that events without an id are deduplicated on a hash of the body", async () => {
    const { memoryStore } = await import("./memory-store.js");
    const told = (logs: string[]) => logs.filter((l) => l.includes("hash of the delivery's body"));
    // The declared id missing from two deliveries: one line, naming the trigger and what identifies its events.
    const lacking = await startReceiver(memoryStore());
    try {
      for (const n of [1, 2]) {
        const body = delivery(`evt-nohash-${n}`).replace(`"id":"evt-nohash-${n}",`, "");
        expect((await post(lacking.url, body)).status).toBe(202);
      }
      expect((await post(lacking.url, delivery("evt-hash-has-id"))).status).toBe(202);
      await lacking.idle();
      expect(lacking.started).toHaveLength(3);
      expect(told(lacking.logs)).toEqual([
        `${zqTrigger.id}: a delivery lacked what identifies its events (the event's /id): its events are told apart ` +
          "by a hash of the delivery's body, so a redelivery whose body differs runs again (declare the trigger's " +
          "eventId to deduplicate on the provider's id; said once)",
      ]);
    } finally {
      await lacking.close();
    }
    // A trigger declaring none: said at its first delivery; one whose deliveries carry their ids says nothing.
    const undeclared = await startReceiver(memoryStore(), { trigger: { ...zqTrigger, eventId: [] } });
    const carried = await startReceiver(memoryStore());
    try {
      expect((await post(undeclared.url, delivery("evt-undeclared"))).status).toBe(202);
      expect((await post(carried.url, delivery("evt-carried"))).status).toBe(202);
      expect(told(undeclared.logs)).toEqual([expect.stringContaining(": the trigger declares no eventId: its events")]);
      expect(told(carried.logs)).toEqual([]);
    } finally {
      await undeclared.close();
      await carried.close();
    }
  });

  it("remembers event ids for the trigger's dedupeHours, 72 hours unless it declares one", async () => {
    const horizons: number[] = [];
    const { memoryStore } = await import("./memory-store.js");
    const watched = memoryStore();
    const accept = watched.accept.bind(watched);
    watched.accept = (d, horizonMs) => {
      horizons.push(horizonMs);
      return accept(d, horizonMs);
    };
    for (const trigger of [zqTrigger, { ...zqTrigger, dedupeHours: 720 }]) {
      const receiver = await startReceiver(watched, { trigger });
      try {
        expect((await post(receiver.url, delivery(`evt-horizon-${horizons.length}`))).status).toBe(202);
      } finally {
        await receiver.close();
      }
    }
    expect(horizons).toEqual([72 * 3_600_000, 720 * 3_600_000]);
  });

  // One event of a delivery of several lacking what a required output reads refused the delivery whole (400): its
  // other events were refused with it at every redelivery, and never ran.
  it("runs the events of a delivery that hold what the outputs read, and says which it left out", async () => {
    const receiver = await startReceiver(store);
    try {
      const body = JSON.stringify({
        value: [
          { id: "evt-whole-1", clientState: ZQ_CLIENT_STATE, thing: { id: "thing-1" } },
          { id: "evt-partial", clientState: ZQ_CLIENT_STATE, thing: {} },
          { id: "evt-whole-2", clientState: ZQ_CLIENT_STATE, thing: { id: "thing-2" } },
        ],
      });
      expect((await post(receiver.url, body)).status).toBe(202);
      await receiver.idle();
      expect([...receiver.started].sort()).toEqual(["evt-whole-1", "evt-whole-2"]);
      expect(receiver.logs.filter((line) => line.includes("left out"))).toEqual([
        "zqhooks_thing_created: left out an event of a delivery: an event lacks /thing/id, which the output " +
          "metadata.thingId reads",
      ]);
      // Every event lacking it: the delivery is malformed, and nothing is kept.
      const none = JSON.stringify({ value: [{ id: "evt-none", clientState: ZQ_CLIENT_STATE, thing: {} }] });
      expect((await post(receiver.url, none)).status).toBe(400);
      expect((await store.runs()).map((r) => r.event)).not.toContain("evt-none");
    } finally {
      await receiver.close();
    }
  });

  it("verifies a signature over {url} against the address the provider was given, with the query", async () => {
    // A form-posting provider's scheme: HMAC-SHA1, base64, over the URL and the sorted form parameters.
    const secret = "zq-url-signing-secret-42";
    const trigger: TriggerSpec = {
      ...zqTrigger,
      id: "zqhooks_form_posted",
      items: undefined,
      authentication: {
        kind: "hmac",
        algorithm: "SHA-1",
        encoding: "base64",
        header: "X-Zq-Signature",
        signedText: "{url}{form}",
      },
      secretParam: "authToken",
      handshakes: [],
      eventId: [{ from: "event", pointer: ["ZqSid"] }],
      acknowledge: 200,
      maxBodyBytes: 4096,
      outputs: [],
    };
    delete (trigger as { items?: unknown }).items;
    const body = "ZqSid=SM1&Body=hello&From=%2B15550001";
    // Signed text: the address, then each form parameter sorted by name, name and value run together.
    const sign = (url: string, sid = "SM1") =>
      createHmac("sha1", secret).update(`${url}BodyhelloFrom+15550001ZqSid${sid}`).digest("base64");
    const send = (url: string, signature: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-zq-signature": signature },
        body,
      });

    const own = await startReceiver(store, { trigger, secret });
    try {
      // No public address: the one the request names (Host header and path, query included).
      const url = `${own.url}?zq=1`;
      expect((await send(url, sign(url))).status).toBe(200);
      expect((await send(url, sign(own.url))).status).toBe(401);
    } finally {
      await own.close();
    }
    const publicAddress = "https://hooks.zq.example/triggers/zqhooks_form_posted";
    const proxied = await startReceiver(store, { trigger, secret, deliveredTo: publicAddress });
    try {
      // Behind a proxy the provider signs the public address, not this receiver's own.
      expect((await send(proxied.url, sign(proxied.url))).status).toBe(401);
      const again = body.replace("SM1", "SM2");
      const answer = await fetch(proxied.url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-zq-signature": sign(publicAddress, "SM2") },
        body: again,
      });
      expect(answer.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
