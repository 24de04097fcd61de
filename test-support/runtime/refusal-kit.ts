// What the refusal tests of runtime/validate/ share (refusals.test.ts, refusals-values.test.ts): the made-up
// credentials, document generation's minimal input, and an origin a redirect points to, started before the file's
// tests and stopped after them, which must never receive anything.
import { afterAll, beforeAll } from "vitest";
import { type Received, server } from "./loopback-server.js";

export const GAMMA_KEY = "sk-gamma-refusal-test-0001";
export const BOOKS_KEY = "AIzaRefusalTestKey0002";
export const GRAPH_TOKEN = "graph-token-refusal-0003";
export const generate = { apiKey: GAMMA_KEY, inputText: "A deck about otters", textMode: "generate" };

/** The other origin of the file that calls this: its address and what it received, once its tests run. */
export function otherOrigin(): { readonly url: string; readonly received: Received[] } {
  let other: Awaited<ReturnType<typeof server>> | undefined;
  beforeAll(async () => {
    other = await server(() => ({ status: 200, body: JSON.stringify({ generationId: "stolen", items: [] }) }));
  });
  afterAll(async () => {
    await other?.close();
  });
  const started = () => {
    if (!other) throw new Error("otherOrigin: the origin starts before the file's tests, not at its top level");
    return other;
  };
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
  };
}
