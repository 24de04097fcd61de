// `blockwright verify` as a process stops at once on Ctrl-C or SIGTERM, even
// while a live service keeps it waiting for an answer.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-verify-process-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  it(`stops on ${signal} while the service has not answered: exit 130, the report says so`, async () => {
    const dir = join(tmp, signal);
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
    cpSync(join(ROOT, "test-support/fixtures/specs/shelf"), join(dir, "specs/shelf"), { recursive: true });
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    // A service that takes the request and never answers.
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    const silent = createServer(() => arrived());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const verify = spawnCli(["verify", "shelf", "--base-url", url, "--param", "apiKey={{SHELF_KEY}}", "--timeout", "600000"], { SHELF_KEY: "shelf-key-0123456789" }, dir);
      await requested;
      verify.child.kill(signal);
      expect(await verify.exited).toBe(130);
      expect(verify.stdout()).toMatch(/^stopped: interrupted; 1 of \d+ calls made$/m);
      expect(verify.stderr()).not.toMatch(/internal error|\n\s+at /);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
}
