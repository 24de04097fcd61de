// A poison run: its block's call ends the serve's process on every attempt
// (here the fixture provider's API, a loopback server of this test, kills the
// serve with SIGKILL when the POST arrives, as an out-of-memory kill would).
// Each attempt counts when it starts, so after the trigger's attempts the next
// start finds the last one never finished and ends the run dead, calling
// nothing; `runs replay` runs it again, and the replay's call sends a new
// idempotency key (the retries' calls shared one). On the SQLite file and on a
// real Postgres.
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { signDelivery, type TriggerSpec } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, type Spawned, spawnCli } from "../../test-support/cli-harness.js";
import type { PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import { shelfArchiveProject } from "../../test-support/shelf-copy.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-poison-"));
const SECRET = `whsec_${Buffer.from("zq-poison-signing-key").toString("base64")}`;
const env = { ZQ_SIGNING_SECRET: SECRET, ZQ_SHELF_KEY: "zq-shelf-key-poison-1" };
const ADDRESS = /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/;
let dir = "";
let trigger: TriggerSpec;
let api: Server;
/** Each POST's idempotency key, in the order they came. */
const posts: string[] = [];
/** The serve a POST kills while set. */
let victim: Spawned | undefined;
let postgres: PostgresServer;

beforeAll(async () => {
  postgres = await sharedPostgres();
  await postgres.createDatabase("zqpoison");
  api = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST") {
        posts.push(String(req.headers["idempotency-key"]));
        if (victim) return void victim.child.kill("SIGKILL");
        return json(201, { id: "b-zq-poison", title: "Zq", state: "ready" });
      }
      json(200, { total: 1, value: [{ id: "b-zq-poison", title: "Zq", state: "ready" }] });
    });
  });
  await new Promise<void>((ok) => api.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  dir = join(tmp, "project");
  trigger = await shelfArchiveProject(dir, base, [
    { find: "retry: { attempts: 3, backoffSeconds: 10 }", replace: "retry: { attempts: 2, backoffSeconds: 10 }" },
  ]);
});

afterAll(async () => {
  await postgres?.stop();
  await new Promise<void>((ok) => api.close(() => ok()));
  rmSync(tmp, { recursive: true, force: true });
});

const serve = (store: string) => spawnCli(["serve", "wf.yaml", "--live", "--port", "0", "--store", store], env, dir);

/** A serve that the run's POST kills: started, and ended by the API. */
async function killedServe(store: string, deliver?: string): Promise<void> {
  const killed = serve(store);
  victim = killed;
  try {
    const [, url] = (await killed.waitFor(ADDRESS)) as RegExpMatchArray & [string, string];
    if (deliver) {
      const body = JSON.stringify({ type: "book.added", book: { id: "b-zq-poison", title: "Zq", state: "ready" } });
      const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: deliver });
      expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
    }
    expect(await killed.closed).toBe(null);
  } finally {
    victim = undefined;
    killed.child.kill("SIGKILL");
  }
}

/** The JSON line a serve prints of the run once it ends, and its log's line that matches `said`; the serve stopped. */
async function runLine(store: string, said: RegExp): Promise<{ line: Record<string, unknown>; logged: string }> {
  const next = serve(store);
  try {
    const [line] = await next.waitFor(/\{"trigger":"shelf_book_added".*\}\n/);
    const [logged] = await next.waitFor(said);
    return { line: JSON.parse(line) as Record<string, unknown>, logged };
  } finally {
    next.child.kill("SIGTERM");
    expect(await next.closed).toBe(0);
  }
}

// Why the attempt never finished, as each store says it: on Postgres a worker also ends in a live process.
const ENDED: Record<string, string> = {
  SQLite: "its process ended mid-attempt (killed, or out of memory)",
  Postgres:
    "its worker ended mid-attempt (its process killed or out of memory, or the worker ended or cut off from Postgres)",
};

// 120 s each: a store that never ends the run dead leaves serve waiting, failed then, not at the suite's timeout.
describe.each(["SQLite", "Postgres"])("a run that ends serve's process on every attempt, on %s", (kind) => {
  it("is dead after the trigger's attempts, calling nothing more; a replay, with a new idempotency key", async () => {
    posts.length = 0;
    const event = `msg_zq_poison_${kind}`;
    const store = kind === "SQLite" ? join(tmp, "poison.sqlite") : postgres.url("zqpoison");
    await killedServe(store, event);
    await killedServe(store);
    expect(posts).toHaveLength(2);

    const dead = await runLine(store, /.* is dead after .*\n/);
    expect(dead.line).toMatchObject({ event, status: "dead", attempts: 2, blocks: [{ id: "run", status: "failed" }] });
    expect(dead.logged).toMatch(
      /is dead after 2 attempts \(blockwright runs replay [-0-9a-f]+\): run: attempt 2 never/,
    );
    expect(posts).toHaveLength(2);
    const listed = await cli(["runs", "list", "--json", "--store", store], { cwd: dir });
    expect(JSON.parse(listed.stdout)).toMatchObject({
      event,
      status: "dead",
      attempts: 2,
      error: `run: attempt 2 never finished: ${ENDED[kind]} (after 2 attempts)`,
    });

    expect(await cli(["runs", "replay", event, "--store", store], { cwd: dir })).toMatchObject({ code: 0 });
    const replayed = await runLine(store, /listening/);
    expect(replayed.line).toMatchObject({ event, status: "succeeded", attempts: 1 });
    // The two attempts sent one key; the replay, a new intent, another.
    expect(posts).toHaveLength(3);
    expect(posts[0]).toMatch(/^bw-[0-9a-f]{64}$/);
    expect(posts[1]).toBe(posts[0]);
    expect(posts[2]).toMatch(/^bw-[0-9a-f]{64}$/);
    expect(posts[2]).not.toBe(posts[0]);
  }, 120_000);
});
