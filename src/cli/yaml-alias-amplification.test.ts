// Every command that reads YAML from outside refuses a file whose aliases
// expand it past the limit of its kind, in one line naming the file, the rule
// and the sizes (exit 2), before writing anything: `add` wrote a 5 MB document
// with one anchor and 98 aliases out as a 519 MB openapi.yaml at 3.2 GB of memory.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { longText } from "../../test-support/amplified-yaml.js";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-alias-amplification-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An OpenAPI document whose first operation's description is anchored and repeated by `aliases` operations. */
function amplifiedDocument(chars: number, aliases: number): string {
  const operation = (i: number, description: string) => [
    `  /zzthing${i}:`,
    "    get:",
    `      operationId: zzget${i}`,
    `      description: ${description}`,
    "      responses:",
    '        "200": { description: ok }',
  ];
  return [
    "openapi: 3.0.3",
    "info: { title: zzamp, version: '1' }",
    "paths:",
    ...operation(0, `&shared "${longText(chars)}"`),
    ...Array.from({ length: aliases }, (_, i) => operation(i + 1, "*shared")).flat(),
  ].join("\n");
}

function manifest(description: string, extra: string[] = []): string {
  return [
    "provider: zzamp",
    "name: Zzamp",
    `description: ${description}`,
    'color: "#123456"',
    "category: tools",
    "openapi: openapi.yaml",
    "server: { default: https://api.example.test }",
    "auth: { scheme: none }",
    "operations: { zzamp_get: { operationId: zzget0, title: Get, description: Get it., outputs: {} } }",
    ...extra,
  ].join("\n");
}

describe("a YAML file whose aliases expand it past its limit", () => {
  it(
    "add: a 1 MiB document whose one anchor 70 operations " + "alias is refused, exit 2, and nothing is written",
    async () => {
      const dir = join(tmp, "add");
      mkdirSync(join(dir, "specs"), { recursive: true });
      writeFileSync(join(dir, "published.yaml"), amplifiedDocument(1024 * 1024, 70));
      const ids = Array.from({ length: 71 }, (_, i) => `zzget${i}`).join(",");
      const r = await cli(["add", "zzamp", "--from", "published.yaml", "--operations", ids], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        "blockwright add: published.yaml: refused: its YAML aliases expand its 1.0 MiB to about 71.0 MiB of " +
          "values, over the 64 MiB limit for an OpenAPI or published API document (each alias repeats its anchor's " +
          "value: write the value out, or anchor less) [BW1004]\n",
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(dir, "specs/zzamp"))).toBe(false);
    },
  );

  it(
    "generate: a manifest whose anchor aliases repeat past a manifest's 128 MiB is refused at its file, exit 2, " +
      "and nothing is generated",
    async () => {
      const dir = join(tmp, "generate");
      mkdirSync(join(dir, "specs/zzamp"), { recursive: true });
      writeFileSync(join(dir, "package.json"), '{ "name": "zzamp-project", "private": true }\n');
      writeFileSync(join(dir, "specs/zzamp/openapi.yaml"), amplifiedDocument(10, 1));
      const copies = Array.from({ length: 90 }, (_, i) => `  zzcopy${i}: *shared`);
      writeFileSync(
        join(dir, "specs/zzamp/manifest.yaml"),
        manifest(`&shared "${longText(1536 * 1024)}"`, ["x-copies:", ...copies]),
      );
      const r = await cli(["generate", "--out", "generated"], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`specs\/zzamp\/manifest\.yaml(:1:1)?: refused: its YAML aliases expand its 1\.5 MiB to about` +
            String.raw` 136\.5 MiB of values, over the 128 MiB limit for a manifest`,
        ),
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(dir, "generated"))).toBe(false);
    },
  );

  it("run: a workflow whose anchor aliases repeat past 4 MiB is refused before any block runs, exit 2", async () => {
    const file = join(tmp, "workflow.yaml");
    const blocks = Array.from(
      { length: 45 },
      (_, i) => `  zzb${i}: { type: zzamp, name: *shared, inputs: { operation: zzamp_get } }`,
    );
    writeFileSync(file, [`name: &shared "${longText(100 * 1024)}"`, "blocks:", ...blocks].join("\n"));
    const r = await cli(["run", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        String.raw`workflow\.yaml: refused: its YAML aliases expand its 0\.1 MiB to about 4\.5 MiB of values,` +
          " over the 4 MiB limit for a workflow or configuration file",
      ),
    );
    expect(r.mocks).toEqual([]);
  });
});
