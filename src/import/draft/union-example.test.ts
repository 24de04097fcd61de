// A request body of several shapes whose first shape carries the document's
// own example, which lacks a field that shape requires (`{content}` where the
// shape requires `content` and `convert`): the draft took the example whole
// as the body parameter's example, the contract suite's minimal input sent it,
// and the request judge refused it ("does not match any subschemas"). The
// example's fields are kept and the missing required ones made.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zquploads": {
    post: {
      operationId: "zqUpload",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              anyOf: [
                {
                  type: "object",
                  required: ["zqcontent", "zqconvert"],
                  properties: { zqcontent: { type: "string" }, zqconvert: { type: "string" } },
                  example: { zqcontent: "PGh0bWw+PC9odG1sPg==" },
                },
                {
                  type: "object",
                  required: ["zqfile", "zqconvert"],
                  properties: { zqfile: { type: "string" }, zqconvert: { type: "string" } },
                },
              ],
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "u1" }) },
    },
  },
});

describe("a union body whose first shape's own example lacks a field the shape requires", () => {
  it("is drafted with an example that keeps the example's fields and has every required one", async () => {
    const d = drafted(document, ["zqUpload"]);
    const params = Object.values(d.manifest.operations)[0]?.params ?? {};
    const body = Object.values(params).find((p) => (p as { example?: unknown }).example !== undefined) as
      | { example?: unknown }
      | undefined;
    expect(body?.example).toEqual({ zqcontent: "PGh0bWw+PC9odG1sPg==", zqconvert: "example" });
  });
});
