// A form body of no named field (`{type: object}`, every field free): a field may hold any value, a list too, which
// the form style's default (exploded) writes one pair per item (`zqa=1&zqa=2`). The judge read an untyped field as one
// value only and refused the pairs as "an exploded array; the document's value is one zqa=value", every random input
// of a list refused (a media server's POST twins of its GET calls).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqvideos:
    post:
      operationId: listZqvideos
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { type: object }
      responses: { "200": { description: ok } }
  /zqpinned:
    post:
      operationId: pinZqvideos
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { type: object, properties: { zqid: { type: string } } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const post = (path: string, form: string) =>
  judge({
    method: "POST",
    url: `https://api.test${path}`,
    headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
    body: new TextEncoder().encode(form),
  });

describe("a free field of a form body sent a pair per item", () => {
  it("reads the pairs as a list, and one pair as its text", () => {
    const many = post("/zqvideos", "zqa=1&zqa=&zqa=x%20y&zqb=true");
    expect(many.refusals).toEqual([]);
    expect(many.read.body).toEqual({ zqa: ["1", "", "x y"], zqb: "true" });
    expect(post("/zqvideos", "zqa=1").read.body).toEqual({ zqa: "1" });
  });

  it("still refuses a text field sent more than once", () => {
    expect(post("/zqpinned", "zqid=1&zqid=2").refusals.map((r) => r.rule)).toEqual(["style"]);
  });
});
