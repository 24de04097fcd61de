// A success answer declared under file types alone whose schema is a record (a package's `application/zip` and
// `text/plain` of an object): drafted a download of those types, it was served as JSON (Prism writes no object as such
// a type), and the download refused every success case. It is served as a file of its types; a record under text types
// alone (its JSON text, which the tool reads) and one beside a JSON type stay as they were.
import { describe, expect, it } from "vitest";
import { mockDocument } from "../mock-document.js";

const record = { type: "object", properties: { zqName: { type: "string" } } };
const answer = (content: unknown) => ({ description: "the package", content });
const get = (content: unknown) => ({ get: { responses: { "200": answer(content), "404": answer(content) } } });
const document = {
  openapi: "3.0.3",
  info: { title: "zqfiles", version: "1" },
  paths: {
    "/zqpackage": get({
      "application/zip": { schema: { $ref: "#/components/schemas/ZqPackage" }, example: { zqName: "a" } },
      "text/plain": { schema: { $ref: "#/components/schemas/ZqPackage" } },
    }),
    "/zqtext": get({ "text/plain": { schema: record } }),
    "/zqboth": get({ "application/json": { schema: record }, "application/octet-stream": { schema: record } }),
  },
  components: { schemas: { ZqPackage: record } },
};

type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };

describe("a success answer of a record under file types alone", () => {
  const served = mockDocument(document, () => false) as Served;
  const content = (path: string, status = "200") => served.paths[path]!.get.responses[status]!.content;

  it("is served as a file of its types: made bytes, made text under a text type beside", () => {
    expect(content("/zqpackage")).toEqual({
      "application/zip": { schema: { type: "string", format: "binary" } },
      "text/plain": { schema: { type: "string" } },
    });
  });

  it("a record under text types alone, or beside a JSON type, and an error's, stay served as JSON", () => {
    expect(Object.keys(content("/zqtext"))).toEqual(["application/json"]);
    expect(Object.keys(content("/zqboth"))).toEqual(["application/json"]);
    expect(Object.keys(content("/zqpackage", "404"))).toEqual(["application/json"]);
  });
});
