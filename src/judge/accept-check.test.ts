// The request's Accept held to the media types the operation answers in (accept-check.ts): before, the judge read no
// Accept, so a runtime asking a JSON-only operation for CSV, or a CSV-only one for JSON alone, passed every case.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { describeRefusal, requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqrecords:
    get:
      operationId: listZqRecords
      responses:
        "200": { description: ok, content: { application/json: { schema: { type: array } } } }
        "422": { $ref: "#/components/responses/ZqProblem" }
  /zqexports:
    get:
      operationId: exportZqRecords
      responses:
        "200": { description: ok, content: { text/csv: { schema: { type: string } } } }
  /zqfiles:
    get:
      operationId: getZqFile
      responses:
        "200": { description: ok, content: { "image/*": { schema: { type: string, format: binary } } } }
  /zqpromotions:
    get:
      operationId: getZqPromotion
      responses:
        "200":
          description: ok
          content: { ZqPromotion: { schema: { type: object } }, ZqTax: { schema: { type: object } } }
  /zqrecords/{id}:
    delete:
      operationId: deleteZqRecord
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { "204": { description: gone } }
components:
  responses:
    ZqProblem:
      description: refused
      content: { application/problem+json: { schema: { type: object } } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const refusals = (path: string, accept: string | undefined, method = "GET") =>
  judge({
    method,
    url: `https://api.test${path}`,
    headers: new Headers(accept === undefined ? {} : { accept }),
  }).refusals;
const rules = (path: string, accept?: string, method?: string) => refusals(path, accept, method).map((r) => r.rule);

describe("the request's Accept", () => {
  it("is taken where it admits a type the operation answers in: exactly, by a range, or an error's", () => {
    expect(rules("/zqrecords", "application/json")).toEqual([]);
    expect(rules("/zqrecords", "application/*;q=0.8")).toEqual([]);
    expect(rules("/zqrecords", "*/*")).toEqual([]);
    expect(rules("/zqrecords", "application/problem+json")).toEqual([]);
    expect(rules("/zqexports", "text/csv, application/json;q=0.5")).toEqual([]);
    expect(rules("/zqfiles", "image/png")).toEqual([]);
    expect(rules("/zqfiles", "*/*")).toEqual([]);
  });

  it("is taken absent, and on an operation that declares no content", () => {
    expect(rules("/zqrecords")).toEqual([]);
    expect(rules("/zqrecords/zq1", "text/csv", "DELETE")).toEqual([]);
  });

  it("is refused where it admits none, naming the header, the rule, the types and the value", () => {
    expect(rules("/zqrecords", "text/csv")).toEqual(["accept"]);
    expect(rules("/zqexports", "application/json")).toEqual(["accept"]);
    expect(rules("/zqfiles", "application/json")).toEqual(["accept"]);
    // q=0 takes a type out that a wider range admits (RFC 9110 §12.4.2).
    expect(rules("/zqexports", "*/*, text/csv;q=0")).toEqual(["accept"]);
    const [refusal] = refusals("/zqexports", "application/json");
    expect(describeRefusal(refusal!)).toBe(
      "[accept] /header/accept: the Accept header admits none of the media types the operation answers in " +
        '(text/csv) (sent "application/json"; #/paths/~1zqexports/get/responses)',
    );
  });

  // A published document wrote schema names where the media types go (`Promotion`, `Tax`): add drafts a file asked for
  // as any type (Accept: */*), and the judge refused that Accept, as Negotiator matches no range to a key of no type.
  it("takes any type where the operation's keys are no media types, and refuses a named type there", () => {
    expect(rules("/zqpromotions", "*/*, application/json;q=0.5")).toEqual([]);
    expect(rules("/zqpromotions", "*/*")).toEqual([]);
    expect(rules("/zqpromotions", "application/json")).toEqual(["accept"]);
    expect(rules("/zqpromotions", "*/*;q=0, application/json")).toEqual(["accept"]);
  });
});
