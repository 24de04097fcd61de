// A query parameter that is a date and time or an integer (`oneOf: [{type: string, format: date-time}, {type:
// integer}]`, a window's `from` as a timestamp in milliseconds or an RFC 3339 text): the judge read a text that is a
// number as the string wherever a string is allowed, so `from=0` or `from=1735787045000` was held to the string
// branch, which its format refuses, and the integer branch never saw a number: every such request was refused. A
// string branch whose format or pattern the text does not meet is no reading of it; the number is.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.1.0
info: { title: zqviews, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqviews:
    get:
      operationId: zqGetViews
      parameters:
        - name: zqFrom
          in: query
          schema: { oneOf: [{ type: string, format: date-time }, { type: integer }] }
        - name: zqCode
          in: query
          schema: { anyOf: [{ type: string, pattern: "^[a-z]+$" }, { type: number }] }
      responses: { "204": { description: counted } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqviews.yaml")), {
  basePath: "",
  credential: "present",
});
const sent = (query: string) =>
  judge({ method: "GET", url: `https://zq.example.test/zqviews${query}`, headers: new Headers() }).refusals;

describe("a query text that is a number, where a string of a format or a number is allowed", () => {
  it("reads as the number where the string's format or pattern refuses the text", () => {
    expect(sent("?zqFrom=0")).toEqual([]);
    expect(sent("?zqFrom=1735787045000")).toEqual([]);
    expect(sent("?zqFrom=-12")).toEqual([]);
    expect(sent("?zqCode=2.5")).toEqual([]);
  });

  it("reads as the string where the text meets it, and is refused where it meets neither", () => {
    expect(sent("?zqFrom=2025-01-02T03%3A04%3A05Z&zqCode=abc")).toEqual([]);
    expect(sent("?zqFrom=1.5")).toEqual([expect.objectContaining({ message: expect.stringMatching(/zqFrom/) })]);
    expect(sent("?zqFrom=yesterday")).toEqual([expect.objectContaining({ message: expect.stringMatching(/zqFrom/) })]);
  });
});
