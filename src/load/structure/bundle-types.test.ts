// A Swagger 2.0 document whose schemas use `oneOf`, `anyOf` or `not` (JSON Schema keywords 2.0 lacks, kept by the
// conversion to 3.0), each naming a schema in another file: a transparency log's entry kinds, each kind's file a
// `oneOf` of its versions' files beside it. The bundler's 2.0 types did not walk those keywords, so their references
// were left as written (`v1/zqkind_v1.json` in the one bundled document): add then stopped with an internal error
// ("only local $refs are supported") and generate refused each. They are bundled as every other reference is now, and
// one naming a file that is not there is refused by name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundlePublished } from "../openapi-source.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-zq-swagger-unions-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ROOT = `swagger: "2.0"
info: {title: Zq Log, version: "1"}
host: zqlog.example.com
paths:
  /zqentries:
    post:
      operationId: zqCreateEntry
      parameters:
        - {name: entry, in: body, required: true, schema: {$ref: "#/definitions/ZqEntry"}}
      responses:
        "201": {description: created}
definitions:
  ZqEntry:
    type: object
    properties:
      spec:
        anyOf: [{$ref: "kinds/zqkind.json"}]
      note:
        not: {$ref: "kinds/zqnot.json"}
`;

function write(kindVersion: string) {
  const folder = mkdtempSync(join(tmp, "doc-"));
  mkdirSync(join(folder, "kinds/v1"), { recursive: true });
  const kind = { $id: "http://zqlog.example.com/kinds/zqkind.json", type: "object", oneOf: [{ $ref: kindVersion }] };
  writeFileSync(join(folder, "kinds/zqkind.json"), JSON.stringify(kind));
  writeFileSync(join(folder, "kinds/zqnot.json"), JSON.stringify({ type: "integer" }));
  const v1 = { type: "object", required: ["zqhash"], properties: { zqhash: { type: "string" } } };
  writeFileSync(join(folder, "kinds/v1/zqkind_v1.json"), JSON.stringify(v1));
  const root = join(folder, "zqlog.yaml");
  writeFileSync(root, ROOT);
  return { root, display: (f: string) => f.replace(`${folder}/`, ""), folder };
}

/** Every `$ref` in `data` that points outside the one document. */
function outsideRefs(data: unknown): string[] {
  return [...JSON.stringify(data).matchAll(/"\$ref":"([^"]*)"/g)]
    .map((m) => m[1] ?? "")
    .filter((ref) => !ref.startsWith("#"));
}

describe("bundling a Swagger 2.0 document whose unions name other files", () => {
  it("bundles the files each oneOf, anyOf and not names, a file's references read beside it", async () => {
    const { root, display, folder } = write("v1/zqkind_v1.json");
    const { data, files } = await bundlePublished(root, ROOT, display, [folder]);
    expect(outsideRefs(data)).toEqual([]);
    const definitions = (data as { definitions: Record<string, { oneOf?: { $ref: string }[] }> }).definitions;
    expect(definitions.zqkind?.oneOf).toEqual([{ $ref: "#/definitions/zqkind_v1" }]);
    expect(definitions.zqkind_v1).toMatchObject({ required: ["zqhash"] });
    expect(definitions.zqnot).toEqual({ type: "integer" });
    expect(files).toBe(4);
  });

  it("refuses one naming a file that is not there, by its reference", async () => {
    const { root, display, folder } = write("v2/zqkind_v2.json");
    const missing = /kinds\/zqkind\.json:1:\d+: \$ref "v2\/zqkind_v2\.json" does not resolve: kinds\/v2\/zqkind_v2/;
    await expect(bundlePublished(root, ROOT, display, [folder])).rejects.toThrow(missing);
  });
});
