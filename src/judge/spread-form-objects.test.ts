// A form body's required object field in form style, exploded (OpenAPI's default for a form field): an empty object
// travels as no pair (RFC 6570: undefined), its fields as the body's own pairs. The judge refused every such body as
// lacking the field ("the value lacks required field"), though the runtime sent what OpenAPI says.
import { encodeForm } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqcalls:
    post:
      operationId: logZqcall
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [zqto, zqrecording]
              properties:
                zqto: { type: string }
                zqrecording: { type: object, description: any fields }
                zqplace: { type: object, properties: { zqroom: { type: integer } } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const post = (body: Record<string, unknown>) =>
  judge({
    method: "POST",
    url: "https://api.test/zqcalls",
    headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
    body: new TextEncoder().encode(encodeForm(body)),
  });

describe("a form's required object field in form style, exploded", () => {
  it("reads no pair as the empty object, which the runtime sends as none", () => {
    expect(encodeForm({ zqto: "a", zqrecording: {} })).toBe("zqto=a");
    const judged = post({ zqto: "a", zqrecording: {} });
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual({ zqto: "a", zqrecording: {} });
  });

  it("reads the pairs no field declares as its fields, and a declared object's own fields as that object's", () => {
    const judged = post({ zqto: "a", zqrecording: { zqurl: "https://zq.test/1.mp3" }, zqplace: { zqroom: 4 } });
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toEqual({
      zqto: "a",
      zqrecording: { zqurl: "https://zq.test/1.mp3" },
      zqplace: { zqroom: 4 },
    });
  });

  it("still refuses a body without a required field of another type, and a declared field of the wrong type", () => {
    expect(post({ zqrecording: {}, zqplace: { zqroom: 1 } }).refusals.map((r) => r.message)).toEqual([
      expect.stringContaining('lacks required field "zqto"'),
    ]);
    expect(post({ zqto: "a", zqrecording: {}, zqplace: { zqroom: "x" } }).refusals.map((r) => r.pointer)).toEqual([
      "/body/zqplace/zqroom",
    ]);
  });
});
