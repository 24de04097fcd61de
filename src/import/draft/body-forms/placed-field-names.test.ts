// A body field that shares its name with a declared query parameter (a query `zq_file` beside a multipart part
// `zq_file`): named by its place (`formZqFile`, `bodyZqSlug`), with a review note, where numbering (`zq_file2`) told a
// caller nothing of which is which; both still sent, each where the document puts it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const query = (name: string) => ({ in: "query", name, schema: { type: "string" } });
const document = openapi({
  "/zqimport": {
    post: {
      operationId: "zqImport",
      parameters: [query("zq_file"), query("zq_template")],
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                zq_template: { type: "string" },
                zq_dry: { type: "boolean" },
                zq_file: { type: "string", format: "binary" },
              },
            },
          },
        },
      },
      responses: ok,
    },
  },
  "/zqslugs": {
    post: {
      operationId: "zqSlug",
      parameters: [query("zq_slug")],
      requestBody: {
        content: { "application/json": { schema: { type: "object", properties: { zq_slug: { type: "string" } } } } },
      },
      responses: ok,
    },
  },
});

describe("a body field sharing its name with a query parameter", () => {
  const draft = drafted(document, ["zqImport", "zqSlug"]);
  const params = (op: string) => draft.manifest.operations?.[op]?.params ?? {};

  it("is named by its place, a form's field form…, a JSON body's body…, with a note; links", async () => {
    expect(Object.keys(params("acme_zq_import"))).toEqual([
      "zq_file",
      "zq_template",
      "formZqTemplate",
      "zq_dry",
      "formZqFile",
    ]);
    expect(params("acme_zq_import").formZqFile?.wire).toEqual({ in: "body", pointer: "/zq_file" });
    expect(params("acme_zq_import").zq_file?.wire).toEqual({ in: "query" });
    expect(params("acme_zq_slug").bodyZqSlug?.wire).toEqual({ in: "body", pointer: "/zq_slug" });
    expect(notesAt(draft, "operations.acme_zq_import.params.formZqFile")).toContainEqual(
      expect.stringMatching(/^the query parameter zq_file \(drafted as zq_file\) and this form field share a name/),
    );
    expect(notesAt(draft, "operations.acme_zq_slug.params.bodyZqSlug")).toContainEqual(
      expect.stringMatching(/^the query parameter zq_slug .* this body field share a name: .* \(bodyZqSlug\)/),
    );
    expect(await linkProblems(draft)).toEqual([]);
  });
});
