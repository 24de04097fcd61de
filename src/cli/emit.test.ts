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
import { loadProvider } from "../emit/link-provider.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-emit-unit-"));
shelfCopy(dir, [
  {
    find: "    acknowledge: 204",
    replace: "    handshakes: [{ echoQuery: validationToken }, { echoHeader: X-Hook-Secret }]\n    acknowledge: 204",
  },
]);
const trigger = (await loadProvider(dir, join(dir, "specs/shelf"))).triggers![0]!;
const SECRET = `whsec_${Buffer.from("zq-emit-unit-key").toString("base64")}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A receiver answering with `answer`, keeping each request it got; closed after `use`. */
async function withReceiver(
  answer: (req: IncomingMessage, body: string, res: ServerResponse) => void,
  use: (url: string, got: { url: string; headers: IncomingMessage["headers"]; body: string }[]) => Promise<void>,
) {
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

/** Polls until `done()` holds: a wait on a condition, never on a time. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}

const run = (url: string, options: { interrupted?: Promise<void> } = {}) =>
  cli(["emit", "shelf_book_added", "--to", url, "--secret-env", "ZQ_SECRET"], {
    cwd: dir,
    env: { ZQ_SECRET: SECRET },
    ...options,
  });

describe("blockwright emit", () => {
  it(
    "sends the spec's example signed with the secret, " + "and shows the answer escaped and without the secret",
    async () => {
      await withReceiver(
        (_req, _body, res) => {
          res.writeHead(202, { "content-type": "text/plain" });
          res.end(`taken\n::error::x ${SECRET}\u001b[2J`);
        },
        async (url, got) => {
          const r = await cli(
            [
              "emit",
              "shelf_book_added",
              "--to",
              url,
              "--secret-env",
              "ZQ_SECRET",
              "--param",
              "/book/title=Zq & co",
              "--param",
              "/book/rank:=3",
            ],
            { cwd: dir, env: { ZQ_SECRET: SECRET } },
          );
          expect(r).toMatchObject({ code: 0, stderr: "" });
          expect(r.stdout).toMatch(
            new RegExp(
              String.raw`^202 Accepted shelf_book_added event msg_[0-9a-f]{32} \(example "added", \d+ bytes\):` +
                String.raw` taken\\n::error::x \[redacted\]\\u001b\[2J\n$`,
            ),
          );
          const [delivery] = got;
          expect(JSON.parse(delivery!.body)).toEqual({
            type: "book.added",
            book: { id: "b-1", title: "Zq & co", state: "ready", rank: 3 },
          });
          const verified = await verifyEvent(
            trigger,
            { method: "POST", url, headers: delivery!.headers, body: delivery!.body },
            { secret: SECRET },
          );
          expect(verified).toMatchObject({ ok: true, outputs: { metadata: { bookId: "b-1", title: "Zq & co" } } });
          // The same delivery again is the same event.
          const again = await cli(
            [
              "emit",
              "shelf_book_added",
              "--to",
              url,
              "--secret-env",
              "ZQ_SECRET",
              "--param",
              "/book/title=Zq & co",
              "--param",
              "/book/rank:=3",
            ],
            { cwd: dir, env: { ZQ_SECRET: SECRET } },
          );
          expect(again.stdout.split(" (")[0]).toBe(r.stdout.split(" (")[0]);
        },
      );
    },
  );

  it("exits 1 when the receiver refuses the delivery", async () => {
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(401);
        res.end("SIGNATURE_MISMATCH\n");
      },
      async (url) => {
        const r = await cli(["emit", "shelf_book_added", "--to", url, "--secret-env", "ZQ_SECRET"], {
          cwd: dir,
          env: { ZQ_SECRET: SECRET },
        });
        expect(r).toMatchObject({
          code: 1,
          stdout: expect.stringMatching(
            /^401 Unauthorized shelf_book_added event msg_\w+ \(example "added", \d+ bytes\): SIGNATURE_MISMATCH\n$/,
          ),
        });
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
      expect(r).toMatchObject({
        code: 0,
        stdout:
          "200 OK shelf_book_added handshake: the validationToken query parameter echoed as text/plain\n200 " +
          "OK shelf_book_added handshake: the X-Hook-Secret header echoed\n",
      });
      expect(got.map((g) => g.body)).toEqual(["", ""]);
    });
    // The address's own pairs go as written: `searchParams.set` sent a form-style list's `a,b` as `a%2Cb`, one value.
    await withReceiver(echo, async (url, got) => {
      const to = `${url}?zqsource=a,b&zqq=a%20b`;
      expect((await cli(["emit", "shelf_book_added", "--to", to, "--handshake"], { cwd: dir })).code).toBe(0);
      expect(got[0]!.url).toMatch(
        /^\/hooks\?zqsource=a,b&zqq=a%20b&validationToken=blockwright\+handshake\+[0-9a-f]{8}$/,
      );
      expect(got[1]!.url).toBe("/hooks?zqsource=a,b&zqq=a%20b");
    });
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(202);
        res.end("ok");
      },
      async (url) => {
        const r = await cli(["emit", "shelf_book_added", "--to", url, "--handshake"], { cwd: dir });
        expect(r.code).toBe(1);
        expect(r.stdout.split("\n")[0]).toBe(
          "202 Accepted shelf_book_added handshake: not answered (expected the validationToken query " +
            "parameter echoed as text/plain): ok",
        );
      },
    );
    expect(
      await cli(["emit", "shelf_book_added", "--to", "http://127.0.0.1:9/", "--handshake", "--secret-env", "X"], {
        cwd: dir,
      }),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "--handshake sends no delivery: it takes no --secret-env, --example or --param [BW3004]",
      ),
    });
  });
  it("stops reading an endless answer at its size limit, with the rule, and closes the connection", async () => {
    let closed = false;
    let sent = 0;
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.on("close", () => (closed = true));
        const chunk = Buffer.alloc(64 * 1024, "z");
        // Endless, as fast as the client reads: only a safety stop (64 MiB, then silence, never an end) keeps a
        // regression from filling the memory of the test's worker.
        const pump = () => {
          while (!res.destroyed && sent < 64 * 1024 * 1024) {
            sent += chunk.byteLength;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
        };
        pump();
      },
      async (url) => {
        const r = await run(url);
        expect(r).toMatchObject({ code: 2, stdout: "" });
        expect(r.stderr).toContain(
          `--to ${new URL(url).origin}: the receiver answered 200, but its answer is larger than 1 MiB (rule: ` +
            `an answer of at most 1048576 bytes): stopped reading [BW3011]`,
        );
        // The command was used right: the receiver's failure, not the usage line.
        expect(r.stderr).not.toContain("Usage:");
        await until(() => closed);
        expect(sent).toBeLessThan(64 * 1024 * 1024);
      },
    );
  });

  it("stops at its deadline an answer that never ends, and at once when interrupted", async () => {
    let closes = 0;
    const timers = new Set<NodeJS.Timeout>();
    const drip = (_req: IncomingMessage, _body: string, res: ServerResponse) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => res.write("z"), 100);
      timers.add(timer);
      res.on("close", () => {
        clearInterval(timer);
        closes++;
      });
    };
    try {
      await withReceiver(drip, async (url) => {
        const r = await run(url);
        expect(r).toMatchObject({ code: 2, stdout: "" });
        expect(r.stderr).toContain(
          `--to ${new URL(url).origin}: the receiver answered 200, but its answer did not end within 10 s ` +
            `(rule: the whole answer within 10 s): stopped reading [BW3011]`,
        );
        await until(() => closes === 1);
        // Ctrl-C while the answer drips: stopped there, not at the deadline.
        let interrupt = () => {};
        const interrupted = new Promise<void>((r) => (interrupt = r));
        const pending = run(url, { interrupted });
        await until(() => closes === 1 && timers.size === 2);
        interrupt();
        expect(await pending).toMatchObject({ code: 130, stdout: "" });
        await until(() => closes === 2);
      });
    } finally {
      for (const t of timers) clearInterval(t);
    }
  });

  it(
    "takes the secret out of the whole answer before " + "cutting it to its start, and out of the status text",
    async () => {
      // Cut first, the secret straddling the cut was no longer found: its first 12 characters were printed.
      const filler = "f".repeat(188);
      await withReceiver(
        (_req, _body, res) => {
          res.writeHead(202, `Accepted ${SECRET}`, { "content-type": "text/plain" });
          res.end(`${filler}${SECRET} and more after it`);
        },
        async (url) => {
          const r = await run(url);
          expect(r.code).toBe(0);
          expect(r.stdout).toMatch(
            new RegExp(
              String.raw`^202 Accepted \[redacted\] shelf_book_added event msg_\w+ \(example "added", \d+` +
                String.raw` bytes\): f{188}\[redacted\] a\u2026\n$`,
            ),
          );
          expect(r.stdout).not.toContain(SECRET.slice(0, 8));
        },
      );
    },
  );

  it("cuts the answer between characters, never inside one", async () => {
    await withReceiver(
      (_req, _body, res) => {
        res.writeHead(202, { "content-type": "text/plain; charset=utf-8" });
        res.end(`a${"\u{1F600}".repeat(300)}`);
      },
      async (url) => {
        const r = await run(url);
        expect(r.code).toBe(0);
        const shown = r.stdout.slice(r.stdout.indexOf("): ") + 3, -1);
        expect(shown).toBe(`a${"\u{1F600}".repeat(199)}\u2026`);
      },
    );
  });

  it(
    "refuses a --param that would nest the event past " + "the nesting limit, naming the rule, before sending",
    async () => {
      const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
      const send = (param: string) =>
        cli(
          ["emit", "shelf_book_added", "--to", "http://127.0.0.1:9/", "--secret-env", "ZQ_SECRET", "--param", param],
          {
            cwd: dir,
            env: { ZQ_SECRET: SECRET },
          },
        );
      const deep = await send(`/book/rank:=${nested(20_000)}`);
      expect(deep).toMatchObject({ code: 2, stdout: "" });
      expect(deep.stderr).toContain(
        '--param "/book/rank": the event would be nested more than 100 levels deep (rule: depth; ' +
          "arrays and objects may nest at most 100 levels) (2 of them the pointer's), " +
          "got a value nested deeper at 0/0/0/…/0/0 [BW3003]",
      );
      const longPointer = await send(`${"/a".repeat(150)}=1`);
      expect(longPointer).toMatchObject({ code: 2, stdout: "" });
      expect(longPointer.stderr).toContain(
        "the pointer has 150 segments, so the event would be nested more than 100 levels deep (rule: depth;",
      );
      expect((await send(`/book/rank:=${nested(99)}`)).stderr).toContain(
        "got a value nested deeper at 0/0/0/…/0/0 [BW3003]",
      );
      // At the limit: sent.
      await withReceiver(
        (_req, _body, res) => res.writeHead(202).end(),
        async (url, got) => {
          const r = await cli(
            [
              "emit",
              "shelf_book_added",
              "--to",
              url,
              "--secret-env",
              "ZQ_SECRET",
              "--param",
              `/book/rank:=${nested(98)}`,
            ],
            { cwd: dir, env: { ZQ_SECRET: SECRET } },
          );
          expect(r).toMatchObject({ code: 0, stderr: "" });
          expect(JSON.parse(got[0]!.body).book.rank).toEqual(JSON.parse(nested(98)));
        },
      );
    },
  );

  it("escapes the spec's example names wherever it prints them", async () => {
    const other = mkdtempSync(join(tmpdir(), "blockwright-emit-names-"));
    try {
      // An example named with a terminal's escape sequences (a document drafted from a published one may hold any).
      shelfCopy(other, [
        {
          file: "openapi.yaml",
          find: "                      added:",
          replace: '                      "added\\e]0;zq\\a\\e[2J":',
        },
      ]);
      const r = await cli(
        ["emit", "shelf_book_added", "--to", "http://127.0.0.1:9/", "--secret-env", "ZQ_SECRET", "--example", "nope"],
        { cwd: other, env: { ZQ_SECRET: SECRET } },
      );
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).toContain(
        'unknown example "nope" of shelf_book_added (examples: added\\u001b]0;zq\\u0007\\u001b[2J) [BW3006]',
      );
      expect(r.stderr).not.toContain("\u001b");
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
