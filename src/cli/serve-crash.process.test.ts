// No acknowledged event is lost: `serve --live` on the fixture provider,
// whose API is a loopback server of this test, killed with SIGKILL after it
// acknowledged a delivery and while the run is in flight (its first block, a
// POST, done and journaled; its second held by the API). Started again on the
// same store (the SQLite file; a real Postgres, where the next serve finds the
// dead worker's job and unlocks it), it resumes the run: the POST is not sent
// again, the run completes, and a redelivery of the same event starts nothing.
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { signDelivery, type TriggerSpec } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../test-support/cli-harness.js";
import type { PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import { shelfArchiveProject } from "../../test-support/shelf-copy.js";
import { runCount } from "../serve/sqlite-store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-crash-"));
const SECRET = `whsec_${Buffer.from("zq-crash-signing-key").toString("base64")}`;
const env = { ZQ_SIGNING_SECRET: SECRET, ZQ_SHELF_KEY: "zq-shelf-key-crash-1" };
let dir = "";
let trigger: TriggerSpec;
let api: Server;
/** What the API received: each POST's idempotency key, each GET. */
const posts: string[] = [];
let gets = 0;
/** Each GET waits for this while set: the run is in flight. */
let holdGets: Promise<void> | undefined;
let postgres: PostgresServer;

beforeAll(async () => {
  postgres = await sharedPostgres();
  await postgres.createDatabase("zqcrash");
  api = createServer((req, res) => {
    req.resume();
    req.on("end", async () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST") {
        posts.push(String(req.headers["idempotency-key"]));
        return json(201, { id: "b-zq-crash", title: "Zq", state: "ready" });
      }
      gets++;
      await holdGets;
      json(200, { total: 1, value: [{ id: "b-zq-crash", title: "Zq", state: "ready" }] });
    });
  });
  await new Promise<void>((ok) => api.listen(0, "127.0.0.1", ok));
  dir = join(tmp, "project");
  trigger = await shelfArchiveProject(dir, `http://127.0.0.1:${(api.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await postgres?.stop();
  await new Promise<void>((ok) => api.close(() => ok()));
  rmSync(tmp, { recursive: true, force: true });
});

describe.each(["SQLite", "Postgres"])("serve on %s killed after acknowledging", (kind) => {
  it(
    "resumes the run on the next start from its last journaled block: the POST sent once, the run completed, " +
      "a redelivery starting nothing",
    async () => {
      posts.length = 0;
      gets = 0;
      const store = kind === "SQLite" ? join(tmp, "crash.sqlite") : postgres.url("zqcrash");
      let letGo: () => void = () => undefined;
      holdGets = new Promise<void>((ok) => {
        letGo = ok;
      });
      const body = JSON.stringify({ type: "book.added", book: { id: "b-zq-crash", title: "Zq", state: "ready" } });
      const first = spawnCli(["serve", "wf.yaml", "--live", "--port", "0", "--store", store], env, dir);
      try {
        const [, url] = (await first.waitFor(
          /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
        )) as RegExpMatchArray & [string, string];
        const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: `msg_zq_crash` });
        expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
        // The POST went out and the GET is held: the run is between its blocks.
        while (gets === 0) {
          // A failed attempt would retry in seconds: said at once instead.
          if (/failed \(attempt/.test(first.stderr())) throw new Error(first.stderr());
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(posts).toHaveLength(1);
      } finally {
        first.child.kill("SIGKILL");
      }
      await first.closed;
      expect(first.stdout()).not.toContain('"event":"msg_zq_crash"');
      letGo();

      const second = spawnCli(["serve", "wf.yaml", "--live", "--port", "0", "--store", store], env, dir);
      try {
        const [, url] = (await second.waitFor(
          /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
        )) as RegExpMatchArray & [string, string];
        const [line] = await second.waitFor(/\{"trigger":"shelf_book_added".*\}\n/);
        expect(JSON.parse(line)).toMatchObject({
          event: "msg_zq_crash",
          status: "succeeded",
          attempts: 2,
          blocks: [{ id: "start" }, { id: "copy", status: "succeeded" }, { id: "list", status: "succeeded" }],
        });
        // The provider sends it again (it never saw an answer it trusts): taken, and nothing runs.
        const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: "msg_zq_crash" });
        expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
        await second.waitFor(/event msg_zq_crash seen before: no second run/);
      } finally {
        second.child.kill("SIGTERM");
      }
      expect(await second.closed).toBe(0);
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatch(/^bw-[0-9a-f]{64}$/);
      expect(gets).toBe(2);
      if (kind === "SQLite") expect(runCount(store)).toBe(1);
      else {
        // The killed serve's worker held the job: the next serve found it gone and unlocked its job.
        expect(second.stderr()).toContain(
          "the jobs of 1 worker(s) that are gone were unlocked, to run again from their journals",
        );
        const { openPostgresStore } = await import("../serve/postgres-store.js");
        const kept = await openPostgresStore(store);
        try {
          expect((await kept.runs()).map((r) => [r.event, r.status, r.attempts])).toEqual([
            ["msg_zq_crash", "succeeded", 2],
          ]);
        } finally {
          await kept.close();
        }
      }
    },
  );
});

describe.each(["SQLite", "Postgres"])("serve on %s that cannot listen", (kind) => {
  // On Postgres the runs' workers, started before listening, outlived the store's pool: the port taken, serve never
  // said so nor ended, and no signal stopped it; it only logged, every few seconds, that its pool was ended.
  it("exits 2 naming the port taken, its runs stopped with it", async () => {
    const taken = createServer();
    await new Promise<void>((ok) => taken.listen(0, "127.0.0.1", ok));
    const port = String((taken.address() as AddressInfo).port);
    const store = kind === "SQLite" ? join(tmp, "taken.sqlite") : postgres.url("zqcrash");
    const serve = spawnCli(["serve", "wf.yaml", "--live", "--port", port, "--store", store], env, dir);
    try {
      // Its end, or the line a serve left running says (its sweep of gone workers, on an ended pool). The wait for
      // that line fails once the process has ended without it, which may settle before the end itself is read: the
      // end answers then.
      const ended = await Promise.race([
        serve.closed.then((code) => ({ code })),
        serve.waitFor(/looking for the jobs of workers that are gone failed/).then(
          () => ({ code: "running" }),
          () => serve.closed.then((code) => ({ code })),
        ),
      ]);
      expect(ended).toEqual({ code: 2 });
      expect(serve.stderr()).toContain(`--port ${port} on 127.0.0.1: cannot listen (EADDRINUSE)`);
      expect(serve.stderr()).not.toContain("runs:");
    } finally {
      serve.child.kill("SIGKILL");
      await new Promise<void>((done) => taken.close(() => done()));
    }
  });
});

describe("serve stopped by a second signal while a run is in flight", () => {
  for (const [again, status] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    it(
      `SIGTERM waits for the run, a second signal (${again}) exits at once (${status}); ` +
        `the next start resumes the run from its journal`,
      async () => {
        posts.length = 0;
        gets = 0;
        const store = join(tmp, `second-${again}.sqlite`);
        let letGo: () => void = () => undefined;
        holdGets = new Promise<void>((ok) => {
          letGo = ok;
        });
        const body = JSON.stringify({ type: "book.added", book: { id: "b-zq-again", title: "Zq", state: "ready" } });
        const first = spawnCli(["serve", "wf.yaml", "--live", "--port", "0", "--store", store], env, dir);
        try {
          const [, url] = (await first.waitFor(
            /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
          )) as RegExpMatchArray & [string, string];
          const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: `msg_zq_again_${again}` });
          expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
          while (gets === 0) await new Promise((r) => setTimeout(r, 20));
          // The first signal: serve stops taking deliveries and waits for the run, whose GET the API holds.
          first.child.kill("SIGTERM");
          await first.waitFor(/interrupted: stopping…\n/);
          first.child.kill(again);
          expect(await first.closed).toBe(status);
          expect(first.stderr()).toContain("interrupted again: exiting now\n");
        } finally {
          first.child.kill("SIGKILL");
          letGo();
        }
        expect(first.stdout()).not.toContain(`"event":"msg_zq_again_${again}"`);

        const second = spawnCli(["serve", "wf.yaml", "--live", "--port", "0", "--store", store], env, dir);
        try {
          const [line] = await second.waitFor(/\{"trigger":"shelf_book_added".*\}\n/);
          expect(JSON.parse(line)).toMatchObject({
            event: `msg_zq_again_${again}`,
            status: "succeeded",
            blocks: [{ id: "start" }, { id: "copy", status: "succeeded" }, { id: "list", status: "succeeded" }],
          });
        } finally {
          second.child.kill("SIGTERM");
        }
        expect(await second.exited).toBe(0);
        // The POST went once: resumed after it, from the journal.
        expect(posts).toHaveLength(1);
        expect(runCount(store)).toBe(1);
      },
    );
  }
});
