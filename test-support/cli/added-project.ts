// A project for a CLI test file's cases: a provider `add` drafts from the test's own document, generated, and a
// loopback upstream answering 200 (`{}` by default, or as the test's own reply says) that `call --base-url` sends to.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { cli, runtimeProject } from "../cli-harness.js";
import { runScratch } from "../run/run-scratch.js";
import { server } from "../runtime/loopback-server.js";

/**
 * A project in a folder of its own (`prefix`), its runtime resolvable (as after `npm install`), and before the file's
 * cases `provider` added from `document` (every operation) and generated, and the upstream started (answering 200
 * with the text `answer`, or as the function `answer` says); after them the upstream stopped and the folder removed.
 */
export function addedProject(
  prefix: string,
  provider: string,
  document: object,
  answer: string | Parameters<typeof server>[0] = "{}",
) {
  const tmp = mkdtempSync(join(runScratch(), prefix));
  const dir = runtimeProject(join(tmp, "project"), "specs");
  let upstream: Awaited<ReturnType<typeof server>> | undefined;
  beforeAll(async () => {
    const from = join(tmp, `${provider}.json`);
    writeFileSync(from, JSON.stringify(document));
    const added = await cli(["add", provider, "--from", from, "--operations", "all"], { cwd: dir });
    expect(added.code, added.stderr).toBe(0);
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
    upstream = await server(typeof answer === "string" ? () => ({ status: 200, body: answer }) : answer);
  });
  afterAll(async () => {
    await upstream?.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  return {
    dir,
    get upstream() {
      if (!upstream) throw new Error("the upstream starts in beforeAll");
      return upstream;
    },
  };
}
