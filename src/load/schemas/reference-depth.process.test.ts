// A document nesting past the limit through its `$ref`s, deep enough that the walks overflow (a chain of 1,600
// `oneOf`s, 1,200 fields: the surface's shapes recurse several frames a level), at `generate` and `diff` as a user runs
// them (the built bin/, its stack as a user's): refused by the depth, the rule and the pointer (BW1002, exit 2), not an
// internal error (exit 70). In a test's worker the same walks may hold (reference-depth-cli.test.ts). How deep a walk
// gets before it overflows depends on the V8 that runs it (its frames' sizes, how far it optimised the walk): a chain
// of 800 `oneOf`s overflowed under Node 22 and 24, but under Node 20 (older than the engines field allows, yet it
// runs the command) the emitters held it and generate passed: the chain is twice that, with room to spare.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import jsYaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject, spawnCli } from "../../../test-support/cli-harness.js";
import { zqChain } from "./__fixtures__/zq-chain.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-reference-depth-process-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");
const REFUSED =
  /openapi\.yaml:\d+:\d+: refused: the schemas nest \d+ levels deep through their \$refs \(rule: depth;.*Zq\d+.*BW1002/;

/** A provider drafted from a chain of 100 `shape`s, its spec's chain then made `count` long. */
async function deepProvider(provider: string, shape: "allOf" | "oneOf" | "field", count: number): Promise<void> {
  const shallow = join(tmp, `${provider}.json`);
  writeFileSync(shallow, JSON.stringify({ ...zqChain(100, shape), servers: [{ url: "https://api.zq.example" }] }));
  const added = await cli(["add", provider, "--from", shallow, "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
  const spec = join(dir, "specs", provider, "openapi.yaml");
  const document = jsYaml.load(readFileSync(spec, "utf8")) as { components: Record<string, unknown> };
  document.components.schemas = (zqChain(count, shape).components as Record<string, unknown>).schemas;
  writeFileSync(spec, JSON.stringify(document));
}

describe("a chain past the limit the link holds, at generate and diff as a process", () => {
  // Both chains in one project, each command run once: it links and refuses every provider, as the second of one
  // run a shape (its project then holding both) did already; two processes fewer.
  it("(1600 oneOf, 1200 field) is refused with BW1002, exit 2, each provider named", { timeout: 300_000 }, async () => {
    const providers = ["zqemitoneof", "zqemitfield"];
    await deepProvider("zqemitoneof", "oneOf", 1600);
    await deepProvider("zqemitfield", "field", 1200);
    for (const command of [["generate"], ["diff"]]) {
      const run = spawnCli(command, {}, dir);
      const code = await run.closed;
      const refused = run
        .stderr()
        .split("\n")
        .filter((line) => REFUSED.test(line));
      expect(refused.map((line) => line.split("/")[1]).sort(), run.stderr()).toEqual([...providers].sort());
      expect(run.stderr()).not.toMatch(/internal error|Maximum call stack|\n\s+at /);
      expect(code, run.stderr()).toBe(2);
    }
  });

  it("(800 allOf, which the link and the emitters hold) is refused by verify before any request", {
    timeout: 300_000,
  }, async () => {
    await deepProvider("zqverifyallof", "allOf", 800);
    const generated = spawnCli(["generate", "--provider", "zqverifyallof"], {}, dir);
    expect(await generated.closed, generated.stderr()).toBe(0);
    // The judge's validator overflowed on the answer: drift, exit 1, the service called.
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      const run = spawnCli(
        ["verify", "zqverifyallof", "--base-url", base, "--allow-writes", "zqverifyallof_zq_post"],
        {},
        dir,
      );
      const code = await run.closed;
      expect(run.stderr()).toMatch(REFUSED);
      expect(run.stderr()).not.toMatch(/internal error|Maximum call stack|\n\s+at /);
      expect(code, run.stderr()).toBe(2);
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
