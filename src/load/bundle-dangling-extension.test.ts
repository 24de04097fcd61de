// A document's code samples are often files of their own, `$ref`'d from a specification extension
// (`x-codeSamples: [{lang: cURL, source: {$ref: examples/x.sh}}]`). One sample missing from the published folder made
// the bundler refuse the whole document, even --list, though OpenAPI leaves an extension's content to the tools that
// read it. Such a reference is left as written now; one under a name that only looks like an extension (a header or
// a property called `x-…`) is still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundlePublished } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-zq-extension-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DOC = `openapi: 3.0.3
info: {title: Zq Forms, version: "1"}
paths:
  /zqforms:
    post:
      operationId: zqSendForm
      responses:
        "200":
          description: ok
          headers:
            x-zq-trace: {schema: {type: string}}
          content:
            application/json:
              schema:
                type: object
                properties:
                  x-zq-count: {type: integer}
      x-codeSamples:
        - {lang: TypeScript, source: {$ref: examples/send.ts}}
        - {lang: cURL, source: {$ref: examples/send.sh}}
`;

type Bundled = { paths: Record<string, { post: { "x-codeSamples": { source: unknown }[] } }> };

function bundle(text: string) {
  const folder = mkdtempSync(join(tmp, "doc-"));
  mkdirSync(join(folder, "examples"));
  writeFileSync(join(folder, "examples/send.ts"), "zq.send()\n");
  const root = join(folder, "zq-forms.yaml");
  writeFileSync(root, text);
  return bundlePublished(root, text, (f) => f.replace(`${folder}/`, ""), [folder]);
}

describe("bundling a document whose extension $refs a file that is not there", () => {
  it("reads it, the samples found in place and the missing one as written", async () => {
    const { data } = (await bundle(DOC)) as { data: Bundled };
    const samples = data.paths["/zqforms"]?.post["x-codeSamples"];
    expect(samples?.[0]?.source).toBe("zq.send()\n");
    expect(samples?.[1]?.source).toEqual({ $ref: "examples/send.sh" });
  });

  it("still refuses a missing file under a header or a property named x-…", async () => {
    const header = DOC.replace("x-zq-trace: {schema: {type: string}}", "x-zq-trace: {$ref: headers/trace.yaml}");
    await expect(bundle(header)).rejects.toThrow(/headers\/trace\.yaml/);
    const property = DOC.replace("x-zq-count: {type: integer}", "x-zq-count: {$ref: schemas/count.yaml}");
    await expect(bundle(property)).rejects.toThrow(/schemas\/count\.yaml/);
  });
});
