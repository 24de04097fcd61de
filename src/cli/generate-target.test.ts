// `blockwright generate --target n8n|sim`, as a user runs it in a project of
// fixture specs: the platform's files in their own folder (generated-n8n/,
// generated-sim/, or --out), stamped like the packages (a second run is up to
// date, --check compares), taking the provider packages' versions; an n8n
// package needs the project's author; an unknown target is a usage error.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { REPOSITORY } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-target-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project of the shelf fixture, with a package.json holding `fields`. */
function project(fields: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmp, "project-"));
  mkdirSync(join(dir, "specs"));
  cpSync(join(REPOSITORY, "test-support/fixtures/specs/shelf"), join(dir, "specs/shelf"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "zz-target", license: "MIT", blockwright: { scope: "@zz" }, ...fields }),
  );
  return dir;
}

describe("generate --target", () => {
  it(
    "n8n: an n8n community package per provider in generated-n8n/, on the provider package's version; " +
      "up to date the second time",
    async () => {
      const dir = project({ author: { name: "Zz Tester", email: "zz@example.test" } });
      mkdirSync(join(dir, "generated/shelf"), { recursive: true });
      writeFileSync(join(dir, "generated/shelf/package.json"), JSON.stringify({ name: "@zz/shelf", version: "1.4.2" }));
      const first = await cli(["generate", "--target", "n8n"], { cwd: dir });
      expect(first).toMatchObject({
        code: 0,
        stderr: expect.stringMatching(/generate: 1 provider, 3 operations, \d+ files, \d+ changed/),
      });
      const pkg = JSON.parse(readFileSync(join(dir, "generated-n8n/shelf/package.json"), "utf8")) as Record<
        string,
        unknown
      >;
      expect(pkg).toMatchObject({
        name: "@zz/n8n-nodes-shelf",
        version: "1.4.2",
        author: { name: "Zz Tester", email: "zz@example.test" },
        license: "MIT",
        n8n: { nodes: ["dist/nodes/Shelf/Shelf.node.js"] },
      });
      expect(pkg.devDependencies).toMatchObject({ "@zz/shelf": "^1.4.2" });
      expect(pkg.dependencies).toBeUndefined();
      expect(existsSync(join(dir, "generated-n8n/shelf/nodes/Shelf/Shelf.node.ts"))).toBe(true);
      expect(await cli(["generate", "--target", "n8n"], { cwd: dir })).toMatchObject({
        code: 0,
        stderr: expect.stringContaining("generated-n8n/ is up to date"),
      });
      expect(await cli(["generate", "--target", "n8n", "--check"], { cwd: dir })).toMatchObject({ code: 0 });
    },
  );

  it(
    "n8n without the project's author (with an email): " + "exit 2 naming package.json's author, nothing written",
    async () => {
      const dir = project({ author: "Zz Tester" });
      const r = await cli(["generate", "--target", "n8n"], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^package\.json:1:\d+: author: an n8n community package names its author with an email/m,
      );
      expect(existsSync(join(dir, "generated-n8n"))).toBe(false);
    },
  );

  it("n8n without the project's license: exit 2 naming package.json's license, nothing written", async () => {
    const dir = project({ author: "Zz Tester <zz@example.test>", license: undefined });
    const r = await cli(["generate", "--target", "n8n"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^package\.json:1:\d+: license: an n8n community package states its license/m);
    expect(existsSync(join(dir, "generated-n8n"))).toBe(false);
  });

  it(
    "sim: Sim's tools and block laid out as apps/sim/, " + "and a README with the registries' lines, in --out",
    async () => {
      const dir = project({});
      const r = await cli(["generate", "--target", "sim", "--out", "sim-files"], { cwd: dir });
      expect(r.code).toBe(0);
      expect(existsSync(join(dir, "sim-files/shelf/blocks/blocks/shelf.ts"))).toBe(true);
      expect(readFileSync(join(dir, "sim-files/shelf/tools/shelf/index.ts"), "utf8")).toContain(
        'export { shelfGetBookTool } from "@/tools/shelf/get_book";',
      );
      expect(readFileSync(join(dir, "sim-files/README.md"), "utf8")).toContain("  shelf_get_book: shelfGetBookTool,");
      expect(existsSync(join(dir, "generated"))).toBe(false);
    },
  );

  it("an unknown target: a usage error naming the targets", async () => {
    const r = await cli(["generate", "--target", "zapier"], { cwd: project({}) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--target takes packages, n8n, sim, got "zapier"');
  });
});
