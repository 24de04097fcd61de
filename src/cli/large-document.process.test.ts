// A document far larger than what its manifest binds (a whole published
// document, of which a provider calls a few operations) is cut to what the
// manifest binds before the work that grows with the document
// (src/load/bound-cut.ts), read as JSON when it is written so, and a place in
// it found from its text (src/load/positions/text-positions.ts): `generate` and `mock`
// on one of 7.7 MiB (9,620 operations, ten bound) run within a heap of 128 MB,
// where checking, typing and mocking the whole of it took 0.77 GB (a 37 MB
// document: 4.15 GB, and minutes), and placing a message in its YAML, yaml's
// document of all of it. The commands run as processes with their heap capped:
// the whole document worked on ends them out of memory.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { REPOSITORY } from "../../test-support/repo.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeLargeProject } from "../../scripts/bench/large-document.js";
import { addresses, spawnCli } from "../../test-support/cli-harness.js";
import { keptText } from "../../test-support/run/kept-text.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

/** The YAML text's writer: js-yaml's dump in block style, lines unbroken, no anchors. */
const DUMP = { lineWidth: -1, noRefs: true };
/** What makes the kept YAML text: js-yaml's version and the options. */
const YAML_WRITER = `js-yaml ${
  (JSON.parse(readFileSync(join(REPOSITORY, "node_modules/js-yaml/package.json"), "utf8")) as { version: string })
    .version
} ${JSON.stringify(DUMP)}`;

const CAPPED = { NODE_OPTIONS: "--max-old-space-size=128" };
let dir: string;
let operations: number;
beforeAll(() => {
  dir = mkdtempSync(join(runScratch(), "blockwright-large-document-"));
  operations = writeLargeProject(dir, 8).operations;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a document far larger than what its manifest binds", () => {
  it("generates within a heap of 128 MB, with the types of what the manifest binds", async () => {
    expect(operations).toBeGreaterThan(9000);
    const generate = spawnCli(["generate"], CAPPED, dir);
    expect(await generate.closed, generate.stderr()).toBe(0);
    expect(generate.stderr()).toContain("generate: 1 provider, 10 operations, 20 files");
    const types = readFileSync(join(dir, "generated/zqlarge/index.d.ts"), "utf8");
    // The manifest binds the operations of the first two resources of thousands.
    expect(types).toContain('"/v1/item1s/search"');
    expect(types).not.toContain('"/v1/item2s"');
    expect(existsSync(join(dir, "generated/zqlarge/index.js"))).toBe(true);
  });

  it(
    "written as YAML, with an example of what the manifest binds that breaks its schema: refused at its line, " +
      "within a heap of 128 MB",
    async () => {
      // The same document in block style, one of its bound schemas given a wrong example: placing it took yaml's
      // document of all of it.
      const yamlDir = mkdtempSync(join(runScratch(), "blockwright-large-yaml-"));
      try {
        // The first test's project (its specs as beforeAll wrote them; generate writes only beside them): written
        // again, the synthetic document cost 0.17 s of CPU.
        for (const part of ["specs", "package.json"]) cpSync(join(dir, part), join(yamlDir, part), { recursive: true });
        const spec = join(yamlDir, "specs/zqlarge/openapi.yaml");
        const document = JSON.parse(readFileSync(spec, "utf8")) as {
          components: { schemas: Record<string, Record<string, unknown>> };
        };
        (document.components.schemas.Item0 as Record<string, unknown>).example = {
          id: "zq-1",
          name: "zq",
          status: "lost",
        };
        // js-yaml's dump of it (0.6 to 1.2 s of CPU), kept between runs by the document's bytes and the writer.
        const json = JSON.stringify(document);
        const text = keptText("large-document-yaml", json, YAML_WRITER, () => jsyaml.dump(document, DUMP));
        writeFileSync(spec, text);
        const line = text.slice(0, text.indexOf("status: lost")).split("\n").length;
        const generate = spawnCli(["generate"], CAPPED, yamlDir);
        expect(await generate.closed, generate.stderr()).toBe(2);
        expect(generate.stderr()).toContain(
          `specs/zqlarge/openapi.yaml:${line}:17: the example of the schema at components.schemas.Item0 does ` +
            `not match its schema: /status must be one of "draft", "active", "archived", got "lost" (the vendor's ` +
            `own example? pin the document it publishes, blockwright upstream zqlarge <document> --accept, and it ` +
            `is left out with a warning) [BW1204]`,
        );
      } finally {
        rmSync(yamlDir, { recursive: true, force: true });
      }
    },
  );

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
