// `upstream --accept` where the newer document drops a value's list (an upload's `file_type: enum [jpg, png, pdf]`
// become any text, as an identity-check API's later versions write it): the manifest kept the older document's list and
// refused, before any request, every value the newer document takes beyond it. The list was the document's, not the
// user's: it is taken out with a line. A list the user narrowed, or one the newer document writes another way (a
// union), stays.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tightenManifest } from "./tighten.js";

const manifest = (values: string) => `provider: zqfiles
operations:
  zqfiles_upload:
    operationId: zqUploadFile
    params:
      zqkind:
        type: string
        enum: [ ${values} ]
        wire: { in: body, pointer: /file_type }
      zqsort:
        type: string
        enum: [ ${values} ]
        wire: { in: query, name: sort }
`;

const cut = (schema: object) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqfiles", version: "1" },
    paths: {
      "/zqfiles": {
        post: {
          operationId: "zqUploadFile",
          parameters: [{ name: "sort", in: "query", schema }],
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: { file_type: schema, file: { type: "string", format: "binary" } },
                },
              },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });

const listed = { type: "string", enum: ["jpg", "png", "pdf"], description: "The file's type" };
const params = (text: string) => parse(text).operations.zqfiles_upload.params;

describe("upstream --accept on a list of values the newer document drops", () => {
  it("takes the older document's list out of the manifest, with a line for each", () => {
    const newer = cut({ type: "string", description: "The file's type, any the upstream reads" });
    const out = tightenManifest(manifest("jpg, png, pdf"), newer, "openapi.yaml", cut(listed));
    expect(params(out.text).zqkind).toEqual({ type: "string", wire: { in: "body", pointer: "/file_type" } });
    expect(params(out.text).zqsort.enum).toBeUndefined();
    expect(out.lines).toEqual([
      'operations.zqfiles_upload.params.zqkind.enum: taken out (body field "/file_type" takes any value of its type ' +
        "in the newer document)",
      'operations.zqfiles_upload.params.zqsort.enum: taken out (query parameter "sort" takes any value of its type ' +
        "in the newer document)",
    ]);
  });

  it("keeps a list the user narrowed, and one the newer document writes as a union", () => {
    const bare = cut({ type: "string" });
    expect(params(tightenManifest(manifest("jpg, png"), bare, "openapi.yaml", cut(listed)).text).zqkind.enum).toEqual([
      "jpg",
      "png",
    ]);
    const union = cut({
      anyOf: [
        { type: "string", enum: ["jpg", "png", "pdf"] },
        { type: "string", pattern: "^x" },
      ],
    });
    const out = tightenManifest(manifest("jpg, png, pdf"), union, "openapi.yaml", cut(listed));
    expect(params(out.text).zqkind.enum).toEqual(["jpg", "png", "pdf"]);
  });
});
