// inWorker runs a call in a worker thread; a worker whose call ended serves the process's next call, so that a
// command's steps in workers (add's draft, then its link check) load their modules once. Each `add` started two
// threads that each loaded the linker: 0.17 s of CPU a thread on the build, 0.65 s on the sources under the tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HANG_GUARD_MS } from "../../test-support/runtime/hang-guard.js";
import { inWorker } from "./in-worker.js";

const fixture = new URL("./__fixtures__/worker-module.mjs", import.meta.url);
type Ran = { threadId: number; evaluations: number };

describe("inWorker", () => {
  it("runs the next call in the worker whose call ended, the module loaded once", async () => {
    const first = await inWorker<Ran>(fixture, "whoRan", []);
    const second = await inWorker<Ran>(fixture, "whoRan", []);
    expect(first.threadId).toBeGreaterThan(0);
    expect(second).toEqual({ threadId: first.threadId, evaluations: 1 });
  });

  it("keeps a worker whose call threw for the next call, the error given as the call's", async () => {
    const before = await inWorker<Ran>(fixture, "whoRan", []);
    await expect(inWorker(fixture, "refuses", [])).rejects.toThrow("zq refused");
    expect((await inWorker<Ran>(fixture, "whoRan", [])).threadId).toBe(before.threadId);
  });

  it("ends the worker of an aborted call at once: the next call has a new one", async () => {
    const before = await inWorker<Ran>(fixture, "whoRan", []);
    const controller = new AbortController();
    const waiting = inWorker(fixture, "waits", [], {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error("zq stopped")),
    });
    await expect(waiting).rejects.toThrow("zq stopped");
    const after = await inWorker<Ran>(fixture, "whoRan", []);
    expect(after.threadId).not.toBe(before.threadId);
    expect(after.evaluations).toBe(1);
  });

  it("two calls at once each have a worker", async () => {
    const [a, b] = await Promise.all([inWorker<Ran>(fixture, "whoRan", []), inWorker<Ran>(fixture, "whoRan", [])]);
    expect(a.threadId).not.toBe(b.threadId);
  });

  // The process, as a command's: the worker waiting for a next call must not keep it alive (npm run build first).
  it("lets the process end once its calls have ended", () => {
    const built = fileURLToPath(new URL("../../dist/common/in-worker.js", import.meta.url));
    expect(existsSync(built), "npm run build first").toBe(true);
    const script =
      `const { inWorker } = await import(${JSON.stringify(built)});` +
      `const ran = await inWorker(new URL(${JSON.stringify(fixture.href)}), "whoRan", []);` +
      `console.log(JSON.stringify(ran));`;
    const dir = mkdtempSync(join(tmpdir(), "blockwright-in-worker-"));
    writeFileSync(join(dir, "command.mjs"), script);
    const r = spawnSync(process.execPath, [join(dir, "command.mjs")], { encoding: "utf8", timeout: HANG_GUARD_MS });
    rmSync(dir, { recursive: true, force: true });
    expect(r.signal, "the process did not end").toBeNull();
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ evaluations: 1 });
  });

  // A command turns Node's compile cache on in its own thread (bin/blockwright.js); a worker thread does not inherit
  // it, and compiled every module it loaded anew at each run.
  it("starts a worker that keeps its compiled modules in the compile cache its process turned on", () => {
    const built = fileURLToPath(new URL("../../dist/common/in-worker.js", import.meta.url));
    expect(existsSync(built), "npm run build first").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "blockwright-in-worker-cache-"));
    const script =
      `(await import("node:module")).default.enableCompileCache(${JSON.stringify(join(dir, "cache"))});` +
      `const { inWorker } = await import(${JSON.stringify(built)});` +
      `console.log(JSON.stringify(await inWorker(new URL(${JSON.stringify(fixture.href)}), "whoRan", [])));`;
    writeFileSync(join(dir, "command.mjs"), script);
    // The process's own environment names no cache (the tests' does): the command's thread turns it on itself.
    const { NODE_COMPILE_CACHE: _, ...env } = process.env;
    const r = spawnSync(process.execPath, [join(dir, "command.mjs")], {
      encoding: "utf8",
      timeout: HANG_GUARD_MS,
      env: { ...env, NODE_DEBUG_NATIVE: "COMPILE_CACHE" },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ evaluations: 1 });
    // Only the worker loads the fixture's module: its code read from or written to the cache is the worker's.
    expect(r.stderr).toMatch(/cache for ESM .*__fixtures__\/worker-module\.mjs/);
  });
});
