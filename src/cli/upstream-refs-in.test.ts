// upstream reads a newer multi-file document as add reads the first: its $refs only inside the newer root's folder,
// unless --refs-in names a wider one that holds the root (spec/namespaces/_core.yaml naming ../schemas/zqthings.yaml).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-refs-in-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");

/** The layout under `folder`, its thing with the fields `fields` (each a string). */
function layout(folder: string, fields: string[]): void {
  mkdirSync(join(dir, folder, "namespaces"), { recursive: true });
  mkdirSync(join(dir, folder, "schemas"), { recursive: true });
  const schema = { $ref: "../schemas/zqthings.yaml#/components/schemas/ZqThing" };
  writeFileSync(
    join(dir, folder, "namespaces/_core.yaml"),
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "Zq", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/zqthings": {
          get: {
            operationId: "listZqThings",
            responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
          },
        },
      },
    }),
  );
  writeFileSync(
    join(dir, folder, "schemas/zqthings.yaml"),
    JSON.stringify({
      components: {
        schemas: {
          ZqThing: {
            type: "object",
            required: ["id"],
            properties: Object.fromEntries(fields.map((f) => [f, { type: "string" }])),
          },
        },
      },
    }),
  );
}

beforeAll(async () => {
  layout("older", ["id"]);
  layout("newer", ["id", "zqlabel"]);
  const r = await cli(
    ["add", "zqrefsup", "--from", "older/namespaces/_core.yaml", "--operations", "listZqThings", "--refs-in", "older"],
    { cwd: dir },
  );
  if (r.code !== 0) throw new Error(`add failed: ${r.stderr}`);
});

const upstream = (...extra: string[]) =>
  cli(["upstream", "zqrefsup", "newer/namespaces/_core.yaml", ...extra], { cwd: dir });

describe("upstream --refs-in", () => {
  it("without it, refuses the newer document's $ref beyond its root's folder, naming the option", async () => {
    const r = await upstream();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("newer/schemas/zqthings.yaml is outside the document's folder");
    expect(r.stderr).toContain("name a folder that holds them all with --refs-in <folder>");
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it("refuses a folder that does not hold the newer root", async () => {
    const r = await upstream("--refs-in", "older");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "--refs-in older: the folder must hold the document's root, newer/namespaces/_core.yaml",
    );
  });

  it("with the folder that holds both, compares the bundled newer document and accepts it", async () => {
    const r = await upstream("--refs-in", "newer", "--json");
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { changes: { place?: string; severity: string }[] };
    expect(JSON.stringify(report.changes)).toContain("zqlabel");
    const accepted = await upstream("--refs-in", "newer", "--accept");
    expect(accepted.stderr).toContain("pinned newer/namespaces/_core.yaml as zqrefsup/upstream/published.json");
    const again = await upstream("--refs-in", "newer");
    expect(again.stderr).not.toMatch(/problem|internal error/);
    expect(again.code).toBe(0);
  });
});
