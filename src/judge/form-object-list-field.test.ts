// A query object in form style, exploded, with a field that is a list of texts (`tags: {value: [a, b]}`): the runtime
// writes the field as an exploded list is written, a pair per item (`value=a&value=b`). The judge took each pair as
// the field's whole value, the last one winning, and refused every such request: "/value must be array, got ''".
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqproducts:
    get:
      operationId: listZqproducts
      parameters:
        - name: zqtags
          in: query
          schema: { properties: { zqvalue: { type: array, items: { type: string } }, zqlimit: { type: integer } } }
        - name: zqstatus
          in: query
          schema:
            type: object
            properties: { zqeq: { oneOf: [{ type: string }, { type: array, items: { type: integer } }] } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const get = (query: string) =>
  judge({ method: "GET", url: `https://api.test/zqproducts?${query}`, headers: new Headers() });

describe("a form object exploded whose field is a list, sent a pair per item", () => {
  it("reads each pair as an item of the list, one pair as a list of one", () => {
    const many = get("zqvalue=a%20b&zqvalue=&zqvalue=c&zqlimit=3");
    expect(many.refusals).toEqual([]);
    expect(many.read.params.get("query:zqtags")).toEqual({ zqvalue: ["a b", "", "c"], zqlimit: 3 });
    const one = get("zqvalue=");
    expect(one.refusals).toEqual([]);
    expect(one.read.params.get("query:zqtags")).toEqual({ zqvalue: [""] });
  });

  it("reads a field that may be a text or a list as a list when sent more than once, else as the text", () => {
    expect(get("zqeq=1&zqeq=2").read.params.get("query:zqstatus")).toEqual({ zqeq: [1, 2] });
    expect(get("zqeq=open").read.params.get("query:zqstatus")).toEqual({ zqeq: "open" });
    expect(get("zqeq=1&zqeq=x").refusals.map((r) => r.rule)).toContain("schema");
  });
});
