// A header parameter, or an API key scheme's header, whose name no request can carry (`name: ""`, a name with a space:
// not an HTTP token): the judge asked fetch's Headers for it, which throws, and every request to the operation was
// answered 500 "the request judge failed". No request holds such a header: an optional one is absent, a required
// one is missing (the judge stays strict: that request is refused, by rule, as any other missing value).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const document = (name: string, required: boolean) => `
openapi: 3.0.3
info: { title: zqledger, version: "1" }
paths:
  /zqentries:
    get:
      parameters:
        - { name: Zq-Version, in: header, schema: { type: string } }
        - { name: ${JSON.stringify(name)}, in: header, required: ${required}, schema: { type: string, example: "" } }
      responses: { "200": { description: ok } }
`;
const sent: SentRequest = {
  method: "GET",
  url: "https://zqledger.test/zqentries",
  headers: new Headers({ "zq-version": "3" }),
};
const rules = (name: string, required: boolean) =>
  requestJudge(new OpenApiDocument(parseYamlSource(document(name, required), "zqledger.yaml")), {
    credential: "present",
  })(sent).refusals.map((r) => r.rule);

describe("a header parameter whose name is no HTTP token", () => {
  it("is absent from every request: an optional one judges nothing, a required one is missing", () => {
    for (const name of ["", "Zq Version"]) {
      expect(rules(name, false), name).toEqual([]);
      expect(rules(name, true), name).toEqual(["required"]);
    }
  });
});

describe("an API key scheme whose header name is no HTTP token", () => {
  it("is met by no request: the credential is missing, said by rule", () => {
    const doc = `
openapi: 3.0.3
info: { title: zqledger, version: "1" }
components: { securitySchemes: { zqkey: { type: apiKey, in: header, name: "" } } }
security: [{ zqkey: [] }]
paths:
  /zqentries:
    get:
      responses: { "200": { description: ok } }
`;
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(doc, "zqledger.yaml")), { credential: "present" });
    expect(judge(sent).refusals.map((r) => r.rule)).toEqual(["security"]);
  });
});
