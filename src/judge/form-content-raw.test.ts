// A form field the document encodes by a contentType (application/json) goes as that type's text, percent-encoded
// whole as the form writes every value: `zqmeta=%7B%22a%22%3A1%7D`. The judge parsed the field's text as it decoded it
// and held none of its raw characters to a rule, so `zqmeta={"a":"x y"}` passed beside the encoded form, while a
// field written by style, or a query parameter described by `content`, was refused for the same raw characters: a
// runtime that forgot to encode a JSON form field kept a green contract suite. Such a field is refused now, naming
// the character.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqforms, version: "1" }
servers: [{ url: "https://zq.test" }]
paths:
  /zqnotes:
    post:
      operationId: zqNote
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                zqmeta: { type: object, properties: { a: { type: string } } }
                zqtags: { type: array, items: { type: string } }
            encoding:
              zqmeta: { contentType: application/json }
              zqtags: { contentType: application/json }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqforms.yaml")), {
  credential: "present",
});
const sent = (body: string): SentRequest => ({
  method: "POST",
  url: "https://zq.test/zqnotes",
  headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
  body: new TextEncoder().encode(body),
});

describe("a form field encoded as JSON", () => {
  it("is read from its text percent-encoded whole, a list a pair per item", () => {
    const read = judge(sent("zqmeta=%7B%22a%22%3A%22x+y%22%7D&zqtags=%22b%22&zqtags=%22c%2Cd%22"));
    expect(read.refusals).toEqual([]);
    expect(read.read.body).toEqual({ zqmeta: { a: "x y" }, zqtags: ["b", "c,d"] });
  });

  it.each([
    ["its JSON raw", 'zqmeta={"a":"x"}', '"{" is sent raw'],
    ["a quote raw in a list's item", 'zqtags="b"', '""" is sent raw'],
    ["a colon raw among escapes", "zqmeta=%7B%22a%22:%22x%22%7D", '":" is sent raw'],
  ])("is refused with %s, naming the character", (_, body, says) => {
    const { refusals } = judge(sent(body));
    expect(refusals.map((r) => r.rule)).toEqual(["encoding.contentType"]);
    expect(refusals[0]?.message).toContain(says);
  });
});
