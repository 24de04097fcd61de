// A form body whose schema names its fields with their brackets
// (`vendor[name]`: a nested form flattened by hand into one object of plain
// fields): each such pair is the field of that name, read and held to its
// schema as it is, not an object `vendor` with a field `name`.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqbrackets, version: "1" }
servers: [{ url: "https://zq.example" }]
paths:
  /zqvendors:
    post:
      operationId: createZqVendor
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: ["zqvendor[name]"]
              properties:
                "zqvendor[name]": { type: string, maxLength: 8 }
                "zqvendor[url]": { type: string }
                meta: { type: object, properties: { colour: { type: string } } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqbrackets.yaml")), {
  credential: "present",
});
const form = (body: string): SentRequest => ({
  method: "POST",
  url: "http://127.0.0.1/zqvendors",
  headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
  body: new TextEncoder().encode(body),
});

describe("a form field named with brackets in its schema", () => {
  it("is read as the field of that name (percent-encoded or not), nested fields of other names as objects", () => {
    const judged = judge(form("zqvendor%5Bname%5D=acme&zqvendor[url]=x&meta%5Bcolour%5D=red"));
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual({ "zqvendor[name]": "acme", "zqvendor[url]": "x", meta: { colour: "red" } });
  });

  it("is held to its own schema: required, and its limits", () => {
    expect(judge(form("zqvendor%5Burl%5D=x")).refusals.map((r) => r.message)).toEqual([
      expect.stringContaining('lacks required field "zqvendor[name]"'),
    ]);
    expect(judge(form("zqvendor%5Bname%5D=far-too-long")).refusals.map((r) => r.rule)).toEqual(["schema"]);
  });
});
