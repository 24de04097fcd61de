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
    const script = `
      const { createServer } = await import("node:http");
      const { startDeadline } = await import(${module("./deadline.ts")});
      const { send } = await import(${module("./transport.ts")});
      let hungUp = false;
      const server = createServer((req, res) => { req.resume(); res.on("close", () => { hungUp = true; }); });
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      const url = "http://127.0.0.1:" + server.address().port + "/token";
      const caller = new AbortController();
      const deadline = startDeadline(300, caller.signal, { abortable: true });
      // Its outcome taken at once: the deadline may come while the collections run.
      const sent = deadline.race(send((r) => fetch(r), { method: "POST", url, headers: {}, body: "x" }, deadline.signal)).then(() => "answered", (e) => e.name);
      for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
      const outcome = await sent;
      deadline.done();
      for (let i = 0; i < 250 && !hungUp; i++) await new Promise((r) => setTimeout(r, 40));
      console.log(JSON.stringify({ outcome, hungUp }));
      server.closeAllConnections();
      server.close();`;
    const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
    expect(child.stdout.trim(), child.stderr).not.toBe("");
    expect(JSON.parse(child.stdout.trim())).toEqual({ outcome: "TimeoutError", hungUp: true });
  });
});
