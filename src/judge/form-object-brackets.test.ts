// A query object in form style, exploded (the query's default), whose fields
// hold objects: OpenAPI leaves such a value undefined in form style, and the
// runtime (as qs) writes it in bracket form under the parameter's name
// (`zqinput[doc][flag]=true`). The judge took each such key for a field name
// whose `[` was a reserved character sent raw, and refused every request.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqdata:
    get:
      operationId: getZqdata
      parameters:
        - { name: zqinput, in: query, schema: { type: object, additionalProperties: {} } }
        - name: zqshape
          in: query
          schema: { type: object, properties: { depth: { type: object, properties: { max: { type: integer } } } } }
      responses: { "200": { description: ok } }
  /zqorders:
    get:
      operationId: searchZqOrders
      parameters:
        - name: zqcriteria
          in: query
          required: true
          schema:
            type: object
            required: [zqAccount, zqList]
            properties:
              zqAccount: { type: string }
              zqList:
                type: array
                items: { type: object, required: [zqField], properties: { zqField: { type: string } } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const get = (query: string) =>
  judge({ method: "GET", url: `https://api.test/zqdata?${query}`, headers: new Headers() });

describe("a form object exploded whose fields hold objects, sent in bracket form", () => {
  it("reads as the object under the parameter's name, held to its schema", () => {
    const open = get("zqinput[doc][flag]=true&zqinput[doc][note]=a%20b");
    expect(open.refusals).toEqual([]);
    expect(open.read.params.get("query:zqinput")).toEqual({ doc: { flag: "true", note: "a b" } });
    const typed = get("zqshape[depth][max]=3");
    expect(typed.refusals).toEqual([]);
    expect(typed.read.params.get("query:zqshape")).toEqual({ depth: { max: 3 } });
    expect(get("zqshape[depth][max]=deep").refusals.map((r) => r.rule)).toEqual(["schema"]);
  });

  it("still refuses a reserved character sent raw inside a value", () => {
    expect(get("zqinput[doc][path]=a/b?c").refusals.map((r) => r.rule)).toEqual(["allowReserved"]);
  });
});

describe("a form object exploded, a field of it a list of objects in bracket form under the field's own name", () => {
  const search = (query: string) =>
    judge({ method: "GET", url: `https://api.test/zqorders?${query}`, headers: new Headers() });

  it("reads the list with the object's other fields, held to its schema", () => {
    const sent = search("zqAccount=zq%201&zqList[0][zqField]=a%20b&zqList[1][zqField]=c");
    expect(sent.refusals).toEqual([]);
    expect(sent.read.params.get("query:zqcriteria")).toEqual({
      zqAccount: "zq 1",
      zqList: [{ zqField: "a b" }, { zqField: "c" }],
    });
    expect(search("zqAccount=zq&zqList[0][zqOther]=x").refusals.map((r) => r.rule)).toEqual(["schema"]);
  });
});
