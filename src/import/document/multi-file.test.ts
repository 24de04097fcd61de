// `blockwright add` on a document published as several files: path items,
// operations, parameters and schemas in files of their own, reached by
// relative `$ref`s. --list names the operations, --operations cuts them into
// one openapi.yaml without a reference to another file, and a reference
// that leaves the root's folder or names no file is refused with its place.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../cli.js";
import { ROOT } from "../../../test-support/repo.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-multi-file-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  "zq-widgets.yaml": `openapi: 3.0.3
info: {title: Zq Widgets, version: "1"}
servers: [{url: "https://api.zq-widgets.invalid/v1"}]
security: [{bearer: []}]
paths:
  /widgets:
    $ref: resources/widgets/widgets.yaml
  /widgets/{widget_id}:
    get:
      $ref: resources/widgets/get.yaml
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
`,
  "resources/widgets/widgets.yaml": `get:
  operationId: listWidgets
  summary: List widgets
  parameters:
    - $ref: ../../shared/parameters.yaml#/per_page
  responses:
    "200":
      description: The widgets.
      content:
        application/json:
          schema:
            type: object
            properties:
              widgets: {type: array, items: {$ref: models/widget.yaml}}
post:
  operationId: createWidget
  requestBody:
    required: true
    content:
      application/json:
        schema: {$ref: models/widget.yaml}
  responses:
    "201": {description: Created.}
`,
  "resources/widgets/get.yaml": `operationId: getWidget
summary: Get a widget
description: {$ref: ../../docs/get-widget.md}
x-codeSamples:
  - {lang: Ruby, source: {$ref: ../../samples/get_widget.rb}}
parameters:
  - {name: widget_id, in: path, required: true, schema: {type: string, maxLength: 64}}
responses:
  "200":
    description: One widget.
    content:
      application/json:
        schema: {$ref: models/widget.yaml}
`,
  "resources/widgets/models/widget.yaml": `type: object
required: [id]
properties:
  id: {type: string, maxLength: 64, example: w1}
  name: {type: string, maxLength: 100}
`,
  "docs/get-widget.md": "Gets **one** widget: its id and name.\n",
  "samples/get_widget.rb": "client.widgets.get('w1') # {a: 1}\n",
  "shared/parameters.yaml": `per_page:
  name: per_page
  in: query
  schema: {type: integer, minimum: 1, maximum: 200}
`,
};

function write(folder: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return join(folder, "zq-widgets.yaml");
}

const add = (args: string[], cwd: string) => run(["add", ...args], cwd);

async function run(argv: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: { write: (t: string) => void (stdout += t) },
    stderr: { write: (t: string) => void (stderr += t) },
    env: {},
    cwd,
    interrupted: new Promise<void>(() => {}),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe("add on a multi-file document", () => {
  const root = write(join(tmp, "published"), FILES);

  it("--list names the operations of path items and operations in other files", async () => {
    const { code, stdout } = await add(["--from", root, "--list"], tmp);
    expect(code).toBe(0);
    expect(stdout.split("\n").map((l) => l.split("\t").slice(0, 2).join(" "))).toEqual([
      "listWidgets GET /widgets",
      "createWidget POST /widgets",
      "getWidget GET /widgets/{widget_id}",
      "",
    ]);
  });

  it("--operations cuts them into one document, and the draft links", async () => {
    const project = join(tmp, "project");
    mkdirSync(join(project, "specs"), { recursive: true });
    mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
    const { code, stdout, stderr } = await add(
      ["zqwidgets", "--from", root, "--operations", "listWidgets,getWidget"],
      project,
    );
    expect({ code, stderr: code ? stderr : "" }).toEqual({ code: 0, stderr: "" });
    expect(stderr).toMatch(/bundled 5 files/);
    expect(stdout).toMatch(/the draft links: generate accepts it/);
    const cut = readFileSync(join(project, "specs/zqwidgets/openapi.yaml"), "utf8");
    expect(cut).not.toMatch(/\$ref: ['"]?(\.\.\/|resources|shared|models)/);
    const doc = jsyaml.load(cut) as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => `${method} ${path} ${op.operationId}`),
      ),
    ).toEqual(["get /widgets listWidgets", "get /widgets/{widget_id} getWidget"]);
    const manifest = jsyaml.load(readFileSync(join(project, "specs/zqwidgets/manifest.yaml"), "utf8")) as {
      operations: Record<string, { params?: Record<string, unknown> }>;
    };
    expect(Object.keys(manifest.operations).sort()).toEqual(["zqwidgets_get_widget", "zqwidgets_list_widgets"]);
    // A $ref to a file that is neither JSON nor YAML is its text (a description in Markdown, a code sample).
    const get = (
      doc.paths["/widgets/{widget_id}"] as Record<
        string,
        { description?: string; "x-codeSamples"?: { source: string }[] }
      >
    ).get;
    expect(get?.description).toBe("Gets **one** widget: its id and name.\n");
    expect(get?.["x-codeSamples"]?.[0]?.source).toBe("client.widgets.get('w1') # {a: 1}\n");
    expect(Object.keys(manifest.operations.zqwidgets_list_widgets?.params ?? {})).toContain("per_page");
  });

  it(
    "upstream compares a newer multi-file document, bundled, with the pinned bundle, and " +
      "--accept pins the newer bundle",
    async () => {
      const project = join(tmp, "project");
      const same = await run(["upstream", "zqwidgets", root], project);
      expect({ code: same.code, stderr: same.code ? same.stderr : "" }).toEqual({ code: 0, stderr: "" });
      const newer = write(join(tmp, "newer"), {
        ...FILES,
        "resources/widgets/models/widget.yaml":
          FILES["resources/widgets/models/widget.yaml"]?.replace(
            "id: {type: string, maxLength: 64",
            "id: {type: string, maxLength: 32",
          ) ?? "",
      });
      // A reply field's limit tightened is informational for callers (issue 35's change model): exit 0; --all lists it.
      const changed = await run(["upstream", "zqwidgets", newer, "--accept", "--all"], project);
      expect(changed.code, changed.stdout).toBe(0);
      expect(changed.stdout).toMatch(/maxLength/);
      const pinned = JSON.parse(readFileSync(join(project, "specs/zqwidgets/upstream/published.json"), "utf8")) as {
        components?: { schemas?: Record<string, { properties?: { id?: { maxLength?: number } } }> };
      };
      expect(Object.values(pinned.components?.schemas ?? {}).map((s) => s.properties?.id?.maxLength)).toContain(32);
      // openapi.yaml, add's cut, is cut again from the newer bundle: one file, the newer limit, the manifest untouched.
      expect(changed.stderr).toMatch(/re-cut specs\/zqwidgets\/openapi\.yaml from it \(2 operations\)/);
      const cut = readFileSync(join(project, "specs/zqwidgets/openapi.yaml"), "utf8");
      expect(cut).not.toMatch(/\$ref: ['"]?(\.\.\/|resources|shared|models)/);
      expect(cut).toMatch(/maxLength: 32/);
      expect((await run(["generate"], project)).code).toBe(0);
    },
  );

  it("a $ref to a file that is not there is refused, exit 2, naming the reference and its place", async () => {
    const broken = write(join(tmp, "broken"), {
      ...FILES,
      "resources/widgets/get.yaml":
        FILES["resources/widgets/get.yaml"]?.replace("models/widget.yaml", "models/gadget.yaml") ?? "",
    });
    const { code, stderr } = await add(["--from", broken, "--list"], tmp);
    expect(code).toBe(2);
    expect(stderr).toMatch(/get\.yaml:\d+:\d+: \$ref "models\/gadget\.yaml" does not resolve/);
    expect(stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it("a $ref that leaves the root's folder is refused, exit 2", async () => {
    const outside = write(join(tmp, "outside", "inner"), {
      ...FILES,
      "zq-widgets.yaml":
        FILES["zq-widgets.yaml"]?.replace("$ref: resources/widgets/widgets.yaml", "$ref: ../elsewhere.yaml") ?? "",
    });
    writeFileSync(join(tmp, "outside", "elsewhere.yaml"), FILES["resources/widgets/widgets.yaml"] ?? "");
    const { code, stderr } = await add(["--from", outside, "--list"], tmp);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /\$ref "\.\.\/elsewhere\.yaml" does not resolve: .*elsewhere\.yaml is outside the document.s folder/,
    );
  });
});
