// A Swagger 2.0 list parameter of a collectionFormat no OpenAPI 3 style writes: `tsv` anywhere, `ssv` and `pipes` in a
// header or a path. The conversion marked `tsv` with `x-collectionFormat` and gave a header's `pipes` nothing, and add
// drafted both as lists: the runtime sent them in OpenAPI's default style (`zqtabs=a&zqtabs=b`, `X-Zq-Codes: a,b`), a
// wire the document never described, and `test` passed, as the mock's judge read the converted document. Now the
// conversion marks each such list, an optional one is left out with a note naming it and the rule, and an operation
// that requires one is refused, named.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { convertSwagger2 } from "./document/swagger2.js";
import { draftWorkFolder, drafted, type Json, linkProblems, notesAt } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const list = (name: string, where: string, collectionFormat: string, required = false): Json => ({
  name,
  in: where,
  required,
  type: "array",
  items: { type: "string", maxLength: 10 },
  collectionFormat,
});

const swagger = (required: boolean): Json =>
  convertSwagger2({
    swagger: "2.0",
    info: { title: "zqlists", version: "1" },
    host: "api.zqlists.test",
    schemes: ["https"],
    produces: ["application/json"],
    paths: {
      "/zqitems": {
        get: {
          operationId: "zqItems",
          parameters: [
            list("zqpipes", "query", "pipes"),
            list("zqtabs", "query", "tsv", required),
            list("X-Zq-Codes", "header", "pipes"),
            list("X-Zq-Words", "header", "ssv"),
          ],
          responses: { "200": { description: "ok", schema: { type: "object" } } },
        },
      },
      "/zqping": {
        get: { operationId: "zqPing", responses: { "200": { description: "ok", schema: { type: "object" } } } },
      },
    },
  });

describe("a Swagger 2.0 list of a collectionFormat no OpenAPI 3 style writes", () => {
  it("is marked by the conversion, never given a style that writes another list", () => {
    const params = swagger(false).paths["/zqitems"].get.parameters as Json[];
    expect(params.map((p) => [p.name, p.style, p["x-collectionFormat"]])).toEqual([
      ["zqpipes", "pipeDelimited", undefined],
      ["zqtabs", undefined, "tsv"],
      ["X-Zq-Codes", undefined, "pipes"],
      ["X-Zq-Words", undefined, "ssv"],
    ]);
  });

  it("is left out when optional, with a note naming it and the rule; the rest is drafted and links", async () => {
    const d = drafted(swagger(false), ["zqItems"]);
    expect(Object.keys(d.manifest.operations.acme_zq_items?.params ?? {})).toEqual(["zqpipes"]);
    const notes = notesAt(d, "operations.acme_zq_items");
    for (const [where, name, format] of [
      ["query", "zqtabs", "tsv"],
      ["header", "X-Zq-Codes", "pipes"],
      ["header", "X-Zq-Words", "ssv"],
    ])
      expect(notes).toContainEqual(
        `${where} parameter ${name} is a list in the Swagger 2.0 collectionFormat ${format}, which no OpenAPI 3 ` +
          "style writes there (a space- or pipe-delimited list goes in a query alone; tab-separated, nowhere): " +
          "not drafted",
      );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses the operation that requires one, naming it, the parameter and the rule", () => {
    expect(() => drafted(swagger(true), ["zqItems", "zqPing"])).toThrow(
      /zqItems \(its query parameter zqtabs is a list in the Swagger 2\.0 collectionFormat tsv, which no OpenAPI 3 /,
    );
  });
});

// A form field of such a format (`in: formData`, `collectionFormat: tsv`) was converted with no encoding: the call sent
// its items as a pair or a part each (`zqtabs=a&zqtabs=b`), and the judge, reading the converted document, agreed. No
// Encoding Object writes a tab-separated list either (a form's styles are OpenAPI's query ones; multipart has none).
const formSwagger = (required: boolean, consumes: string): Json =>
  convertSwagger2({
    swagger: "2.0",
    info: { title: "zqforms", version: "1" },
    host: "api.zqforms.test",
    schemes: ["https"],
    consumes: [consumes],
    produces: ["application/json"],
    paths: {
      "/zqitems": {
        post: {
          operationId: "zqPost",
          parameters: [
            { name: "zqname", in: "formData", type: "string", maxLength: 10 },
            { ...list("zqtabs", "formData", "tsv", required) },
            { ...list("zqpipes", "formData", "pipes") },
          ],
          responses: { "200": { description: "ok", schema: { type: "object" } } },
        },
      },
      "/zqping": {
        get: { operationId: "zqPing", responses: { "200": { description: "ok", schema: { type: "object" } } } },
      },
    },
  });

describe("a Swagger 2.0 form field of a collectionFormat no form style writes", () => {
  for (const consumes of ["application/x-www-form-urlencoded", "multipart/form-data"])
    it(`is left out of a ${consumes} body when optional, with a note naming it and the rule`, async () => {
      const d = drafted(formSwagger(false, consumes), ["zqPost"]);
      const params = Object.keys(d.manifest.operations.acme_zq_post?.params ?? {});
      expect(params).toContain("zqname");
      expect(params).not.toContain("zqtabs");
      expect(notesAt(d, "operations.acme_zq_post")).toContainEqual(
        "left out the body field zqtabs: formData parameter zqtabs is a list in the Swagger 2.0 collectionFormat " +
          "tsv, which no OpenAPI 3 style writes there (a form's lists take a query's styles; tab-separated, none)",
      );
      expect(await linkProblems(d)).toEqual([]);
    });

  it("refuses the operation that requires one, naming it, the field and the rule", () => {
    expect(() => drafted(formSwagger(true, "application/x-www-form-urlencoded"), ["zqPost", "zqPing"])).toThrow(
      /zqPost \(its formData parameter zqtabs is a list in the Swagger 2\.0 collectionFormat tsv, which no OpenAPI 3 /,
    );
  });
});
