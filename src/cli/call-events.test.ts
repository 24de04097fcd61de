// `call` of an operation that answers a stream of server-sent events (manifest `stream` on a `text/event-stream`
// answer) against a loopback server that writes three events one after another, a comment and a retry among them:
// the three events printed one a line, each `{event, data, id?, retry?}`, their data parsed as the schema's JSON.
// The fixture provider's list made an event stream by text edits (its poll trigger left out).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";

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

/** The list's page schema and its outputs (through its 404 outcome's), as the fixture writes them. */
function listOutputs(): string {
  const text = readFileSync(join(ROOT, "test-support/fixtures/specs/shelf/manifest.yaml"), "utf8");
  const start = text.indexOf("    outputs:\n      data:\n        type: array");
  const end = text.indexOf("  shelf_add_book:");
  if (start < 0 || end < start) throw new Error("the fixture's list outputs moved");
  return text.slice(start, end);
}

/** The fixture's poll trigger of that list (the manifest's last block), whose items a stream has none of. */
function listPollTrigger(): string {
  const text = readFileSync(join(ROOT, "test-support/fixtures/specs/shelf/manifest.yaml"), "utf8");
  const start = text.search(/^ {2}\w+:\n(?: {4}.*\n)*? {4}poll:\n {6}operation: shelf_list_books\n/m);
  if (start < 0) throw new Error("the fixture's poll trigger moved");
  // To the next block of two spaces' indent or less (the next line starting so), or the end.
  const end = text.slice(start).search(/\n(?: {2}\S|\S)/);
  return text.slice(start, end < 0 ? text.length : start + end + 1);
}

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
    { find: listOutputs(), replace: "    stream: true\n    outputs: {}\n" },
    { find: listPollTrigger(), replace: "" },
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
