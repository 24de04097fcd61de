// A `$ref` that is a name, not a reference a bundler can follow: a publisher's code class (`Zq\Entity\Queue`, written
// by a generator that lost its translation) or a bare type name, with no `#`, no folder, no extension and no file of
// that name. Read as a relative file it did not resolve, and add refused the whole document, --list too, where a
// `#/components/schemas/…` that resolves nowhere is drafted as a schema of any value with a note. A name in a schema's
// place is now drafted so too; a missing file (`./schemas/x.yaml`, `zqpet.yaml`) stays a clear error naming it, and a
// file of that name that is there is read as the bundler reads it. A dotted type name (`Zq.Model.Pet`, .NET's, Java's)
// is a name: its last part starts upper-case, a file's extension does not.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-name-refs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");

const answer = (schema: unknown) => ({
  "200": { description: "ok", content: { "application/json": { schema } } },
});
/** A document whose two answers name `queue` (as written) and whose third names `other`. */
const documentText = (queue: string, other = "#/components/schemas/ZqItem") =>
  JSON.stringify({
    openapi: "3.0.0",
    info: { title: "Zq", version: "1" },
    servers: [{ url: "https://api.zq.example" }],
    paths: {
      "/zqqueue": {
        get: {
          operationId: "listZqQueue",
          responses: answer({
            type: "array",
            items: { allOf: [{ $ref: queue }, { $ref: "#/components/schemas/ZqItem" }] },
          }),
        },
      },
      "/zqqueue/{id}": {
        get: {
          operationId: "getZqQueueItem",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
          responses: answer({ oneOf: [{ $ref: queue }] }),
        },
      },
      "/zqitems": { get: { operationId: "listZqItems", responses: answer({ $ref: other }) } },
    },
    components: { schemas: { ZqItem: { type: "object", properties: { id: { type: "string" } } } } },
  });

let n = 0;
function documentFile(text: string, files: Record<string, string> = {}): string {
  const folder = join(dir, `doc${++n}`);
  mkdirSync(folder, { recursive: true });
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(folder, name, ".."), { recursive: true });
    writeFileSync(join(folder, name), body);
  }
  writeFileSync(join(folder, "zq.json"), text);
  return `doc${n}/zq.json`;
}
const add = (provider: string, from: string, ...rest: string[]) =>
  cli(["add", provider, "--from", from, ...rest], { cwd: dir });

describe("a $ref that is a name, not a file nor a place in the document", () => {
  const named = "Zq\\Entity\\QueueItem";

  it("is listed and drafted as a schema of any value, with a note, and the draft links", async () => {
    const from = documentFile(documentText(named));
    const list = await add("zqnamed", from, "--list");
    expect(list.stderr).not.toMatch(/BW1203|does not resolve/);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^listZqQueue\t/m);

    const r = await add("zqnamed", from, "--operations", "listZqQueue,getZqQueueItem");
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("the draft links");
    expect(r.stdout).toMatch(/defines nowhere \(components\.schemas\.Zq_Entity_QueueItem\), each accepting any value/);
    const cut = readFileSync(join(dir, "specs/zqnamed/openapi.yaml"), "utf8");
    expect(cut).toContain("$ref: '#/components/schemas/Zq_Entity_QueueItem'");
    expect(cut).toContain('refers to "Zq\\\\Entity\\\\QueueItem", a name that is no file');
    expect(cut).not.toContain("$ref: Zq\\");
  });

  it("dotted, a .NET or Java type's name (Zq.Model.Pet), is a name too, not a file with an extension", async () => {
    const r = await add("zqdotted", documentFile(documentText("Zq.Model.Pet")), "--operations", "listZqQueue");
    expect(r.stderr).not.toMatch(/BW1203|does not resolve|no such file/);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, "specs/zqdotted/openapi.yaml"), "utf8")).toContain(
      "$ref: '#/components/schemas/Zq.Model.Pet'",
    );
  });

  it("beside a file the document names, is left by the bundle and drafted the same", async () => {
    const item = JSON.stringify({ type: "object", properties: { id: { type: "string" } } });
    const from = documentFile(documentText("ZqQueueRecord", "schemas/zqitem.json"), { "schemas/zqitem.json": item });
    const r = await add("zqbundled", from, "--operations", "all");
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/bundled 2 files/);
    expect(readFileSync(join(dir, "specs/zqbundled/openapi.yaml"), "utf8")).toContain(
      "$ref: '#/components/schemas/ZqQueueRecord'",
    );
  });

  it("is read as a file when a file of that name is there (as the bundler reads one: its text)", async () => {
    const queue = JSON.stringify({ type: "object", properties: { zqPosition: { type: "integer" } } });
    const from = documentFile(documentText("ZqQueueRecord"), { ZqQueueRecord: queue });
    const r = await add("zqfile", from, "--operations", "listZqQueue");
    expect(r.stderr).toMatch(/bundling the files/);
    expect(r.stderr).toMatch(/at components\.schemas\.ZqQueueRecord \(a schema must be a mapping, got "\{/);
    expect(r.code).toBe(2);
  });

  it("a missing file (a folder or an extension in the $ref) stays an error naming it, --list too", async () => {
    for (const missing of ["./schemas/zqqueue.yaml", "zqqueue.yaml", "zqqueue.json#/ZqQueue"]) {
      const from = documentFile(documentText(missing));
      const r = await add("zqmissing", from, "--list");
      expect(r.code, missing).toBe(2);
      expect(r.stderr).toContain(`$ref ${JSON.stringify(missing)} does not resolve`);
      expect(r.stderr).toMatch(/zqqueue\.(yaml|json): no such file/);
    }
    expect(existsSync(join(dir, "specs/zqmissing"))).toBe(false);
  });
});
