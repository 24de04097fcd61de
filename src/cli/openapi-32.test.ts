// OpenAPI 3.2 documents are read as 3.1 where the two overlap: the zqfiles
// fixture, declared 3.2.0 with a `$self` and a `query` operation, generates
// and passes its derived suite on the mocks; naming the `query` operation
// (a method the runtime does not send) is refused, naming where it is.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-oas32-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const QUERY_OPERATION = `  /files/search:
    query:
      operationId: searchFiles
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { name: { type: string } } }
      responses:
        "200":
          description: Matches.
          content:
            application/json:
              schema: { type: object, properties: { count: { type: integer } } }
`;

describe("an OpenAPI 3.2 document", () => {
  it(
    "generates and passes its derived suite; a query-method operation named in the manifest is refused with " +
      "where it is",
    async () => {
      const dir = join(tmp, "project");
      mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
      symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
      cpSync(join(ROOT, "test-support/fixtures/specs-files/zqfiles"), join(dir, "specs/zqfiles"), { recursive: true });
      const openapi = join(dir, "specs/zqfiles/openapi.yaml");
      const text = readFileSync(openapi, "utf8")
        .replace("openapi: 3.0.3", "openapi: 3.2.0\n$self: https://api.zqfiles.test/openapi.yaml")
        .replace("paths:\n", `paths:\n${QUERY_OPERATION}`);
      writeFileSync(openapi, text);
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const r = await cli(["test", "--seed", "7", "--runs", "3", "--reporter", "json"], { cwd: dir, startMocks });
      const report = JSON.parse(r.stdout) as { cases: { id: string; status: string; message?: string }[] };
      expect(report.cases.filter((c) => c.status !== "passed").map((c) => `${c.id}: ${c.message}`)).toEqual([]);
      expect(report.cases.length).toBeGreaterThan(10);
      expect(r.code).toBe(0);

      const manifest = join(dir, "specs/zqfiles/manifest.yaml");
      writeFileSync(
        manifest,
        `${readFileSync(manifest, "utf8")}  zqfiles_search_files:\n    operationId: searchFiles\n    title: ` +
          `Search files\n    description: Search files.\n    outputs: {}\n`,
      );
      const refused = await cli(["generate"], { cwd: dir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        'operation "searchFiles" in specs/zqfiles/openapi.yaml is at paths./files/search.query (OpenAPI 3.2), ' +
          "a method the runtime does not send: leave it out [BW2017]",
      );
    },
  );
});
