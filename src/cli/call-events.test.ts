// `call` of an operation that answers a stream of server-sent events (manifest `stream` on a `text/event-stream`
// answer) against a loopback server that writes three events one after another, a comment and a retry among them:
// the three events printed one a line, each `{event, data, id?, retry?}`, their data parsed as the schema's JSON.
// The fixture provider's list made an event stream by text edits (its poll trigger left out).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { listAsStream, shelfCopy } from "../../test-support/shelf-copy.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-events-"));
const dir = join(tmp, "project");
let upstream: Server;
let url = "";
const received: IncomingHttpHeaders[] = [];

const EVENTS = [
  ': opened\nretry: 3000\n\ndata: {"total":1}\n\n',
  'event: page\nid: 2\ndata: {"total":\ndata: 2}\n\n',
  "event: done\ndata: [DONE]\n\n",
];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    // Each event its own write, the next once the one before is handed to the socket.
    const write = (i: number): void => {
      if (i === EVENTS.length) {
        res.end();
        return;
      }
      res.write(EVENTS[i], () => write(i + 1));
    };
    write(0);
  });
  await new Promise<void>((listening) => upstream.listen(0, "127.0.0.1", listening));
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, [
    ...listAsStream(),
    {
      file: "openapi.yaml",
      find: "description: A page of books.\n          content:\n            application/json:",
      replace: "description: A page of books.\n          content:\n            text/event-stream:",
    },
  ]);
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(async () => {
  await new Promise<void>((closed) => upstream.close(() => closed()));
  rmSync(tmp, { recursive: true, force: true });
});

describe("call of a stream of server-sent events", () => {
  it("prints the three events one a line, each with its type, data, id and retry", async () => {
    const run = await cli(
      ["call", "shelf_list_books", "--base-url", url, "--param", "apiKey={{ZQ_SHELF_KEY}}", "--param", "shelfId=main"],
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
    expect(received.at(-1)?.accept).toMatch(/^text\/event-stream\b/);
  });
});
