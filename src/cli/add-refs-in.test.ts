// A multi-file document whose root sits in a folder of its own and whose $refs reach a sibling folder
// (spec/namespaces/_core.yaml naming ../schemas/zqthings.yaml, OpenSearch's layout). add reads only the root's folder
// unless --refs-in names a wider one that holds the root: the bound stays one the user states.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-refs-in-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");
mkdirSync(join(dir, "spec/namespaces"), { recursive: true });
mkdirSync(join(dir, "spec/schemas"), { recursive: true });
mkdirSync(join(dir, "elsewhere"), { recursive: true });
const thing = "../schemas/zqthings.yaml#/components/schemas/ZqThing";
writeFileSync(
  join(dir, "spec/namespaces/_core.yaml"),
  JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Zq", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/zqthings": {
        get: {
          operationId: "listZqThings",
          responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: thing } } } } },
        },
      },
    },
  }),
);
writeFileSync(
  join(dir, "spec/schemas/zqthings.yaml"),
  JSON.stringify({ components: { schemas: { ZqThing: { type: "object", properties: { id: { type: "string" } } } } } }),
);
const add = (...extra: string[]) =>
  cli(["add", "zqrefs", "--from", "spec/namespaces/_core.yaml", "--operations", "listZqThings", ...extra], {
    cwd: dir,
  });

describe("add --refs-in", () => {
  it("without it, refuses a $ref beyond the root's folder, naming the option", async () => {
    const r = await add();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "spec/schemas/zqthings.yaml is outside the document's folder (spec/namespaces/), the only place its " +
        "references are read from: copy it inside, or give the root of a folder that holds every file, or name a " +
        "folder that holds them all with --refs-in <folder>",
    );
    expect(existsSync(join(dir, "specs/zqrefs"))).toBe(false);
  });

  it("refuses a folder that does not hold the root, and one that is not there", async () => {
    const r = await add("--refs-in", "elsewhere");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "--refs-in elsewhere: the folder must hold the document's root, spec/namespaces/_core.yaml",
    );
    const none = await add("--refs-in", "nowhere");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--refs-in nowhere: no such folder");
  });

  it("with the folder that holds both, bundles the files and drafts the provider", async () => {
    const r = await add("--refs-in", "spec");
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/bundled 2 files/);
    expect(existsSync(join(dir, "specs/zqrefs/manifest.yaml"))).toBe(true);
  });
});
