// `blockwright add` as a process (the built bin/, as a user runs it): SIGTERM or
// Ctrl-C while a large document is still arriving, or while a file is
// read, cut and drafted (steps that wait for nothing), stops it at once, exit
// 130, with nothing written.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../scripts/bench/synthetic.js";
import { spawnCli, spawnCliHeldAt } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-process-"));
let server: Server;
let url = "";
const open = new Set<ServerResponse>();

beforeAll(async () => {
  // A document that never finishes arriving: its first bytes, then nothing.
  server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"openapi": "3.0.3", ');
    open.add(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

describe("blockwright add, interrupted", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops on ${signal} while fetching: exit ${signal === "SIGTERM" ? 143 : 130}, nothing written`, async () => {
      const dir = mkdtempSync(join(tmp, "project-"));
      mkdirSync(join(dir, "specs"));
      const add = spawnCli(["add", "slow", "--from", url, "--operations", "listThings"], {}, dir);
      await add.waitFor(/add: fetching /);
      add.child.kill(signal);
      expect(await add.closed).toBe(signal === "SIGTERM" ? 143 : 130);
      expect(add.stderr()).toMatch(/\nadd: interrupted: nothing written\n$/);
      expect(add.stderr()).not.toMatch(/internal error|\n\s+at /);
      expect(add.stdout()).toBe("");
      expect(existsSync(join(dir, "specs/slow"))).toBe(false);
    });
  }

  it("stops on SIGTERM while it parses, cuts and drafts a file: exit 143, nothing written", async () => {
    const dir = mkdtempSync(join(tmp, "project-"));
    mkdirSync(join(dir, "specs"));
    // The command is held at the read's line until the signal is sent (spawnCliHeldAt), so the steps after it (parse,
    // cut, draft: they wait for nothing) see the signal at their first turn, whatever the file's size. It was 25,000
    // operations (20 MB, 0.4 s of the worker's CPU to write) from before the hold, when the steps had to outlast a
    // busy machine's test reading the line.
    writeFileSync(join(dir, "large.json"), JSON.stringify(openapi("zqlarge", 300)));
    const add = spawnCliHeldAt(
      ["add", "zqlarge", "--from", "large.json", "--operations", "list0,get0"],
      "add: read large.json ",
      dir,
    );
    await add.signalInStep("SIGTERM");
    expect(await add.closed).toBe(143);
    expect(add.stderr()).toMatch(/\nadd: interrupted: nothing written\n$/);
    expect(add.stdout()).toBe("");
    expect(existsSync(join(dir, "specs/zqlarge"))).toBe(false);
  });
});
