// A provider whose published answers are typed any media type (`*/*`, as
// Spring's springdoc writes them) with object schemas, through add, upstream
// and --accept: add's cut types them JSON, upstream compares them as JSON (a
// removed field is a breaking change binding the output that reads it), and
// the re-cut types them JSON again, so generate names the manifest line.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-wildcard-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A springdoc-style document: every answer typed any media type; its clock reading's field named `field`.
function zqClock(field: string): string {
  const answer = { description: "OK", content: { "*/*": { schema: { $ref: "#/components/schemas/ZqReading" } } } };
  const doc = {
    openapi: "3.0.1",
    info: { title: "Zq clock", version: "v0", description: "Reads the zq clock." },
    servers: [{ url: "https://zqclock.example.com" }],
    components: {
      securitySchemes: { zqBearer: { type: "http", scheme: "bearer" } },
      schemas: {
        ZqReading: {
          type: "object",
          required: [field],
          properties: { [field]: { type: "string", description: "When it was read." } },
        },
      },
    },
    security: [{ zqBearer: [] }],
    paths: {
      "/zq/readings/latest": {
        get: { operationId: "getZqReading", summary: "Latest reading", responses: { "200": answer } },
      },
    },
  };
  const file = join(tmp, `zqclock-${field}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe("answers typed */* with object schemas, from add to upstream --accept", () => {
  const dir = join(tmp, "project");
  mkdirSync(join(dir, "specs"), { recursive: true });
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));

  it("are drafted as JSON, compared as JSON, and re-cut as JSON", async () => {
    const added = await cli(["add", "zqclock", "--from", zqClock("readAt"), "--operations", "getZqReading"], {
      cwd: dir,
    });
    expect(added.code, added.stderr).toBe(0);
    const manifest = readFileSync(join(dir, "specs/zqclock/manifest.yaml"), "utf8");
    expect(manifest).toContain("from: $response.body#/readAt");
    expect(manifest).not.toContain("download: true");

    // The pinned version itself: nothing changed.
    expect(await cli(["upstream", "zqclock", zqClock("readAt")], { cwd: dir })).toMatchObject({ code: 0 });
    // The field renamed: breaking, binding the output that reads it.
    const renamed = zqClock("takenAt");
    const report = await cli(["upstream", "zqclock", renamed, "--json"], { cwd: dir });
    expect(report.code).toBe(1);
    const lines = JSON.parse(report.stdout).changes.map(
      (c: { severity: string; kind: string; pointer: string; binds: string[] }) =>
        `${c.severity} ${c.kind} ${c.pointer} [${c.binds.join(", ")}]`,
    );
    expect(lines).toContain("breaking response-property-removed /readAt [output data, output metadata.readAt]");

    const accepted = await cli(["upstream", "zqclock", renamed, "--accept"], { cwd: dir });
    expect(accepted.stderr).toContain("re-cut specs/zqclock/openapi.yaml");
    const recut = readFileSync(join(dir, "specs/zqclock/openapi.yaml"), "utf8");
    expect(recut).toMatch(
      new RegExp(
        String.raw`^# Written as application\/json by blockwright upstream --accept, published as \*\/\*: GET` +
          String.raw` \/zq\/readings\/latest 200 `,
        "m",
      ),
    );
    expect(recut).not.toContain("'*/*'");
    // The output add drafted from the renamed field is taken out (noted), the new field's drafted in: the manifest
    // links.
    expect(accepted.stderr).toContain(
      "operations.zqclock_get_zq_reading.outputs: metadata.readAt taken out: " +
        "the newer document's answer has no field /readAt",
    );
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
    expect(readFileSync(join(dir, "specs/zqclock/manifest.yaml"), "utf8")).toContain("from: $response.body#/takenAt");
  });
});
