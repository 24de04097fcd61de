// A raw body (the request is one file's bytes, `application/octet-stream`)
// whose media type the document gives an example of: the example is a word on
// the bytes, not parameters. Read back as a request example it made a case
// whose file was the example's text, a path the suite cannot read.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { linkProvider } from "../../emit/link-provider.js";
import { ToolValues } from "./values.js";

afterAll(() => rmSync(join(draftWorkFolder, "raw-body-example"), { recursive: true, force: true }));

const doc = openapi({
  "/zqblobs": {
    post: {
      operationId: "putZqblob",
      requestBody: {
        required: true,
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" }, example: "zq-bytes" } },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "a1" }) },
    },
  },
});

describe("a raw body the document gives an example of", () => {
  it("gives no request example: the example is not the call's parameters", async () => {
    const d = drafted(doc, ["putZqblob"]);
    const project = join(draftWorkFolder, "raw-body-example");
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const linked = await linkProvider(project, dir);
    const tool = linked.ir.operations[0]!.tool;
    expect(tool.body?.encoding).toBe("binary");
    expect(new ToolValues(tool, linked.document).requestExamples()).toEqual([]);
  });
});
