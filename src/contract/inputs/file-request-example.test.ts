// A multipart request example whose value for a file field is no file (`zqscan: "string($binary)"`, a schema viewer's
// words for its type, as published documents paste them): read back into the call's parameters, the text became the
// file parameter's value, a path the suite could not read (ENOENT), and the case failed before any request. A file
// field's value in an example is its name or a word on it, never its bytes: the suite's own file stands in, and the
// other fields keep what the example gives.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { linkProvider } from "../../emit/link-provider.js";
import { ToolValues } from "./values.js";

afterAll(() => rmSync(join(draftWorkFolder, "file-request-example"), { recursive: true, force: true }));

const upload = {
  type: "object",
  required: ["zqscan", "zqowner"],
  properties: {
    zqscan: { type: "string", format: "binary" },
    zqthumb: { type: "string", format: "binary" },
    zqowner: { type: "string" },
  },
};
const doc = openapi({
  "/zqscans": {
    post: {
      operationId: "uploadZqscan",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: upload,
            example: { zqscan: "string($binary)", zqthumb: "thumb.png", zqowner: "zq-owner-7" },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "a1" }) },
    },
  },
});

describe("a request example whose value for a file field is no file", () => {
  it("gives each file field the suite's own file, and the other fields the example's values", async () => {
    const d = drafted(doc, ["uploadZqscan"]);
    const project = join(draftWorkFolder, "file-request-example");
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const linked = await linkProvider(project, dir);
    const tool = linked.ir.operations[0]!.tool;
    expect(tool.params.filter((p) => p.type === "file").map((p) => p.name)).toEqual(["zqscan", "zqthumb"]);
    const examples = new ToolValues(tool, linked.document).requestExamples();
    expect(examples.map((e) => e.name)).toEqual(["example"]);
    const [example] = examples;
    expect(example!.input.zqscan).toBeInstanceOf(File);
    expect(example!.input.zqthumb).toBeInstanceOf(File);
    expect(example!.input.zqowner).toBe("zq-owner-7");
    // Only what goes back on the wire as the example had it is compared with the example.
    expect(example!.taken.map((t) => t.param)).toEqual(["zqowner"]);
  });
});
