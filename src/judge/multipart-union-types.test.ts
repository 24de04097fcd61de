// A multipart body whose schema is one of several object shapes, a field typed differently in each (`zqsource` a file
// in one shape, a URL text in another, an id, an integer, in the third): the judge held each part to the default
// content type of the first shape listing its field, so the id the runtime sends as a text part (an integer's
// default, text/plain) was refused as "the default for its type is application/octet-stream", and no call of the id's
// shape could pass. Each shape's reading of the parts is tried, as a form's pairs are; a body no shape takes is still
// refused.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqjobs:
    post:
      operationId: submitZqjob
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              oneOf:
                - type: object
                  required: [zqsource, zqtarget]
                  properties: { zqsource: { type: string, format: binary }, zqtarget: { type: string } }
                - type: object
                  required: [zqsource, zqtarget]
                  properties: { zqsource: { type: string, format: url }, zqtarget: { type: string } }
                - type: object
                  required: [zqsource, zqtarget]
                  properties: { zqsource: { type: integer }, zqtarget: { type: string } }
      responses: { "201": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const BOUNDARY = "zqboundary";
const part = (name: string, value: string, headers = "") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${headers}\r\n\r\n${value}\r\n`;
const sent = (...parts: string[]): SentRequest => ({
  method: "POST",
  url: "https://api.test/zqjobs",
  headers: new Headers({ "content-type": `multipart/form-data; boundary=${BOUNDARY}` }),
  body: new TextEncoder().encode(`${parts.join("")}--${BOUNDARY}--\r\n`),
});
const rules = (...parts: string[]) => judge(sent(...parts)).refusals.map((r) => r.rule);

describe("a multipart body of several object shapes, a field typed differently in each", () => {
  it("takes the id a text part sends, as the integer's shape reads it", () => {
    expect(rules(part("zqsource", "123"), part("zqtarget", "bmp"))).toEqual([]);
    expect(rules(part("zqtarget", "bmp"), part("zqsource", "0"))).toEqual([]);
  });

  it("still refuses a body no shape takes", () => {
    expect(rules(part("zqsource", "123"))).not.toEqual([]);
    expect(rules(part("zqsource", "{}", "\r\nContent-Type: application/json"), part("zqtarget", "bmp"))).not.toEqual(
      [],
    );
  });
});
