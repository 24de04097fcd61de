// A request the deadline aborts is aborted even after a garbage collection
// (issue 28, item 2). Node's fetch follows a Request's signal through a weak
// reference (nodejs/node#55428): once the Request was collected, the abort no
// longer reached the request, and an endpoint that never answered kept the
// call's process alive (40 s and more for a stalled token endpoint). A child
// process with --expose-gc collects right after sending; the server must see
// the client hang up.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("a request to an endpoint that never answers", () => {
  it("is aborted by its deadline although the Request was garbage collected", () => {
    const module = (name: string) => JSON.stringify(fileURLToPath(new URL(name, import.meta.url)));
    // No time limit decides anything here: the caller aborts once the server holds the request and
    // the collections have run, so a slow machine only makes it slower.
    const script = `
      const { createServer } = await import("node:http");
      const { startDeadline } = await import(${module("./deadline.ts")});
      const { send } = await import(${module("./transport.ts")});
      const caller = new AbortController();
      let hungUp;
      const closed = new Promise((resolve) => { hungUp = resolve; });
      const server = createServer(async (req, res) => {
        req.resume();
        res.on("close", () => hungUp(true));
        for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
        caller.abort();
      });
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      const url = "http://127.0.0.1:" + server.address().port + "/token";
      const deadline = startDeadline(600_000, caller.signal, { abortable: true });
      const outcome = await deadline.race(send((r) => fetch(r), { method: "POST", url, headers: {}, body: "x" }, deadline.signal)).then(() => "answered", (e) => e.name);
      deadline.done();
      // The child's own time limit (below) ends a run whose abort never reaches the request.
      console.log(JSON.stringify({ outcome, hungUp: await closed }));
      server.closeAllConnections();
      server.close();`;
    const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 300_000 });
    expect(child.stdout.trim(), child.stderr).not.toBe("");
    expect(JSON.parse(child.stdout.trim())).toMatchObject({ outcome: expect.not.stringMatching(/^answered$/), hungUp: true });
  });
});
