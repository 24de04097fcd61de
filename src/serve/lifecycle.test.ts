// Lifecycle notifications about a trigger's subscription, received on loopback
// as the provider sends them: the handshake at the lifecycle address echoed,
// each notification verified like a delivery (the secret it echoes), answered
// at once with the trigger's status and handed to the keeper with its event and
// subscription; a forged or oversized one refused, nothing acted on.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { afterEach, describe, expect, it } from "vitest";
import { ZQ_CLIENT_STATE, zqTrigger } from "../../test-support/serve-receivers.js";
import { rawRequest, statusOf } from "../../test-support/raw-request.js";
import { createLifecycleReceiver } from "./lifecycle.js";

const trigger: TriggerSpec = {
  ...zqTrigger,
  subscription: {
    create: {
      operation: "zqhooks_create_hook",
      inputs: { url: "{{trigger.url}}", lifecycle: "{{trigger.lifecycleUrl}}" },
    },
    idOutput: "metadata.id",
    lifecycle: {
      items: ["value"],
      event: ["lifecycleEvent"],
      subscription: ["subscriptionId"],
      actions: { reauthorizationRequired: "renew" },
    },
  },
};
const PATH = `/triggers/${trigger.id}/lifecycle`;

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** A receiver on loopback: lifecycle notifications at PATH, anything else 404; what the keeper was asked to do. */
async function receiving() {
  const acted: [string, string | undefined][] = [];
  const logs: string[] = [];
  const lifecycle = createLifecycleReceiver({
    trigger,
    path: PATH,
    deliveredTo: `https://zq.example${PATH}`,
    secret: ZQ_CLIENT_STATE,
    act: async (event, id) => {
      acted.push([event, id]);
    },
    log: (l) => logs.push(l),
  });
  server = createServer((req, res) => {
    if (lifecycle.handles(req)) return lifecycle.handle(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server?.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
  const settled = () => Promise.all([...lifecycle.inFlight]);
  return { url, acted, logs, settled };
}

const notification = (events: Record<string, unknown>[]) => JSON.stringify({ value: events });

describe("a subscription's lifecycle notifications", () => {
  it("answers the provider's handshake at the lifecycle address", async () => {
    const r = await receiving();
    const answer = await fetch(`${r.url}?validationToken=zq%20token`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("zq token");
    expect(r.acted).toEqual([]);
  });

  it(
    "acknowledges a verified notification at once and " + "hands each event, with its subscription, to the keeper",
    async () => {
      const r = await receiving();
      const body = notification([
        { subscriptionId: "hook-1", clientState: ZQ_CLIENT_STATE, lifecycleEvent: "reauthorizationRequired" },
        { subscriptionId: "hook-1", clientState: ZQ_CLIENT_STATE, lifecycleEvent: "missed" },
      ]);
      const answer = await fetch(r.url, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(answer.status).toBe(trigger.acknowledge);
      await r.settled();
      expect(r.acted).toEqual([
        ["reauthorizationRequired", "hook-1"],
        ["missed", "hook-1"],
      ]);
    },
  );

  it(
    "refuses a notification without the subscription's secret, or over the body limit, " +
      "acting on nothing and logging no secret",
    async () => {
      const r = await receiving();
      const forged = await fetch(r.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: notification([
          { subscriptionId: "hook-1", clientState: "zq-not-it", lifecycleEvent: "subscriptionRemoved" },
        ]),
      });
      expect(forged.status).toBe(401);
      const large = await fetch(r.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "x".repeat(trigger.maxBodyBytes + 1),
      });
      expect(large.status).toBe(413);
      expect((await fetch(r.url)).status).toBe(405);
      await r.settled();
      expect(r.acted).toEqual([]);
      expect(r.logs).toEqual([
        expect.stringMatching(/refused a lifecycle notification: SIGNATURE_MISMATCH/),
        expect.stringMatching(/over 512 bytes \(413\)/),
      ]);
      expect(r.logs.join("\n")).not.toContain(ZQ_CLIENT_STATE);
    },
  );

  it("answers 413 at once to a notification whose Content-Length is over the limit, before its body", async () => {
    const r = await receiving();
    const { host, pathname } = new URL(r.url);
    const head =
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${trigger.maxBodyBytes + 1}\r\n\r\n`;
    // The head alone: a receiver waiting for the body would answer nothing before the socket is given up.
    expect(statusOf(await rawRequest(r.url, head, 5_000))).toBe(413);
    expect(r.logs).toEqual([expect.stringMatching(/over 512 bytes \(413\)/)]);
  });

  it("takes only its own address", async () => {
    const r = await receiving();
    expect((await fetch(r.url.replace("/lifecycle", ""), { method: "POST" })).status).toBe(404);
    expect((await fetch(`${r.url}/more`, { method: "POST" })).status).toBe(404);
  });
});
