// Receivers of `blockwright serve` (src/serve/receiver.ts) on loopback for
// tests, on a fixture trigger whose events carry their secret (no signing
// needed): the runs they start are recorded, and each run can be held until
// the test lets it go.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { createReceiver } from "../src/serve/receiver.js";
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
export const delivery = (id: string, clientState = ZQ_CLIENT_STATE) => JSON.stringify({ value: [{ id, clientState, thing: { id: `thing-${id}` } }] });

export interface TestReceiver {
  url: string;
  /** Event ids whose run started, in order. */
  started: string[];
  logs: string[];
  /** Lets the held runs finish (each run waits for this when `hold` is set). */
  release(): void;
  inFlight: Set<Promise<void>>;
  close(): Promise<void>;
}

export async function startReceiver(store: TriggerStore, options: { hold?: boolean; trigger?: TriggerSpec; secret?: string; deliveredTo?: string } = {}): Promise<TestReceiver> {
  const trigger = options.trigger ?? zqTrigger;
  const started: string[] = [];
  const logs: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const path = `/triggers/${trigger.id}`;
  const receiver = createReceiver({
    trigger,
    path,
    ...(options.deliveredTo ? { deliveredTo: options.deliveredTo } : {}),
    secret: options.secret ?? ZQ_CLIENT_STATE,
    store,
    log: (line) => logs.push(line),
    start: async (event) => {
      started.push(event.id);
      if (options.hold) await gate;
      await store.recordRun({ trigger: trigger.id, event: event.id, status: "succeeded", startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), blocks: [] });
    },
  });
  const server: Server = createServer(receiver.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    started,
    logs,
    release: () => release(),
    inFlight: receiver.inFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
