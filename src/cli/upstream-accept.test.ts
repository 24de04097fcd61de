// Taking a newer published document for a provider `add` started, as a new
// user would: `upstream <p> <newer> --accept` names the request field the
// newer version no longer accepts, cuts openapi.yaml again from it and keeps
// the manifest (its credential) as it was; `generate` and `diff` then report
// the field as breaking and name the workflow line that sends it. The
// provider is the made-up `zqtasks`.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-accept-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A published document of one update operation whose body is `{ data: { … } }`, `fields` the data's properties. */
function published(
  fields: Record<string, unknown>,
  extraSchemes: Record<string, unknown> = {},
  bodyAs: "inline" | "$ref" = "inline",
): string {
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
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { data: bodyAs === "$ref" ? { $ref: "#/components/schemas/TaskUpdate" } : data },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "The task.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      data: { type: "object", properties: { gid: { type: "string" }, name: { type: "string" } } },
                    },
                  },
                  example: { data: { gid: "12", name: "Tidy" } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { zqToken: { type: "http", scheme: "bearer" }, ...extraSchemes },
      ...(bodyAs === "$ref" ? { schemas: { TaskUpdate: data } } : {}),
    },
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
  // Real documents mostly $ref the body's schema: the surface must then write the named shape too, or diff compares
  // nothing.
  it.each(["inline", "$ref"] as const)(
    "re-cuts the spec, keeps the manifest, and diff names the workflow line sending a field no longer " +
      "accepted (body schema %s)",
    async (bodyAs) => {
      const dir = join(tmp, `project-${bodyAs === "$ref" ? "ref" : "inline"}`);
      mkdirSync(join(dir, "specs"), { recursive: true });
      mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
      symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
      mkdirSync(join(dir, "workflows"));
      writeFileSync(join(dir, "workflows/tidy.yaml"), WORKFLOW);
      writeFileSync(
        join(dir, "v1.json"),
        published({ name: { type: "string" }, workspace: { type: "string" } }, {}, bodyAs),
      );
      // The newer version: `workspace` no longer accepted; a scheme for other operations added (not a change for us).
      writeFileSync(
        join(dir, "v2.json"),
        published(
          { name: { type: "string" }, notes: { type: "string" } },
          { zqAdmin: { type: "apiKey", in: "header", name: "X-Zq-Admin" } },
          bodyAs,
        ),
      );

      const added = await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: dir });
      expect(added.code, added.stderr).toBe(0);
      expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
      cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
      const manifest = readFileSync(join(dir, "specs/zqtasks/manifest.yaml"), "utf8");

      const up = await cli(["upstream", "zqtasks", "v2.json", "--json"], { cwd: dir });
      expect(up.code).toBe(1);
      const changes = JSON.parse(up.stdout).changes.map(
        (c: { severity: string; kind: string; pointer: string; binds: string[] }) =>
          `${c.severity} ${c.kind} ${c.pointer} [${c.binds.join(", ")}]`,
      );
      expect(changes).toEqual([
        "breaking request-property-removed /data/workspace [param data]",
        "non-breaking new-optional-request-property /data/notes [param data]",
      ]);

      const accepted = await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: dir });
      expect(accepted.stderr).toContain(
        "upstream: re-cut specs/zqtasks/openapi.yaml from it (1 operation); the manifest is kept as it is: " +
          "run blockwright generate",
      );
      const spec = readFileSync(join(dir, "specs/zqtasks/openapi.yaml"), "utf8");
      expect(spec).toMatch(/^# Re-cut by blockwright upstream --accept from v2\.json /);
      expect(spec).toContain("notes:");
      expect(spec).not.toContain("workspace:");
      // The manifest, its credential with it, is as it was.
      expect(readFileSync(join(dir, "specs/zqtasks/manifest.yaml"), "utf8")).toBe(manifest);

      expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
      const diff = await cli(["diff", "--base-dir", "base", "--workflows", "workflows/*.yaml", "--json"], { cwd: dir });
      const report = JSON.parse(diff.stdout);
      const kinds = report.packages[0].changes.map(
        (c: { severity: string; kind: string; subject: string }) => `${c.severity} ${c.kind} ${c.subject}`,
      );
      expect(kinds).toContain("breaking request-property-removed param data .workspace");
      expect(report.workflows.map((w: { message: string }) => w.message)).toEqual([
        "workflows/tidy.yaml:12:9: block rename sends data.workspace, which zqtasks_update_task no longer " +
          "accepts (request-property-removed)",
      ]);
    },
  );

  it(
    "a security scheme the newer document renames, the credential sent alike: no change, " +
      "and --accept names it so in auth (generate accepts the manifest)",
    async () => {
      const dir = join(tmp, "renamed-scheme");
      mkdirSync(join(dir, "specs"), { recursive: true });
      const v1 = published({ name: { type: "string" } });
      writeFileSync(join(dir, "v1.json"), v1);
      writeFileSync(join(dir, "v2.json"), v1.replaceAll("zqToken", "zqBearerToken"));
      expect(
        (await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: dir })).code,
      ).toBe(0);
      const up = await cli(["upstream", "zqtasks", "v2.json", "--json"], { cwd: dir });
      expect(JSON.parse(up.stdout).changes).toEqual([]);
      const accepted = await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: dir });
      expect(accepted.stderr).toContain(
        "auth.scheme: zqBearerToken (the newer document renamed the security scheme zqToken; " +
          "the credential is sent as it was)",
      );
      expect(readFileSync(join(dir, "specs/zqtasks/openapi.yaml"), "utf8")).not.toContain("zqToken");
      const generated = await cli(["generate"], { cwd: dir });
      expect(generated.code, generated.stderr).toBe(0);
    },
  );

  it(
    "carries what add drafts otherwise from the newer document: a text it drafted follows (one written by hand " +
      "stays, noted), a new optional parameter and output are added, each with a review note; diff reports each",
    async () => {
      /** A document of one read operation: `query` its other query parameters, `fields` its answer's. */
      const document = (
        text: { op: string; status: string; limit: string },
        query: Record<string, unknown>[],
        fields: Record<string, unknown>,
      ) =>
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "zqtasks", version: "1" },
          servers: [{ url: "https://zqtasks.invalid/api" }],
          security: [{ zqToken: [] }],
          paths: {
            "/tasks/{task_gid}": {
              get: {
                operationId: "getTask",
                summary: "Get a task",
                description: text.op,
                parameters: [
                  {
                    name: "task_gid",
                    in: "path",
                    required: true,
                    schema: { type: "string", maxLength: 32 },
                    example: "12",
                  },
                  {
                    name: "zqstatus",
                    in: "query",
                    description: text.status,
                    schema: { type: "string", enum: ["open", "done"] },
                  },
                  { name: "zqlimit", in: "query", description: text.limit, schema: { type: "integer", maximum: 100 } },
                  ...query,
                ],
                responses: {
                  "200": {
                    description: "The task.",
                    content: { "application/json": { schema: { type: "object", properties: fields } } },
                  },
                },
              },
            },
          },
          components: { securitySchemes: { zqToken: { type: "http", scheme: "bearer" } } },
        });
      const fields = { gid: { type: "string" }, name: { type: "string", description: "The task's name." } };
      const older = document(
        { op: "Reads a task.", status: "Only tasks in this state.", limit: "How many at most." },
        [],
        fields,
      );
      const zqsince = {
        name: "zqsince",
        in: "query",
        description: "Only tasks changed since then.",
        schema: { type: "string", format: "date-time" },
      };
      const newer = (query: Record<string, unknown>[]) =>
        document(
          {
            op: "Reads one task by its id.",
            status: "Only tasks in this state (open or done).",
            limit: "How many at most, up to 100.",
          },
          query,
          { ...fields, zqdue: { type: "string", description: "When it is due." } },
        );
      /**
       * A project add started from the older document, `edit` made to its manifest, generated, the generation kept as
       * base.
       */
      const project = async (name: string, edit: (manifest: string) => string = (m) => m) => {
        const dir = join(tmp, name);
        mkdirSync(join(dir, "specs"), { recursive: true });
        writeFileSync(join(dir, "v1.json"), older);
        expect((await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "getTask"], { cwd: dir })).code).toBe(
          0,
        );
        const file = join(dir, "specs/zqtasks/manifest.yaml");
        writeFileSync(file, edit(readFileSync(file, "utf8")));
        expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
        cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
        return { dir, manifest: () => readFileSync(file, "utf8") };
      };

      // The user rewrote one description: theirs stays, the newer text in a note.
      const edited = await project("carried-edited", (m) =>
        m.replace("description: How many at most.", "description: Our page size."),
      );
      // A new required parameter: the service refuses a call without it, so it is carried as add drafts it (a caller
      // gives it now; diff says so, breaking).
      const zqteam = { name: "zqteam", in: "query", required: true, schema: { type: "string", enum: ["a", "b"] } };
      writeFileSync(join(edited.dir, "v2.json"), newer([zqsince, zqteam]));
      const accepted = await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: edited.dir });
      const tool = "operations.zqtasks_get_task";
      for (const line of [
        `${tool}.description: the newer document's text`,
        `${tool}.params.zqstatus.description: the newer document's text`,
        `${tool}.params.zqlimit.description: the newer document's text noted; yours kept`,
        `${tool}.params.zqsince: new optional query parameter zqsince in the newer document`,
        `${tool}.params.zqteam: new required query parameter zqteam in the newer document: each call gives it now`,
        `${tool}.outputs.metadata.zqdue: new output metadata.zqdue in the newer document's answer`,
      ])
        expect(accepted.stderr).toContain(`\n  ${line}\n`);
      // Each review note on one line (a note's wrapped lines joined).
      const manifest = edited.manifest().replace(/\n\s+# {3}/g, " ");
      expect(manifest).toContain("description: Only tasks in this state (open or done).");
      expect(manifest).toMatch(
        new RegExp(
          String.raw`\n\s+# review: the newer document words the description of zqlimit otherwise: "How many at` +
            String.raw` most, up to 100."; this one, written by hand, is kept\n\s+description: Our page size\.\n`,
        ),
      );
      expect(manifest).toMatch(
        new RegExp(
          String.raw`\n\s+# review: new optional query parameter zqsince in the newer document: drafted as` +
            String.raw` blockwright add drafts it \(blockwright upstream --accept\); keep it, or delete it if the` +
            String.raw` tool should not offer it\n\s+zqsince:\n`,
        ),
      );
      expect(manifest).toMatch(
        new RegExp(
          String.raw`\n\s+# review: new required query parameter zqteam in the newer document: each call gives it` +
            String.raw` now: drafted as blockwright add drafts it \(blockwright upstream --accept\); check it \(the` +
            String.raw` service refuses a call without it\)\n(\s+# review: .*\n)*\s+zqteam:\n`,
        ),
      );

      // Without a new required parameter, the manifest carried generates, and diff reports what was carried.
      const plain = await project("carried");
      writeFileSync(join(plain.dir, "v2.json"), newer([zqsince]));
      expect((await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: plain.dir })).code).toBe(1);
      const generated = await cli(["generate"], { cwd: plain.dir });
      expect(generated.code, generated.stderr).toBe(0);
      const diff = await cli(["diff", "--base-dir", "base", "--json"], { cwd: plain.dir });
      const kinds = JSON.parse(diff.stdout).packages[0].changes.map(
        (c: { severity: string; kind: string; subject: string }) => `${c.severity} ${c.kind} ${c.subject}`,
      );
      expect(kinds.sort()).toEqual([
        "informational api-description-changed description",
        "informational request-parameter-description-changed param zqlimit",
        "informational request-parameter-description-changed param zqstatus",
        // The new parameter as the platform targets show it (an n8n node's property, a Sim tool's parameter).
        "non-breaking n8n-added-optional n8n property zqsince",
        "non-breaking new-optional-request-parameter param zqsince",
        "non-breaking response-property-added output data .zqdue",
        "non-breaking response-property-added output metadata.zqdue",
        "non-breaking sim-added-optional Sim parameter zqsince",
      ]);
    },
  );

  it(
    "takes out an output add drafted from a field the newer answer no longer has, noted: " +
      "generate accepts the manifest, and diff names the workflow line that read it",
    async () => {
      /** A document of one read operation whose answer has `fields`. */
      const document = (fields: Record<string, unknown>) =>
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "zqtasks", version: "1" },
          servers: [{ url: "https://zqtasks.invalid/api" }],
          security: [{ zqToken: [] }],
          paths: {
            "/tasks/{task_gid}": {
              get: {
                operationId: "getTask",
                summary: "Get a task",
                parameters: [
                  {
                    name: "task_gid",
                    in: "path",
                    required: true,
                    schema: { type: "string", maxLength: 32 },
                    example: "12",
                  },
                ],
                responses: {
                  "200": {
                    description: "The task.",
                    content: { "application/json": { schema: { type: "object", properties: fields } } },
                  },
                },
              },
            },
          },
          components: { securitySchemes: { zqToken: { type: "http", scheme: "bearer" } } },
        });
      const kept = { gid: { type: "string" }, name: { type: "string", description: "The task's name." } };
      const dir = join(tmp, "gone-output");
      mkdirSync(join(dir, "specs"), { recursive: true });
      writeFileSync(join(dir, "v1.json"), document({ ...kept, zqnote: { type: "string", description: "A note." } }));
      writeFileSync(join(dir, "v2.json"), document(kept));
      expect((await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "getTask"], { cwd: dir })).code).toBe(
        0,
      );
      const manifestFile = join(dir, "specs/zqtasks/manifest.yaml");
      // The premise: add drafted an output reading the field.
      expect(readFileSync(manifestFile, "utf8")).toContain("from: $response.body#/zqnote");
      expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
      cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
      writeFileSync(
        join(dir, "wf.yaml"),
        "name: zq\nblocks:\n  get:\n    type: zqtasks\n    name: Get\n    inputs: { operation: " +
          "zqtasks_get_task, apiKey: '{{ZQ_TOKEN}}', task_gid: '12' }\n    connections: { outgoing: [{ target: " +
          "again }] }\n  again:\n    type: zqtasks\n    name: Again\n    inputs: { operation: zqtasks_get_task, " +
          "apiKey: '{{ZQ_TOKEN}}', task_gid: '{{get.metadata.zqnote}}' }\n",
      );

      const accepted = await cli(["upstream", "zqtasks", "v2.json", "--accept"], { cwd: dir });
      expect(accepted.stderr).toContain(
        "\n  operations.zqtasks_get_task.outputs: metadata.zqnote taken out: the newer document's answer has no " +
          "field /zqnote\n",
      );
      const manifest = readFileSync(manifestFile, "utf8");
      expect(manifest).not.toContain("from: $response.body#/zqnote");
      expect(manifest).toContain(
        "# review: metadata.zqnote was taken out: the newer document's answer has no field /zqnote",
      );
      const generated = await cli(["generate"], { cwd: dir });
      expect(generated.code, generated.stderr).toBe(0);
      const diff = await cli(["diff", "--base-dir", "base", "--workflows", "wf.yaml"], { cwd: dir });
      expect(diff.stdout).toContain("output metadata.zqnote: output removed [response-property-removed]");
      expect(diff.stdout).toMatch(
        /wf\.yaml:\d+:\d+: again: \{\{get\.metadata\.zqnote\}\}: the operation has no output "metadata\.zqnote"/,
      );
    },
  );

  it("add --force over a manifest says what it replaces: the credential and an operation's outputs", async () => {
    const dir = join(tmp, "forced");
    mkdirSync(join(dir, "specs"), { recursive: true });
    writeFileSync(join(dir, "v1.json"), published({ name: { type: "string" } }));
    expect((await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask"], { cwd: dir })).code).toBe(
      0,
    );
    // The user's manifest: another credential parameter, one output fewer.
    const file = join(dir, "specs/zqtasks/manifest.yaml");
    const manifest = readFileSync(file, "utf8");
    const auth = /^auth:\n(?: {2}.*\n)+/m.exec(manifest)?.[0] ?? "";
    expect(auth).not.toBe("");
    writeFileSync(file, manifest.replace(auth, "auth:\n  scheme: zqToken\n  param: zqPersonalToken\n"));
    const forced = await cli(["add", "zqtasks", "--from", "v1.json", "--operations", "updateTask", "--force"], {
      cwd: dir,
    });
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(
      "add: --force replaces specs/zqtasks/manifest.yaml: the credential (auth) " +
        'changes from {"scheme":"zqToken","param":"zqPersonalToken"} to ',
    );
    expect(forced.stderr).toContain(
      "(to take a newer document and keep the manifest: blockwright upstream zqtasks <document> --accept)",
    );
  });
});
