// A path parameter its path never names (`/zqusers/search` declaring a required path parameter `zqDomainId`; OpenAPI
// forbids it): no request can carry it, and the judge refused every request to the operation (`required by the
// document, and not sent`). It judges such a parameter as none now; one its path names stays required.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqusers, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqusers/search:
    get:
      operationId: searchZqUsers
      parameters:
        - { name: zqDomainId, in: path, required: true, schema: { type: string } }
      responses: { "204": { description: found } }
  /zqdomains/{zqDomainId}/users:
    get:
      operationId: listZqUsers
      parameters:
        - { name: zqDomainId, in: path, required: true, schema: { type: string, maxLength: 3 } }
      responses: { "204": { description: found } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqusers.yaml")), {
  basePath: "",
  credential: "present",
});
const refusals = (path: string) =>
  judge({ method: "GET", url: `https://zq.example.test${path}`, headers: new Headers(), body: new Uint8Array() })
    .refusals;

describe("a path parameter its path never names, as the request judge reads it", () => {
  it("is not asked of a request; one its path names is judged as before", () => {
    expect(refusals("/zqusers/search")).toEqual([]);
    expect(refusals("/zqdomains/zq1/users")).toEqual([]);
    expect(refusals("/zqdomains/zq1234/users").map((r) => r.rule)).toEqual(["schema"]);
  });
});
