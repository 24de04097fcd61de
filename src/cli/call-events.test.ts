// `call` of an operation that answers a stream of server-sent events (manifest `stream` on a `text/event-stream`
// answer) against a loopback server that writes three events one after another, a comment and a retry among them:
// the three events printed one a line, each `{event, data, id?, retry?}`, their data parsed as the schema's JSON.
// The fixture provider's list made an event stream by text edits (its poll trigger left out).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "../../test-support/runtime/loopback-server.js";
import { callShelfList, streamProject } from "../../test-support/shelf-copy.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-events-"));
const dir = join(tmp, "project");
let upstream: Awaited<ReturnType<typeof server>>;

const EVENTS = [
  ': opened\nretry: 3000\n\ndata: {"total":1}\n\n',
  'event: page\nid: 2\ndata: {"total":\ndata: 2}\n\n',
  "event: done\ndata: [DONE]\n\n",
];

beforeAll(async () => {
  // Each event its own write, the next once the one before is handed to the socket.
  upstream = await server(() => ({
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    body: EVENTS,
  }));
  await streamProject(dir, "text/event-stream");
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("call of a stream of server-sent events", () => {
  it("prints the three events one a line, each with its type, data, id and retry", async () => {
    const run = await callShelfList(dir, upstream.url, "main");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { event: "message", data: { total: 1 }, retry: 3000 },
      { event: "page", data: { total: 2 }, id: "2" },
      { event: "done", data: "[DONE]" },
    ]);
    expect(upstream.received.at(-1)?.headers.accept).toMatch(/^text\/event-stream\b/);
  });
});
