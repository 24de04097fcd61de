// An optional Accept-Encoding parameter of other values (`enum: [base64]`): a call that gives none still goes out
// with fetch's own `Accept-Encoding: gzip, deflate`, and the judge refused every such request as breaking the enum.
// fetch's value where the call gave none is no value of the parameter; any other is judged, and a required one too.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const document = (required: boolean) => `
openapi: 3.0.3
info: { title: zqvault, version: "1" }
paths:
  /zqsecrets:
    get:
      parameters:
        - { name: Accept-Encoding, in: header, required: ${required}, schema: { type: string, enum: [base64] } }
      responses: { "200": { description: ok } }
`;
const judgeOf = (required: boolean) =>
  requestJudge(new OpenApiDocument(parseYamlSource(document(required), "zqvault.yaml")), { credential: "present" });
const sent = (encoding?: string): SentRequest => ({
  method: "GET",
  url: "https://zqvault.test/zqsecrets",
  headers: new Headers(encoding === undefined ? {} : { "accept-encoding": encoding }),
});
const rules = (required: boolean, encoding?: string) => judgeOf(required)(sent(encoding)).refusals.map((r) => r.rule);

describe("fetch's own Accept-Encoding beside an optional parameter of that name", () => {
  it("is read as no value; another value, or one a required parameter gets, is judged", () => {
    expect(rules(false, "gzip, deflate")).toEqual([]);
    expect(rules(false, "base64")).toEqual([]);
    expect(rules(false, "br")).toEqual(["schema"]);
    expect(rules(true, "gzip, deflate")).toEqual(["schema"]);
  });
});
