// The breaking-change gate in a real repository layout (issue 32): a project
// in a subfolder annotates its manifest from the repository's root
// ($GITHUB_WORKSPACE); .blockwright/accepted-changes.yaml turns a listed
// break into a warning (--fail-on breaking exits 0), reports an expired or
// unmatched entry, and refuses a malformed file naming field, rule and value;
// a severity override per kind moves the gate and the version; --format
// junit validates against the common JUnit schema and --format html escapes
// what it shows. The provider is the made-up `zqtasks`, taken as a new user
// would: add, generate, upstream --accept, generate, diff.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-diff-gate-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const repo = join(tmp, "repo");
const project = join(repo, "sub");
const ID = "zqtasks/zqtasks_update_task/request-property-removed/param data .workspace";

function published(fields: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqtasks", version: "1" },
    servers: [{ url: "https://zqtasks.invalid/api" }],
    security: [{ zqToken: [] }],
    paths: {
      "/tasks/{task_gid}": {
        put: {
          operationId: "updateTask",
          summary: "Update a task",
          parameters: [{ name: "task_gid", in: "path", required: true, schema: { type: "string" }, example: "12" }],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", properties: { data: { $ref: "#/components/schemas/TaskUpdate" } } },
              },
            },
          },
          responses: {
            "200": {
              description: "The task.",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { gid: { type: "string" } } },
                  example: { gid: "12" },
                },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { zqToken: { type: "http", scheme: "bearer" } },
      schemas: { TaskUpdate: { type: "object", properties: fields } },
    },
  });
}

const diff = (args: string[], env: Record<string, string> = {}) =>
  cli(["diff", "--base-dir", "base", ...args], { cwd: project, env });
const policy = (text: string) => writeFileSync(join(project, ".blockwright/accepted-changes.yaml"), text);

beforeAll(async () => {
  mkdirSync(join(project, "specs"), { recursive: true });
  mkdirSync(join(project, ".blockwright"));
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
  writeFileSync(join(project, "v1.json"), published({ name: { type: "string" }, workspace: { type: "string" } }));
  writeFileSync(join(project, "v2.json"), published({ name: { type: "string" } }));
  expect(
    (await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: project })).code,
  ).toBe(0);
  expect((await cli(["generate"], { cwd: project })).code).toBe(0);
  cpSync(join(project, "generated"), join(project, "base"), { recursive: true });
  await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: project });
  expect((await cli(["generate"], { cwd: project })).code).toBe(0);
});

describe("diff as a gate", () => {
  it("prints each breaking change's id, and --fail-on breaking fails on it", async () => {
    const run = await diff(["--fail-on", "breaking"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`      id: ${ID}\n`);
    expect(
      JSON.parse((await diff(["--format", "json"])).stdout).packages[0].changes.map((c: { id: string }) => c.id),
    ).toContain(ID);
  });

  it(
    "--format github from a subfolder annotates the " + "manifest from the repository's root ($GITHUB_WORKSPACE)",
    async () => {
      const run = await diff(["--format", "github", "--fail-on", "breaking"], { GITHUB_WORKSPACE: repo });
      expect(run.stdout).toMatch(/^::error file=sub\/specs\/zqtasks\/manifest\.yaml,line=\d+,col=\d+,title=/m);
      // Without it, paths are the project's own.
      expect((await diff(["--format", "github"])).stdout).toMatch(/^::warning file=specs\/zqtasks\/manifest\.yaml,/m);
    },
  );

  it(
    "an accepted change is a warning and --fail-on breaking " + "exits 0; expired and unmatched entries are reported",
    async () => {
      policy(
        `accepted:\n  - id: "${ID}"\n    reason: no workflow of ours sends workspace (ZQ-12)\n    expires: ` +
          `2999-12-31\n`,
      );
      const run = await diff(["--fail-on", "breaking"]);
      expect({ code: run.code, stderr: run.stderr.replace(/^diff: .*\n/gm, "") }).toEqual({ code: 0, stderr: "" });
      expect(run.stdout).toContain(
        "param data .workspace: request field no longer accepted [request-property-removed] — accepted until " +
          "2999-12-31: no workflow of ours sends workspace (ZQ-12)",
      );
      const github = await diff(["--format", "github", "--fail-on", "breaking"], { GITHUB_WORKSPACE: repo });
      expect(github.stdout).toMatch(/^::warning file=sub\/specs\/zqtasks\/manifest\.yaml,.*\(accepted\)::/m);
      expect(github.stdout).not.toMatch(/^::error/m);

      policy(
        `accepted:\n  - id: "${ID}"\n    reason: until the release\n    expires: 2020-01-31\n  - id: ` +
          `zqtasks/zqtasks_update_task/api-removed/tool\n    reason: gone\n    expires: 2999-01-01\n`,
      );
      const expired = await diff(["--fail-on", "breaking", "--format", "github"], { GITHUB_WORKSPACE: repo });
      expect(expired.code).toBe(1);
      expect(expired.stderr).toContain(
        `.blockwright/accepted-changes.yaml:2:5: accepted change "${ID}" expired on 2020-01-31: it counts again`,
      );
      expect(expired.stderr).toContain(
        '.blockwright/accepted-changes.yaml:5:5: accepted change "zqtasks/zqtasks_update_task/api-removed/tool" ' +
          "matches no change of this diff",
      );
      expect(expired.stdout).toMatch(
        /^::warning file=sub\/\.blockwright\/accepted-changes\.yaml,line=5,col=5,title=accepted changes::/m,
      );
    },
  );

  it("a malformed file is refused, exit 2, naming the place, field, rule and value", async () => {
    policy(
      "accepted:\n  - id: x/y/z/w\n    reason: ok\n    expires: next week\nseverities:\n  " +
        "request-property-removed: harmless\n",
    );
    const run = await diff([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(".blockwright/accepted-changes.yaml:4:14: accepted.0.expires: must match pattern");
    expect(run.stderr).toContain('got "next week"');
    expect(run.stderr).toContain(
      ".blockwright/accepted-changes.yaml:6:29: severities.request-property-removed: " +
        'must be one of "breaking", "non-breaking", "informational", got "harmless"',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("a severity override per kind moves the gate and the next version", async () => {
    policy("severities:\n  request-property-removed: non-breaking\n");
    const run = await diff(["--fail-on", "breaking", "--format", "json"]);
    expect(run.code).toBe(0);
    const pkg = JSON.parse(run.stdout).packages[0];
    expect(pkg.changes.find((c: { id: string }) => c.id === ID)).toMatchObject({
      severity: "non-breaking",
      level: "minor",
    });
    expect(pkg.level).toBe("minor");
  });

  it("--format junit validates against the common JUnit schema; --format html escapes what it shows", async () => {
    policy("");
    const junit = await diff(["--format", "junit", "--fail-on", "breaking"]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain(
      '<failure message="breaking: param data .workspace: request field no longer accepted ' +
        '[request-property-removed]" type="BreakingChange">',
    );
    expect(junit.stdout).toContain(`id: ${ID}\nat specs/zqtasks/manifest.yaml:`);
    const xsd = readFileSync(join(ROOT, "test-support/fixtures/junit/junit-common.xsd"), "utf8");
    const checked = await validateXML({
      xml: { fileName: "diff.xml", contents: junit.stdout },
      schema: { fileName: "junit.xsd", contents: xsd },
    });
    expect(checked.errors).toEqual([]);
    const html = await diff(["--format", "html"]);
    expect(html.stdout).toMatch(/^<!doctype html>/);
    expect(html.stdout).toContain(`<code>${ID}</code>`);
    expect(html.stdout).not.toMatch(/<script/i);
  });
});
