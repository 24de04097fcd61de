// A success answer declared under file types alone whose schema is a record (a package's `application/zip` and
// `text/plain` of an object): drafted a download of those types, it was served as JSON (Prism writes no object as such
// a type), and the download refused every success case. It is served as a file of its types; a record under a text
// type is its JSON text, which the tool reads; one beside a JSON type stays served as that JSON.
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
    "/zqlines": get({ "application/x-ndjson": { schema: record } }),
  },
  components: { schemas: { ZqPackage: record } },
};

type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };

describe("a success answer of a record under file types alone", () => {
  const served = mockDocument(document, () => false) as Served;
  const content = (path: string, status = "200") => served.paths[path]!.get.responses[status]!.content;

  it("is served as a file of its types: made bytes, its JSON text under a text type beside", () => {
    const served = content("/zqpackage") as Record<string, { schema: unknown; example?: string }>;
    expect(Object.keys(served)).toEqual(["application/zip", "text/plain"]);
    expect(served["application/zip"]).toEqual({ schema: { type: "string", format: "binary" } });
    expect(served["text/plain"]?.schema).toEqual({ type: "string" });
    expect(JSON.parse(served["text/plain"]?.example ?? "")).toBeTypeOf("object");
  });

  it("a record under text types alone is its JSON text; beside a JSON type, and an error's, served as JSON", () => {
    expect(Object.keys(content("/zqtext"))).toEqual(["text/plain"]);
    expect(Object.keys(content("/zqboth"))).toEqual(["application/json"]);
    // A stream of JSON values is read item by item: no file's bytes made of it.
    expect(JSON.stringify(content("/zqlines"))).not.toContain("binary");
    expect(Object.keys(content("/zqpackage", "404"))).toEqual(["application/json"]);
  });
});
