// `blockwright emit` in-process against small receivers of the test's own, on
// the shelf fixture's trigger (Standard Webhooks) given a handshake: what is
// sent verifies with the secret, a handshake is checked for its echo, and the
// receiver's answer is shown on one line, escaped, without the secret.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyEvent } from "@blockwright/runtime/internal";
import { cli } from "../../test-support/cli-harness.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { loadProvider } from "../emit/generate-all.js";

const dir = mkdtempSync(join(tmpdir(), "blockwright-emit-unit-"));
shelfCopy(dir, [{ find: "    acknowledge: 204", replace: "    handshakes: [{ echoQuery: validationToken }, { echoHeader: X-Hook-Secret }]\n    acknowledge: 204" }]);
const trigger = (await loadProvider(dir, join(dir, "specs/shelf"))).triggers![0]!;
const SECRET = `whsec_${Buffer.from("zq-emit-unit-key").toString("base64")}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A receiver answering with `answer`, keeping each request it got; closed after `use`. */
async function withReceiver(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void, use: (url: string, got: { url: string; headers: IncomingMessage["headers"]; body: string }[]) => Promise<void>) {
  const got: { url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      got.push({ url: req.url ?? "", headers: req.headers, body });
      answer(req, body, res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got);
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}

describe("blockwright emit", () => {
  it("sends the spec's example signed with the secret, and shows the answer escaped and without the secret", async () => {
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(202, { "content-type": "text/plain" });
        res.end(`taken\n::error::x ${SECRET}\u001b[2J`);
      },
      async (url, got) => {
        const r = await cli(["emit", "shelf_book_added", "--to", url, "--secret-env", "ZQ_SECRET", "--param", "/book/title=Zq & co", "--param", "/book/rank:=3"], { cwd: dir, env: { ZQ_SECRET: SECRET } });
        expect(r).toMatchObject({ code: 0, stderr: "" });
        expect(r.stdout).toMatch(/^202 Accepted shelf_book_added event msg_[0-9a-f]{32} \(example "added", \d+ bytes\): taken\\n::error::x \[redacted\]\\u001b\[2J\n$/);
        const [delivery] = got;
        expect(JSON.parse(delivery!.body)).toEqual({ type: "book.added", book: { id: "b-1", title: "Zq & co", state: "ready", rank: 3 } });
        const verified = await verifyEvent(trigger, { method: "POST", url, headers: delivery!.headers, body: delivery!.body }, { secret: SECRET });
        expect(verified).toMatchObject({ ok: true, outputs: { metadata: { bookId: "b-1", title: "Zq & co" } } });
        // The same delivery again is the same event.
        const again = await cli(["emit", "shelf_book_added", "--to", url, "--secret-env", "ZQ_SECRET", "--param", "/book/title=Zq & co", "--param", "/book/rank:=3"], { cwd: dir, env: { ZQ_SECRET: SECRET } });
        expect(again.stdout.split(" (")[0]).toBe(r.stdout.split(" (")[0]);
      },
    );
  });

  it("exits 1 when the receiver refuses the delivery", async () => {
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(401);
        res.end("SIGNATURE_MISMATCH\n");
      },
      async (url) => {
        const r = await cli(["emit", "shelf_book_added", "--to", url, "--secret-env", "ZQ_SECRET"], { cwd: dir, env: { ZQ_SECRET: SECRET } });
        expect(r).toMatchObject({ code: 1, stdout: expect.stringMatching(/^401 Unauthorized shelf_book_added event msg_\w+ \(example "added", \d+ bytes\): SIGNATURE_MISMATCH\n$/) });
      },
    );
  });

  it("--handshake sends each declared handshake and checks its echo", async () => {
    const echo = (req: IncomingMessage, _body: string, res: ServerResponse) => {
      const token = new URL(req.url ?? "/", "http://x").searchParams.get("validationToken");
      if (token !== null) {
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        res.end(token);
      } else {
        res.writeHead(200, { "X-Hook-Secret": String(req.headers["x-hook-secret"]) });
        res.end();
      }
    };
    await withReceiver(echo, async (url, got) => {
      const r = await cli(["emit", "shelf_book_added", "--to", url, "--handshake"], { cwd: dir });
      expect(r).toMatchObject({ code: 0, stdout: "200 OK shelf_book_added handshake: the validationToken query parameter echoed as text/plain\n200 OK shelf_book_added handshake: the X-Hook-Secret header echoed\n" });
      expect(got.map((g) => g.body)).toEqual(["", ""]);
    });
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(202);
        res.end("ok");
      },
      async (url) => {
        const r = await cli(["emit", "shelf_book_added", "--to", url, "--handshake"], { cwd: dir });
        expect(r.code).toBe(1);
        expect(r.stdout.split("\n")[0]).toBe("202 Accepted shelf_book_added handshake: not answered (expected the validationToken query parameter echoed as text/plain): ok");
      },
    );
    expect(await cli(["emit", "shelf_book_added", "--to", "http://127.0.0.1:9/", "--handshake", "--secret-env", "X"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--handshake sends no delivery: it takes no --secret-env, --example or --param [BW3004]"),
    });
  });
});
