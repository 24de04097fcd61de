// A form body's field that is a text or a list of texts (`anyOf: [string,
// array]`, the form style's default: exploded): a text goes as one pair,
// `zqid=3`, which is also how a list of one item goes; the judge reads the
// pair as the list, and the read-back said the service reads other than the
// tool was given (a warninglist toggled by id or name: every call refused by
// the suite). The Encoding Object writes a form's fields by the query's
// styles, so both readings are the value given, as for a query parameter. A
// field written by content (its `contentType` JSON) is no style: a list there
// is JSON's, and a text read as a list still a misreading.
import { describe, expect, it } from "vitest";
import type { ParamSpec, WireSpec } from "@blockwright/runtime/internal";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { documentJudge, misReadings } from "./read-back.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqlists/toggle:
    post:
      operationId: toggleZqlists
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                zqid:
                  anyOf:
                    - { type: string, pattern: "^\\\\d+$" }
                    - { type: array, items: { type: string } }
                zqjson:
                  anyOf:
                    - { type: string }
                    - { type: array, items: { type: string } }
            encoding:
              zqjson: { contentType: application/json }
      responses: { "200": { description: ok } }
`;

const document = new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml"));
const judge = documentJudge(document, { basePath: "", credential: "present" });
const misread = (form: string, field: string, want: unknown) => {
  const wire: WireSpec = { in: "body", pointer: `/${field}` } as WireSpec;
  const spec = { name: field, type: "json", wire } as unknown as ParamSpec;
  return misReadings(
    judge,
    {
      method: "POST",
      url: "https://api.test/zqlists/toggle",
      headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: new TextEncoder().encode(form),
    },
    document,
    "toggleZqlists",
    [{ spec, wire, want }],
  ).map((m) => m.message);
};

describe("a text or a list of texts in a form body, one pair sent", () => {
  it("is the text given, though the pair reads as a list of one", () => {
    expect(misread("zqid=3", "zqid", "3")).toEqual([]);
    expect(misread("zqid=3", "zqid", ["3"])).toEqual([]);
    expect(misread("zqid=3&zqid=4", "zqid", ["3", "4"])).toEqual([]);
  });

  it("is still a misreading where the pair holds another value", () => {
    expect(misread("zqid=4", "zqid", "3")).toHaveLength(1);
    expect(misread("zqid=3", "zqid", ["3", "4"])).toHaveLength(1);
  });

  it("is a misreading where the field is written by content (a JSON list is no text)", () => {
    expect(misread(`zqjson=${encodeURIComponent('["a"]')}`, "zqjson", "a")).toHaveLength(1);
  });
});
