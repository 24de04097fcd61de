// A path item given by a reference inside the document (`/support/zqaddress: {$ref: "#/paths/~1zqaddress"}`, 3.1's
// `{$ref: "#/components/pathItems/ZqOther"}`): add listed, cut and drafted none of its operations, without a word (the
// picker and the cut read methods at the path, where there is only a `$ref`); upstream compared versions without
// them. Written out where they are referenced, each operation is listed, cut, drafted and compared.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../cli.js";
import { readPublished } from "../../upstream/published.js";
import { ROOT } from "../../../test-support/repo.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-path-item-refs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DOCUMENT = `openapi: 3.1.0
info: { title: Zqpaths, version: "1" }
servers: [{ url: "https://api.zqpaths.invalid" }]
paths:
  /zqaddress:
    get:
      operationId: getZqAddress
      parameters: [{ name: zqkind, in: query, schema: { type: string, enum: [v4, v6] } }]
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { type: object, properties: { zqip: { type: string } } } } }
  /support/zqaddress:
    $ref: "#/paths/~1zqaddress"
    summary: The same address, under support.
  /zqother:
    $ref: "#/components/pathItems/ZqOther"
  /zqloop:
    $ref: "#/paths/~1zqloop"
components:
  pathItems:
    ZqOther:
      $ref: "#/components/pathItems/ZqOtherAgain"
    ZqOtherAgain:
      get:
        operationId: getZqOther
        responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } }
`;

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
  return { code: await main(argv, io), stdout, stderr };
}

describe("path items given by a reference inside the document", () => {
  const file = join(tmp, "zqpaths.yaml");
  writeFileSync(file, DOCUMENT);

  it("add --list names the operations behind them (a reference to a reference followed, a loop left)", async () => {
    const { code, stdout } = await run(["add", "--from", file, "--list"], tmp);
    expect(code).toBe(0);
    expect(stdout.split("\n").map((l) => l.split("\t").slice(0, 2).join(" "))).toEqual([
      "(shared operationId) getZqAddress GET /zqaddress",
      "(shared operationId) getZqAddress GET /support/zqaddress",
      "getZqOther GET /zqother",
      "",
    ]);
  });

  it("add --operations all cuts them written out, with the referring item's own fields; the draft links", async () => {
    const project = join(tmp, "project");
    mkdirSync(join(project, "specs"), { recursive: true });
    mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
    const { code, stdout } = await run(["add", "zqpaths", "--from", file, "--operations", "all"], project);
    expect(code).toBe(0);
    expect(stdout).toMatch(/the draft links: generate accepts it/);
    const cut = jsyaml.load(readFileSync(join(project, "specs/zqpaths/openapi.yaml"), "utf8")) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(cut.paths).sort()).toEqual(["/support/zqaddress", "/zqaddress", "/zqother"]);
    expect(cut.paths["/support/zqaddress"]).toMatchObject({
      summary: "The same address, under support.",
      get: { parameters: [{ name: "zqkind", in: "query" }] },
    });
    expect(JSON.stringify(cut.paths)).not.toContain("$ref");
  });

  it("upstream reads the operations behind them when it compares versions", async () => {
    const { document } = await readPublished(file, "zqpaths.yaml");
    const paths = document.paths as Record<string, Record<string, { operationId?: string }>>;
    expect(paths["/support/zqaddress"]?.get?.operationId).toBe("getZqAddress");
    expect(paths["/zqother"]?.get?.operationId).toBe("getZqOther");
  });
});
