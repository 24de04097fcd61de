// Receivers of `blockwright serve` (src/serve/receiver.ts) on loopback for
// tests, on a fixture trigger whose events carry their secret (no signing
// needed), with the store's runs taken by an executor (src/serve/run-executor.ts)
// whose attempt records the event and can be held until the test lets it go.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { createReceiver } from "../src/serve/receiver.js";
import { startRuns } from "../src/serve/start-runs.js";
import type { TriggerStore } from "../src/serve/store.js";

export const ZQ_CLIENT_STATE = "zq-client-state-7c1f4e";

export const zqTrigger: TriggerSpec = {
  id: "zqhooks_thing_created",
  provider: "zqhooks",
  title: "Thing created",
  description: "A thing was created.",
  event: { source: "webhook", name: "thingCreated" },
  items: ["value"],
  match: [],
  authentication: { kind: "shared-secret", pointer: ["clientState"] },
  secretParam: "clientState",
  handshakes: [{ kind: "echo-query", param: "validationToken" }],
  eventId: [{ from: "event", pointer: ["id"] }],
  acknowledge: 202,
  maxBodyBytes: 512,
  outputs: [{ name: "thingId", description: "", source: { from: "event", pointer: ["thing", "id"] }, required: true }],
};

/** A delivery of one event (`clientState` as given). */
export const delivery = (id: string, clientState = ZQ_CLIENT_STATE) =>
  JSON.stringify({ value: [{ id, clientState, thing: { id: `thing-${id}` } }] });

export interface TestReceiver {
  url: string;
  /** Event ids whose run started, in order. */
  started: string[];
  logs: string[];
  /** Lets the held runs finish (each run waits for this when `hold` is set). */
  release(): void;
  /** Resolves once no run is queued or in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(
  store: TriggerStore,
  options: { hold?: boolean; trigger?: TriggerSpec; secret?: string; deliveredTo?: string } = {},
): Promise<TestReceiver> {
  const trigger = options.trigger ?? zqTrigger;
  const started: string[] = [];
  const logs: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const path = `/triggers/${trigger.id}`;
  let inFlight = 0;
  const runs = await startRuns({
    store,
    trigger: trigger.id,
    concurrency: 4,
    retry: { attempts: 1, backoffMs: 1000 },
    log: (line) => logs.push(line),
    attempt: async (run) => {
      inFlight++;
      try {
        started.push(run.event);
        if (options.hold) await gate;
        return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
      } finally {
        inFlight--;
      }
    },
  });
  const receiver = createReceiver({
    trigger,
    path,
    ...(options.deliveredTo ? { deliveredTo: options.deliveredTo } : {}),
    secret: options.secret ?? ZQ_CLIENT_STATE,
    store,
    log: (line) => logs.push(line),
    accepted: () => runs.kick(),
  });
  const server: Server = createServer(receiver.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const idle = async () => {
    for (;;) {
      const waiting = (await store.runs()).filter(
        (r) => r.trigger === trigger.id && (r.status === "queued" || r.status === "running"),
      );
      if (!waiting.length && !inFlight) return;
      runs.kick();
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    started,
    logs,
    release: () => release(),
    idle,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      release();
      await runs.stop(1000);
    },
  };
}
