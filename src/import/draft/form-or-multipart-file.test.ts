// A body offered as application/x-www-form-urlencoded and as multipart/form-data whose schema holds a file (a CSV
// `file: {format: binary}` beside `bulk_tags`, the form listed first): the form was chosen, as it is when no JSON is
// offered, and the file became a text sent as a form pair, where the server reads a file from multipart alone. The
// multipart is chosen then, the one way a file goes; a form with no file stays a form.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { requestBodyOf } from "../../load/request-bodies.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqImport = {
  type: "object",
  required: ["bulk_tags", "file"],
  properties: { bulk_tags: { type: "string" }, file: { type: "string", format: "binary" } },
};
const both = (schema: unknown) => ({
  content: { "application/x-www-form-urlencoded": { schema }, "multipart/form-data": { schema } },
});
const zqDoc = openapi(
  {
    "/zqimports": {
      post: {
        operationId: "zqImport",
        requestBody: { required: true, ...both({ $ref: "#/components/schemas/ZqImport" }) },
        responses: { "201": reply({ type: "object", properties: { import: { type: "integer" } } }, { import: 1 }) },
      },
    },
  },
  { schemas: { ZqImport: zqImport } },
);

describe("a body offered as a form and multipart whose fields hold a file", () => {
  it("is the multipart, its file a file input; one with no file stays a form", async () => {
    const resolve = (v: Record<string, unknown>) => v;
    expect(requestBodyOf(resolve, both(zqImport))?.encoding).toBe("multipart");
    const plain = { type: "object", properties: { bulk_tags: { type: "string" } } };
    expect(requestBodyOf(resolve, both(plain))?.encoding).toBe("form");
    const d = drafted(zqDoc, ["zqImport"]);
    const params = d.manifest.operations.acme_zq_import?.params ?? {};
    expect(params.file).toMatchObject({ type: "file", required: true });
    expect(params.bulk_tags).toMatchObject({ type: "string", required: true });
    expect(await linkProblems(d)).toEqual([]);
  });
});
