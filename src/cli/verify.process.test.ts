// `blockwright verify` stops at once when interrupted, even while a live
// service keeps it waiting for an answer: as a process on SIGTERM (the
// signal reaching the command), and in-process on Ctrl-C (the command's own
// handling, which both signals share: support/io.ts gives it the same
// interrupt; a second process cost half a second of CPU to show no more).
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cli, type CliRun, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-verify-process-"));
const dir = join(tmp, "project");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  cpSync(join(ROOT, "test-support/fixtures/specs/shelf"), join(dir, "specs/shelf"), { recursive: true });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});

/** Runs `stop` with the address of a service that takes the request and never answers, once the request has arrived. */
async function againstSilentService(
  status: number,
  stop: (url: string, requested: Promise<void>) => Promise<{ code: number | null; stdout: string; stderr: string }>,
): Promise<void> {
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const silent = createServer(() => arrived());
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  try {
    const r = await stop(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, requested);
    expect(r.code).toBe(status);
    expect(r.stdout).toMatch(/^stopped: interrupted; 1 of \d+ calls made$/m);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  } finally {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
}

const args = (url: string) => [
  "verify",
  "shelf",
  "--base-url",
  url,
  "--param",
  "apiKey={{SHELF_KEY}}",
  "--timeout",
  "600000",
];
const env = { SHELF_KEY: "shelf-key-0123456789" };

it("stops on SIGTERM while the service has not answered, as a process: exit 143, the report says so", async () => {
  await againstSilentService(143, async (url, requested) => {
    const verify = spawnCli(args(url), env, dir);
    await requested;
    verify.child.kill("SIGTERM");
    return { code: await verify.closed, stdout: verify.stdout(), stderr: verify.stderr() };
  });
});

it("stops on Ctrl-C while the service has not answered: exit 130, the report says so", async () => {
  await againstSilentService(
    130,
    (url, requested): Promise<CliRun> => cli(args(url), { cwd: dir, env, interrupted: requested }),
  );
});
