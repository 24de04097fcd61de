// An example of a discriminated union (`oneOf` and a `discriminator`) held to the union as the request judge, verify's
// check of a live answer, the mocks' check of an answer and the sampler read it (discriminated-kinds.ts): the
// property's value names the shape. The check read the union as `anyOf` (any shape the value met), so an example
// naming one shape with another's fields, naming none, or naming none at all while it met two shapes was kept; the
// mock served it and the judge's reading refused it. Now such an example is left out, told in the judge's words.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";
import { requestJudge } from "../../judge/judge.js";
import { validateExamples } from "./openapi-examples.js";

const FILE = "/specs/zqpets/openapi.yaml";
const document = (example: string) => `openapi: 3.0.3
info: { title: zqpets, version: "1" }
servers: [{ url: "https://zq.example" }]
paths:
  /zqpets:
    post:
      operationId: addZqPet
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqPet" }
            example: ${example}
      responses: { "204": { description: added } }
components:
  schemas:
    ZqPet:
      oneOf: [{ $ref: "#/components/schemas/ZqCat" }, { $ref: "#/components/schemas/ZqDog" }]
      discriminator:
        propertyName: zqKind
        mapping: { zqcat: "#/components/schemas/ZqCat", zqdog: "#/components/schemas/ZqDog" }
    ZqCat:
      type: object
      required: [zqMeow]
      properties: { zqKind: { type: string }, zqMeow: { type: string } }
    ZqDog:
      type: object
      required: [zqBark]
      properties: { zqKind: { type: string }, zqBark: { type: string } }
`;

/** What the example check says of the example, and what the request judge says of it sent as the body. */
function told(example: string): { check: string[]; judge: string[] } {
  const text = document(example);
  const check = validateExamples(new Map([[FILE, parseYamlSource(text, "openapi.yaml")]]), FILE).map((e) => e.message);
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(text, FILE)), { basePath: "", credential: "form" });
  const verdict = judge({
    method: "POST",
    url: "https://zq.example/zqpets",
    headers: new Headers({ "content-type": "application/json" }),
    body: new TextEncoder().encode(example),
  });
  return { check, judge: verdict.refusals.map((r) => r.message) };
}

describe("an example of a discriminated union", () => {
  it("is kept where its property names the shape whose fields it has, as the judge takes it", () => {
    expect(told(`{ "zqKind": "zqcat", "zqMeow": "zqm" }`)).toEqual({ check: [], judge: [] });
  });

  for (const [what, example, words] of [
    ["naming one shape with another's fields", `{ "zqKind": "zqcat", "zqBark": "zqb" }`, /names the shape ZqCat/],
    ["naming no shape", `{ "zqKind": "zqbird", "zqMeow": "zqm" }`, /names no shape of its union/],
    ["meeting two shapes and naming none", `{ "zqMeow": "zqm", "zqBark": "zqb" }`, /is required to name the shape/],
  ] as const) {
    it(`is left out, ${what}, told as the judge tells it`, () => {
      const { check, judge } = told(example);
      expect(judge).toEqual([expect.stringMatching(words)]);
      const reason = judge[0]?.replace(/^the body does not meet its schema: /, "");
      expect(check).toEqual([expect.stringContaining(`does not match its schema: ${reason}`)]);
    });
  }
});
