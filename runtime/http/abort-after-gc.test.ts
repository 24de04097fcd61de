// A request the deadline aborts is aborted even after a garbage collection
// (issue 28, item 2). Node's fetch follows a Request's signal through a weak
// reference (nodejs/node#55428): once the Request was collected, the abort no
// longer reached the request, and an endpoint that never answered kept the
// call's process alive (40 s and more for a stalled token endpoint). A child
// process with --expose-gc collects right after sending; the server must see
// the client hang up.
//
// The same minified, as a bundler ships it: esbuild's minifier made the
// callback that held the Request, `() => void sent`, an empty one.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const source = (name: string) => fileURLToPath(new URL(name, import.meta.url));
// Made before the tests, not as the module loads: a `-t` filter that skips them all runs no afterAll.
let work = "";
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "blockwright-gc-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** transport.ts as it is, or bundled and minified into a file of its own. */
function transport(minified: boolean): string {
  if (!minified) return source("./transport.ts");
  const file = join(work, "transport.min.mjs");
  writeFileSync(
    file,
    buildSync({ entryPoints: [source("./transport.ts")], bundle: true, minify: true, format: "esm", write: false })
      .outputFiles[0]!.text,
  );
  return file;
}

describe("a request to an endpoint that never answers", () => {
  it.each([
    ["as written", false],
    ["minified by a bundler", true],
  ])("is aborted by its deadline although the Request was garbage collected (%s)", (_, minified) => {
    const module = (name: string) => JSON.stringify(name === "./transport.ts" ? transport(minified) : source(name));
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
      const outcome = await deadline.race(send((r) => fetch(r), { method: "POST", url, headers: {}, body: "x" }, \
deadline.signal)).then(() => "answered", (e) => e.name);
      deadline.done();
      // The child's own time limit (below) ends a run whose abort never reaches the request.
      console.log(JSON.stringify({ outcome, hungUp: await closed }));
      server.closeAllConnections();
      server.close();`;
    const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 300_000,
    });
    expect(child.stdout.trim(), child.stderr).not.toBe("");
    expect(JSON.parse(child.stdout.trim())).toMatchObject({
      outcome: expect.not.stringMatching(/^answered$/),
      hungUp: true,
    });
  });
});
