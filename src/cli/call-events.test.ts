// `call` of an operation that answers a stream of server-sent events (manifest `stream` on a `text/event-stream`
// answer) against a loopback server that writes three events one after another, a comment and a retry among them:
// the three events printed one a line, each `{event, data, id?, retry?}`, their data parsed as the schema's JSON.
// The fixture provider's list made an event stream by text edits (its poll trigger left out).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { listAsStream, shelfCopy } from "../../test-support/shelf-copy.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-events-"));
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
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, listAsStream("text/event-stream"));
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("call of a stream of server-sent events", () => {
  it("prints the three events one a line, each with its type, data, id and retry", async () => {
    const run = await cli(
      [
        "call",
        "shelf_list_books",
        "--base-url",
        upstream.url,
        "--param",
        "apiKey={{ZQ_SHELF_KEY}}",
        "--param",
        "shelfId=main",
      ],
      { cwd: dir, env: { ZQ_SHELF_KEY: "zq-shelf-key-0123456789" } },
    );
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
