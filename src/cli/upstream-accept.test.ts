// Taking a newer published document for a provider `add` started, as a new
// user would: `upstream <p> <newer> --accept` names the request field the
// newer version no longer accepts, cuts openapi.yaml again from it and keeps
// the manifest (its credential) as it was; `generate` and `diff` then report
// the field as breaking and name the workflow line that sends it. The
// provider is the made-up `zqtasks`.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-upstream-accept-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A published document of one update operation whose body is `{ data: { … } }`, `fields` the data's properties. */
function published(fields: Record<string, unknown>, extraSchemes: Record<string, unknown> = {}, bodyAs: "inline" | "$ref" = "inline"): string {
  const data = { type: "object", properties: fields };
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
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { data: bodyAs === "$ref" ? { $ref: "#/components/schemas/TaskUpdate" } : data } } } } },
          responses: {
            "200": {
              description: "The task.",
              content: { "application/json": { schema: { type: "object", properties: { data: { type: "object", properties: { gid: { type: "string" }, name: { type: "string" } } } } }, example: { data: { gid: "12", name: "Tidy" } } } },
            },
          },
        },
      },
    },
    components: { securitySchemes: { zqToken: { type: "http", scheme: "bearer" }, ...extraSchemes }, ...(bodyAs === "$ref" ? { schemas: { TaskUpdate: data } } : {}) },
  });
}

const WORKFLOW = `name: zq tidy
blocks:
  rename:
    type: zqtasks
    name: Rename
    inputs:
      operation: zqtasks_update_task
      apiKey: "{{ZQ_TOKEN}}"
      task_gid: "12"
      data:
        name: Tidy
        workspace: "1331"
`;

describe("upstream --accept for a provider add started", () => {
  // Real documents mostly $ref the body's schema: the surface must then write the named shape too, or diff compares nothing.
  it.each(["inline", "$ref"] as const)("re-cuts the spec, keeps the manifest, and diff names the workflow line sending a field no longer accepted (body schema %s)", async (bodyAs) => {
    const dir = join(tmp, `project-${bodyAs === "$ref" ? "ref" : "inline"}`);
    mkdirSync(join(dir, "specs"), { recursive: true });
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
    mkdirSync(join(dir, "workflows"));
    writeFileSync(join(dir, "workflows/tidy.yaml"), WORKFLOW);
    writeFileSync(join(dir, "v1.json"), published({ name: { type: "string" }, workspace: { type: "string" } }, {}, bodyAs));
    // The newer version: `workspace` no longer accepted; a scheme for other operations added (not a change for us).
    writeFileSync(join(dir, "v2.json"), published({ name: { type: "string" }, notes: { type: "string" } }, { zqAdmin: { type: "apiKey", in: "header", name: "X-Zq-Admin" } }, bodyAs));

    const added = await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: dir });
    expect(added.code, added.stderr).toBe(0);
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
    const manifest = readFileSync(join(dir, "specs/zqtasks/manifest.yaml"), "utf8");

    const up = await cli(["upstream", "zqtasks", "v2.json", "--json"], { cwd: dir });
    expect(up.code).toBe(1);
    const changes = JSON.parse(up.stdout).changes.map((c: { severity: string; kind: string; pointer: string; binds: string[] }) => `${c.severity} ${c.kind} ${c.pointer} [${c.binds.join(", ")}]`);
    expect(changes).toEqual(["breaking request-property-removed /data/workspace [param data]", "non-breaking new-optional-request-property /data/notes [param data]"]);

    const accepted = await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: dir });
    expect(accepted.stderr).toContain("upstream: re-cut specs/zqtasks/openapi.yaml from it (1 operation); the manifest is kept as it is: run blockwright generate");
    const spec = readFileSync(join(dir, "specs/zqtasks/openapi.yaml"), "utf8");
    expect(spec).toMatch(/^# Re-cut by blockwright upstream --accept from v2\.json /);
    expect(spec).toContain("notes:");
    expect(spec).not.toContain("workspace:");
    // The manifest, its credential with it, is as it was.
    expect(readFileSync(join(dir, "specs/zqtasks/manifest.yaml"), "utf8")).toBe(manifest);

    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    const diff = await cli(["diff", "--base-dir", "base", "--workflows", "workflows/*.yaml", "--json"], { cwd: dir });
    const report = JSON.parse(diff.stdout);
    const kinds = report.packages[0].changes.map((c: { severity: string; kind: string; subject: string }) => `${c.severity} ${c.kind} ${c.subject}`);
    expect(kinds).toContain("breaking request-property-removed param data .workspace");
    expect(report.workflows.map((w: { message: string }) => w.message)).toEqual(["workflows/tidy.yaml:12:9: block rename sends data.workspace, which zqtasks_update_task no longer accepts (request-property-removed)"]);
  });

  it("a security scheme the newer document renames, the credential sent alike: no change, and --accept names it so in auth (generate accepts the manifest)", async () => {
    const dir = join(tmp, "renamed-scheme");
    mkdirSync(join(dir, "specs"), { recursive: true });
    const v1 = published({ name: { type: "string" } });
    writeFileSync(join(dir, "v1.json"), v1);
    writeFileSync(join(dir, "v2.json"), v1.replaceAll("zqToken", "zqBearerToken"));
    expect((await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: dir })).code).toBe(0);
    const up = await cli(["upstream", "zqtasks", "v2.json", "--json"], { cwd: dir });
    expect(JSON.parse(up.stdout).changes).toEqual([]);
    const accepted = await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: dir });
    expect(accepted.stderr).toContain("auth.scheme: zqBearerToken (the newer document renamed the security scheme zqToken; the credential is sent as it was)");
    expect(readFileSync(join(dir, "specs/zqtasks/openapi.yaml"), "utf8")).not.toContain("zqToken");
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
  });

  it("add --force over a manifest says what it replaces: the credential and an operation's outputs", async () => {
    const dir = join(tmp, "forced");
    mkdirSync(join(dir, "specs"), { recursive: true });
    writeFileSync(join(dir, "v1.json"), published({ name: { type: "string" } }));
    expect((await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: dir })).code).toBe(0);
    // The user's manifest: another credential parameter, one output fewer.
    const file = join(dir, "specs/zqtasks/manifest.yaml");
    const manifest = readFileSync(file, "utf8");
    const auth = /^auth:\n(?: {2}.*\n)+/m.exec(manifest)?.[0] ?? "";
    expect(auth).not.toBe("");
    writeFileSync(file, manifest.replace(auth, "auth:\n  scheme: zqToken\n  param: zqPersonalToken\n"));
    const forced = await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask", "--force"], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('add: --force replaces specs/zqtasks/manifest.yaml: the credential (auth) changes from {"scheme":"zqToken","param":"zqPersonalToken"} to ');
    expect(forced.stderr).toContain("(to take a newer document and keep the manifest: blockwright upstream zqtasks <document> --accept)");
  });
});
