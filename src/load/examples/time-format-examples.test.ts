// Examples of `format: time` checked at generation time as the request judge and the mocks read a time (RFC 3339's
// full-time, its offset optional). The check left time out (its validator's own time wants an offset), so a published
// answer's example of "25:00:00" reached the mock, which served it and refused its own answer: every case of the
// operation failed. Now such an example is left out with its place named, as a date's or a date-time's is; the judge
// and this check hold a text to the one pattern (format-texts.ts).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";
import { schemaChecker } from "../../judge/schema-check.js";
import { validateExamples } from "./openapi-examples.js";

const FILE = "/specs/zqtimes/openapi.yaml";
const document = (example: string) => `openapi: 3.0.3
info: { title: zqtimes, version: "1" }
paths:
  /zqhours:
    get:
      operationId: getZqHours
      responses:
        "200":
          description: the hours
          content:
            application/json:
              schema: { type: object, properties: { zqOpens: { type: string, format: time } } }
              example: { zqOpens: "${example}" }
`;

const exampleProblems = (example: string) =>
  validateExamples(new Map([[FILE, parseYamlSource(document(example), "openapi.yaml")]]), FILE).map((e) => e.message);
const judged = (value: string) =>
  schemaChecker(new OpenApiDocument(parseYamlSource(document("13:22:00"), FILE))).check({ zqOpens: value }, [
    "paths",
    "/zqhours",
    "get",
    "responses",
    "200",
    "content",
    "application/json",
    "schema",
  ]);

const FINE = ["13:22:00", "13:22:00Z", "13:22:00.5z", "23:59:59+02:00", "00:00:00-0130"];
const BROKEN = ["25:00:00", "9am", "13:22", "13:60:00", "13:22:00 UTC", ""];

describe("an example of format time", () => {
  it("passes when it is an RFC 3339 full-time, its offset optional", () => {
    for (const fine of FINE) expect(exampleProblems(fine), fine).toEqual([]);
  });

  it("is refused otherwise, at its place, naming the format and the value", () => {
    for (const broken of BROKEN)
      expect(exampleProblems(broken), broken).toEqual([
        expect.stringMatching(
          new RegExp(`^openapi\\.yaml:13:\\d+: .*/zqOpens string does not match format "time.*got "${broken}"$`),
        ),
      ]);
  });

  it("is read as the request judge reads a time", () => {
    for (const value of [...FINE, ...BROKEN])
      expect(judged(value) === undefined, value).toBe(exampleProblems(value).length === 0);
  });
});
