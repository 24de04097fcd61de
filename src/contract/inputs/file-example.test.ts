// A file parameter whose field the document gives an example of (`example:
// zq-report.p12` on a binary field, as published documents write a file's
// name): the suite sent the example as the file, a path it could not read,
// and every case of the upload failed before any request. The suite uploads
// a file of its own; the example is never its value.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parseDocument } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { linkProvider } from "../../emit/link-provider.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const upload = {
  type: "object",
  required: ["zqcert", "zqpass"],
  properties: {
    zqcert: { type: "string", format: "binary", example: "zq-report.p12" },
    zqpass: { type: "string", example: "zq-pass" },
  },
};
const doc = openapi({
  "/zqapps/{id}/zqcerts": {
    post: {
      operationId: "uploadZqcert",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      requestBody: { required: true, content: { "multipart/form-data": { schema: upload } } },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "a1" }) },
    },
  },
});

/** The drafted provider's values; `example`: the manifest's own example of the file parameter, when it gives one. */
async function linkedValues(example?: string): Promise<ToolValues> {
  const d = drafted(doc, ["uploadZqcert"]);
  const project = join(draftWorkFolder, `file-example-${example === undefined ? "drafted" : "own"}`);
  const dir = join(project, "specs", "acme");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  const manifest = parseDocument(d.manifestText);
  if (example !== undefined)
    manifest.setIn(["operations", "acme_upload_zqcert", "params", "zqcert", "example"], example);
  writeFileSync(join(dir, "manifest.yaml"), manifest.toString());
  const linked = await linkProvider(project, dir);
  const tool = linked.ir.operations[0]!.tool;
  expect(tool.params.find((p) => p.name === "zqcert")?.type).toBe("file");
  return new ToolValues(tool, linked.document);
}

describe("a file parameter the document gives an example of", () => {
  it(
    "is given a file of the suite's own, in the minimal and the full input and every random draw; the other " +
      "fields keep their examples",
    async () => {
      const values = await linkedValues();
      for (const input of [values.minimal(), values.full()]) {
        expect(input.zqcert).toBeInstanceOf(File);
        expect(input.zqpass).toBe("zq-pass");
      }
      const draws = fc.sample(validInput(values.tool, values, "http://127.0.0.1:9"), { numRuns: 50, seed: 7 });
      expect(draws.filter((d) => !(d.zqcert instanceof File))).toEqual([]);
    },
  );

  it("is given the manifest's own example when it gives one (a file its author keeps beside the specs)", async () => {
    const path = join(draftWorkFolder, "zq-own-cert.p12");
    writeFileSync(path, "zq certificate bytes");
    const values = await linkedValues(path);
    expect(values.minimal().zqcert).toBe(path);
  });
});
