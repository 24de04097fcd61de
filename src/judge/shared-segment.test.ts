// Two parameters in one path segment (`/zqtags/{id}.{format}`): a text value
// may hold the literal between them (a path value's `.` is not reserved, so it
// is sent as it is), and the judge split `42.um.json` at the last dot, read
// the id as "42.um", not an integer, and refused a request the document
// allows. Every split is a reading: the one that meets the document stands.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";
import { pathTemplate } from "./path-template.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqtags/{id}.{format}:
    get:
      operationId: tagById
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
        - { name: format, in: path, required: true, schema: { type: string } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const get = (path: string) => judge({ method: "GET", url: `https://api.test${path}`, headers: new Headers() });

describe("two parameters in one path segment", () => {
  it("reads a value holding the literal between them by the split that meets the document", () => {
    const judged = get("/zqtags/42.um%3B.d%C3%9F");
    expect(judged.refusals).toEqual([]);
    expect(judged.read.params.get("path:id")).toBe(42);
    expect(judged.read.params.get("path:format")).toBe("um;.dß");
  });

  it("still refuses a request no split makes valid, by the first (shortest) reading", () => {
    const judged = get("/zqtags/x.y.json");
    expect(judged.refusals.map((r) => r.rule)).toEqual(["schema"]);
    expect(judged.refusals[0]?.message).toContain('"x"');
  });

  it("lists every split, the shortest first value first (as routers read `/:id.:format`), or none", () => {
    const template = pathTemplate("/zqtags/{id}.{format}");
    expect(template.matches("/zqtags/a.b.c", new Set())).toEqual([
      { id: "a", format: "b.c" },
      { id: "a.b", format: "c" },
    ]);
    expect(template.matches("/zqtags/abc", new Set())).toEqual([]);
    expect(template.matches("/zqtags/a.b/c", new Set())).toEqual([]);
  });
});
