// `blockwright serve --live` as a process: the runs a delivery starts send their requests saying who calls,
// `User-Agent: blockwright/<version>`, as `call`'s and `mcp`'s do (they said `node`, the fetch's own). Seen on the
// wire by a loopback upstream standing in for the fixture provider (--base-url).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CALL_AGENT, signDelivery, type TriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-agent-"));
const SECRET = `whsec_${Buffer.from("zq-serve-agent-key").toString("base64")}`;
const KEY = "zq-shelf-agent-key-0001";
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("serve --live", () => {
  it("sends each run's requests as blockwright/<version>", async () => {
    const dir = join(tmp, "project");
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
    shelfCopy(dir, []);
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    const pkg = (await import(pathToFileURL(join(dir, "generated/shelf/index.js")).href)) as {
      shelfTriggers: Record<string, TriggerSpec>;
    };
    const trigger = pkg.shelfTriggers.shelf_book_added as TriggerSpec;
    writeFileSync(
      join(dir, "wf.yaml"),
      [
        "blocks:",
        "  start:",
        "    type: shelf",
        "    name: A book was added",
        "    inputs: { trigger: shelf_book_added, signingSecret: '{{ZQ_SIGNING_SECRET}}' }",
        "    connections: { outgoing: [{ target: book }] }",
        "  book:",
        "    type: shelf",
        "    name: List the shelf",
        "    inputs: { operation: shelf_list_books, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: '{{start.metadata.bookId}}' }",
        "",
      ].join("\n"),
    );
    const upstream = await server(() => ({ status: 200, body: "[]" }));
    const serve = spawnCli(
      [
        "serve",
        "wf.yaml",
        "--live",
        "--port",
        "0",
        "--store",
        join(tmp, "runs.sqlite"),
        "--base-url",
        `shelf=${upstream.url}`,
      ],
      { ZQ_SIGNING_SECRET: SECRET, ZQ_SHELF_KEY: KEY },
      dir,
    );
    try {
      const [, url] = (await serve.waitFor(
        /shelf_book_added (http:\/\/127\.0\.0\.1:\d+\/triggers\/shelf_book_added)\n/,
      )) as RegExpMatchArray & [string, string];
      const body = JSON.stringify({ type: "book.added", book: { id: "b-zq7", title: "Zq", state: "ready" } });
      const signed = await signDelivery(trigger, body, { secret: SECRET, url, id: "msg_zq_agent" });
      expect((await fetch(url, { method: "POST", headers: signed, body })).status).toBe(204);
      await serve.waitFor(/\{"trigger":"shelf_book_added","event":"msg_zq_agent".*\}\n/);
    } finally {
      serve.child.kill("SIGINT");
      await serve.exited;
      await upstream.close();
    }
    expect(upstream.received.length).toBeGreaterThan(0);
    expect(upstream.received.map((r) => r.headers["user-agent"])).toEqual(upstream.received.map(() => CALL_AGENT));
  });
});
