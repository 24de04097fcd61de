// A document that refers to other files (code samples, descriptions) is bundled before it is read. A discriminator's
// mapping that names a schema defined nowhere (`mapping: {dog: "#/components/schemas/ZqDog"}`, often on a component
// no operation uses) made the bundler refuse the whole document, even --list, with "Can't resolve $ref" at a place
// holding no `$ref`; the same document in one file was read, the cut adding such a schema as any value. The mapping is
// kept as written now; a `$ref` that resolves nowhere is still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundlePublished } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-zq-mapping-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DOC = `openapi: 3.1.0
info: {title: Zq Pets, version: "1"}
paths:
  /zqpets:
    post:
      operationId: zqAddPet
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/ZqPet"}
      responses:
        "200": {description: ok}
      x-code-samples: {$ref: ./samples/add.ts}
components:
  schemas:
    ZqPet:
      oneOf: [{$ref: "#/components/schemas/ZqCat"}]
      discriminator:
        propertyName: kind
        mapping: {cat: "#/components/schemas/ZqCat", dog: "#/components/schemas/ZqDog"}
    ZqCat: {type: object, properties: {kind: {type: string}}}
    ZqUnused:
      oneOf: []
      discriminator: {propertyName: type, mapping: {a: ZqUnusedA}}
`;

type Bundled = {
  components: { schemas: Record<string, { discriminator: { mapping: Record<string, string> } }> };
  paths: Record<string, { post: Record<string, unknown> }>;
};

function bundle(text: string) {
  const folder = mkdtempSync(join(tmp, "doc-"));
  mkdirSync(join(folder, "samples"));
  writeFileSync(join(folder, "samples/add.ts"), "zq.add()\n");
  const root = join(folder, "zq-pets.yaml");
  writeFileSync(root, text);
  return bundlePublished(root, text, (f) => f.replace(`${folder}/`, ""), [folder]);
}

describe("bundling a document whose discriminator mapping names a schema defined nowhere", () => {
  it("reads it, the mapping as written and the other files' text in place", async () => {
    const { data } = (await bundle(DOC)) as { data: Bundled };
    expect(data.components.schemas.ZqPet?.discriminator.mapping).toEqual({
      cat: "#/components/schemas/ZqCat",
      dog: "#/components/schemas/ZqDog",
    });
    expect(data.paths["/zqpets"]?.post["x-code-samples"]).toBe("zq.add()\n");
  });

  it("still refuses a $ref that resolves nowhere, naming it", async () => {
    const broken = DOC.replace(
      'oneOf: [{$ref: "#/components/schemas/ZqCat"}]',
      'oneOf: [{$ref: "#/components/schemas/ZqCow"}]',
    );
    await expect(bundle(broken)).rejects.toThrow(/ZqCow/);
  });
});
