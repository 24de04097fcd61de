// A document far larger than what its manifest binds (a whole published
// document, of which a provider calls a few operations) is cut to what the
// manifest binds before the work that grows with the document
// (src/load/bound-cut.ts), and read as JSON when it is written so: `generate`
// and `mock` on one of 7.7 MiB (9,620 operations, ten bound) run within a heap
// of 128 MB, where checking, typing and mocking the whole of it took 0.77 GB
// (a 37 MB document: 4.15 GB, and minutes). The commands run as processes
// with their heap capped: the whole document worked on ends them out of memory.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeLargeProject } from "../../scripts/bench/large-document.js";
import { addresses, spawnCli } from "../../test-support/cli-harness.js";

const CAPPED = { NODE_OPTIONS: "--max-old-space-size=128" };
let dir: string;
let operations: number;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "blockwright-large-document-"));
  operations = writeLargeProject(dir, 8).operations;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a document far larger than what its manifest binds", () => {
  it("generates within a heap of 128 MB, with the types of what the manifest binds", async () => {
    expect(operations).toBeGreaterThan(9000);
    const generate = spawnCli(["generate"], CAPPED, dir);
    expect(await generate.exited, generate.stderr()).toBe(0);
    expect(generate.stderr()).toContain("generate: 1 provider, 10 operations, 20 files");
    const types = readFileSync(join(dir, "generated/zqlarge/index.d.ts"), "utf8");
    // The manifest binds the operations of the first two resources of thousands.
    expect(types).toContain('"/v1/item1s/search"');
    expect(types).not.toContain('"/v1/item2s"');
    expect(existsSync(join(dir, "generated/zqlarge/index.js"))).toBe(true);
  });

  it("mocks within a heap of 128 MB: the operations the manifest binds, and no other", async () => {
    const mock = spawnCli(["mock", "zqlarge"], CAPPED, dir);
    try {
      // Its address, on stdout once it is ready.
      const [url] = addresses((await mock.waitFor(/zqlarge\s+http:\/\/127\.0\.0\.1:\d+/))[0]);
      const headers = { authorization: "Bearer zq-large-token" };
      expect((await fetch(`${url}/v1/item1s/zq-1`, { headers })).status).toBe(200);
      const unbound = await fetch(`${url}/v1/item2s/zq-1`, { headers });
      expect(unbound.status).toBe(404);
      expect(await unbound.text()).toContain("NO_PATH_MATCHED");
    } finally {
      mock.child.kill();
      await mock.exited;
    }
  });
});
