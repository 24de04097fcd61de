// `blockwright serve` as a process, on the fixture provider's trigger (Standard
// Webhooks): a signed delivery is acknowledged and starts one run on the mock;
// the same event again starts none; a tampered body or an old timestamp is
// refused and starts none; Ctrl-C stops it (exit 0), and the store keeps the run.
// And what it refuses before listening: a public URL it cannot use or has no
// subscription to make at, a Postgres store it cannot reach.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { signDelivery, type TriggerSpec } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { drippingRequest, MALFORMED_HEADS, rawRequest, statusOf } from "../../test-support/raw-request.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { runCount } from "../serve/sqlite-store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { within } from "../../test-support/runtime/hang-guard.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-"));
let dir = "";
let trigger: TriggerSpec;
const SECRET = `whsec_${Buffer.from("zq-serve-signing-key").toString("base64")}`;

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, []);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  const pkg = (await import(pathToFileURL(join(dir, "generated/shelf/index.js")).href)) as {
    shelfTriggers: Record<string, TriggerSpec>;
  };
  trigger = pkg.shelfTriggers.shelf_book_added!;
  writeFileSync(
    join(dir, "wf.yaml"),
    [
      "name: On a new book",
      "blocks:",
      "  start:",
      "    type: shelf",
      "    name: A book was added",
      "    inputs: { trigger: shelf_book_added, signingSecret: '{{ZQ_SIGNING_SECRET}}' }",
      "    connections: { outgoing: [{ target: book }] }",
      "  book:",
      "    type: shelf",
      "    name: List the shelf it was added to",
      "    inputs: { operation: shelf_list_books, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: '{{start.metadata.bookId}}' }",
      "",
    ].join("\n"),
  );
});

/**
 * One serve for three tests (a serve process costs about 0.7 s of CPU): the malformed requests' test asks it, the
 * SQLite test holds its file with it, and the delivery test runs on it and stops it with Ctrl-C. Any of them starts it
 * when run alone.
 */
const SHARED_STORE = () => join(tmp, "shared.sqlite");
let served: ReturnType<typeof spawnCli> | undefined;
const sharedServe = () =>
  (served ??= spawnCli(
    ["serve", "wf.yaml", "--port", "0", "--store", SHARED_STORE()],
    { ZQ_SIGNING_SECRET: SECRET },
    dir,
  ));

afterAll(async () => {
  // Stopped here when the SQLite test did not run (a test run alone): Ctrl-C, exit 0, as there.
  if (served && served.child.exitCode === null && served.child.signalCode === null) {
    served.child.kill("SIGINT");
    expect(await served.exited).toBe(0);
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe("blockwright serve", () => {
  it("answers 400 with a log line to a request line naming no address, and goes on receiving", async () => {
    // The serve the SQLite test below holds its file with, and the delivery test then stops (exit 0).
    const serve = sharedServe();
    const [, url] = (await serve.waitFor(
      /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
    )) as RegExpMatchArray & [string, string];
    for (const head of MALFORMED_HEADS) expect(statusOf(await rawRequest(url, head)), head).toBe(400);
    await serve.waitFor(/refused a request naming no address: POST http:\/\/\[::1, Host 127\.0\.0\.1 \(400\)/);
    const body = JSON.stringify({ type: "book.added", book: { id: "b-zq9", title: "Zq", state: "ready" } });
    const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: "msg_zq_after" });
    expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
    await serve.waitFor(/"event":"msg_zq_after"/);
    expect(serve.stderr()).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  it(
    "stops on SIGTERM while a client drips a delivery's body (and another never ends its head), " +
      "the delivery refused 503 to be sent again",
    async () => {
      const serve = spawnCli(
        ["serve", "wf.yaml", "--port", "0", "--store", join(tmp, "drip.sqlite")],
        { ZQ_SIGNING_SECRET: SECRET },
        dir,
      );
      const [, url] = (await serve.waitFor(
        /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
      )) as RegExpMatchArray & [string, string];
      // The drip never ends on its own: only the receiver ending it lets the process stop.
      const drip = drippingRequest(url, "/triggers/shelf_book_added", 100);
      // And one whose head never ends.
      const { port } = new URL(url);
      const halfHead = connect(Number(port), "127.0.0.1", () =>
        halfHead.write("POST /triggers/shelf_book_added HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
      );
      halfHead.on("error", () => undefined);
      try {
        // The head is in (the receiver has the request) and the body under way before the signal.
        await drip.headRead;
        serve.child.kill("SIGTERM");
        expect(await serve.closed).toBe(0);
        expect(statusOf(drip.answer())).toBe(503);
        expect(serve.stderr()).toContain("stopping: 1 delivery(ies) still being sent refused (503), to be sent again");
      } finally {
        drip.stop();
        halfHead.destroy();
      }
    },
  );

  it(
    "refuses a second serve on the SQLite file a first " + "one holds (exit 2, naming it), the first receiving on",
    async () => {
      const store = SHARED_STORE();
      // The shared serve, left running for the delivery test below, which stops it.
      const first = sharedServe();
      const [, url] = (await first.waitFor(
        /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
      )) as RegExpMatchArray & [string, string];
      const second = await cli(["serve", "wf.yaml", "--port", "0", "--store", store], {
        env: { ZQ_SIGNING_SECRET: SECRET },
        cwd: dir,
      });
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(
        `--store: ${store} is held by another serve (process ${first.child.pid}): one receiver per SQLite file.`,
      );
      const body = JSON.stringify({ type: "book.added", book: { id: "b-zq7", title: "Zq", state: "ready" } });
      const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: "msg_zq_twice" });
      expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
      await first.waitFor(/"event":"msg_zq_twice","run":"[^"]+","status":"succeeded"/);
    },
  );

  it(
    "runs the workflow once per verified event, refuses " + "tampered and stale deliveries, and stops on Ctrl-C",
    async () => {
      const store = SHARED_STORE();
      const serve = sharedServe();
      const ran = () =>
        [...serve.stdout().matchAll(/^\{"trigger":"shelf_book_added","event":"([^"]+)"/gm)].map((m) => m[1]);
      try {
        const [, url] = (await serve.waitFor(
          /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
        )) as RegExpMatchArray & [string, string];
        // The runs of the tests before this one on the shared serve (none when run alone).
        const before = ran();
        const body = JSON.stringify({ type: "book.added", book: { id: "b-zq1", title: "Zq", state: "ready" } });
        const post = async (text: string, headers: Record<string, string>) =>
          (await fetch(url, { method: "POST", headers, body: text })).status;
        const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: "msg_zq_1" });
        expect(await post(body, signed)).toBe(204);
        const line = await serve.waitFor(/\{"trigger":"shelf_book_added","event":"msg_zq_1".*\}\n/);
        expect(JSON.parse(line[0])).toMatchObject({
          trigger: "shelf_book_added",
          event: "msg_zq_1",
          status: "succeeded",
          blocks: [
            { id: "start", status: "succeeded" },
            { id: "book", status: "succeeded" },
          ],
        });

        expect(await post(body, signed)).toBe(204);
        await serve.waitFor(/event msg_zq_1 seen before: no second run/);
        expect(await post(body.replace("b-zq1", "b-zq2"), signed)).toBe(401);
        const old = await signDelivery(trigger, body, {
          secret: SECRET,
          url,
          id: "msg_zq_2",
          now: Date.now() - 600_000,
        });
        expect(await post(body, old)).toBe(401);
        await serve.waitFor(/refused a delivery: STALE_EVENT/);
        // One run more than before: msg_zq_1's, once.
        expect(ran()).toEqual([...before, "msg_zq_1"]);
        expect(serve.stderr()).not.toContain(SECRET);
      } finally {
        serve.child.kill("SIGINT");
      }
      expect(await serve.exited).toBe(0);
      // The store keeps every run the serve made, and no other.
      expect(runCount(store)).toBe(ran().length);
    },
  );

  it(
    "refuses a public URL it cannot use, one for a trigger that keeps no subscription, " +
      "and a Postgres store it cannot reach, without its password",
    async () => {
      const env = { env: { ZQ_SIGNING_SECRET: SECRET }, cwd: dir };
      const withQuery = await cli(["serve", "wf.yaml", "--public-url", "https://zq.example/hooks?x=1"], env);
      expect(withQuery).toMatchObject({ code: 2 });
      expect(withQuery.stderr).toContain(
        "--public-url: expected an http(s) address without query, fragment or credentials, " +
          'such as https://hooks.example.com, got "https://zq.example/hooks?x=1" [BW3003]',
      );
      const noSubscription = await cli(["serve", "wf.yaml", "--public-url", "https://zq.example"], env);
      expect(noSubscription).toMatchObject({ code: 2 });
      expect(noSubscription.stderr).toContain(
        "--public-url: shelf_book_added declares no subscription to create (give the provider its address as " +
          "its documentation says) [BW3012]",
      );
      // Port 1 on loopback: nothing listens there, so the connection is refused at once.
      const unreachable = await cli(
        ["serve", "wf.yaml", "--port", "0", "--store", "postgres://zqstore:zq-store-password-5e1@127.0.0.1:1/zq"],
        env,
      );
      expect(unreachable).toMatchObject({ code: 2 });
      expect(unreachable.stderr).toMatch(
        new RegExp(
          String.raw`--store: the Postgres store at postgres:\/\/zqstore:\*\*\*@127\.0\.0\.1:1\/zq could not be` +
            String.raw` opened: .* \[BW3011\]`,
        ),
      );
      expect(unreachable.stderr).not.toContain("zq-store-password-5e1");
    },
  );

  it("refuses a SQLite store whose folder cannot be made (under /proc), naming it, where it hung", async () => {
    // A process: Node's own recursive mkdir never returned there, which would have blocked this test's worker.
    const serve = spawnCli(
      ["serve", "wf.yaml", "--port", "0", "--store", "/proc/zqnone/serve.sqlite"],
      { ZQ_SIGNING_SECRET: SECRET },
      dir,
    );
    try {
      expect(await within(serve.closed, "serve's refusal of a store under /proc")).toBe(2);
    } finally {
      serve.child.kill("SIGKILL");
    }
    expect(serve.stderr()).toContain(
      "--store: /proc/zqnone/serve.sqlite cannot be kept: its folder /proc/zqnone cannot be made (ENOENT) [BW3011]",
    );
  });
});
