// A query parameter that is text or a list of texts (`oneOf: [string, array
// of strings]`, exploded form): a text goes as one pair, `zqwhen=abc`, which
// is also how a list of one item goes; the judge reads the pair as the list,
// and the read-back said the service reads other than the tool was given.
// Both readings are the value given: no misreading. A list given and read as
// another list, or a text read as another text, still is one.
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
  /zqpulses:
    get:
      operationId: listZqpulses
      parameters:
        - name: zqwhen
          in: query
          schema:
            oneOf:
              - { type: string, minLength: 1 }
              - { type: array, items: { type: string } }
      responses: { "200": { description: ok } }
`;

const document = new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml"));
const judge = documentJudge(document, { basePath: "", credential: "present" });
const wire: WireSpec = { in: "query", name: "zqwhen" };
const spec = { name: "zqwhen", type: "json", wire } as unknown as ParamSpec;
const misread = (search: string, want: unknown) =>
  misReadings(
    judge,
    { method: "GET", url: `https://api.test/zqpulses${search}`, headers: new Headers() },
    document,
    "listZqpulses",
    [{ spec, wire, want }],
  ).map((m) => m.message);

describe("a text or a list of texts in the query, one pair sent", () => {
  it("is the text given, though the pair reads as a list of one", () => {
    expect(misread("?zqwhen=abc", "abc")).toEqual([]);
    expect(misread("?zqwhen=abc", ["abc"])).toEqual([]);
  });

  it("is still a misreading where the pair holds another value", () => {
    expect(misread("?zqwhen=abd", "abc")).toHaveLength(1);
    expect(misread("?zqwhen=abc", ["abc", "abd"])).toHaveLength(1);
  });
});
