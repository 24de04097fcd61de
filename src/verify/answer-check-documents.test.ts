// The drift a live answer shows against documents of other shapes than the shelf's (answer-check.test.ts):
// an OpenAPI 3.1 document, a cut of a real published one, components that are only a $ref to another.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-check.js";
import { answer, lineOf, subjectOf, toolOf } from "./__fixtures__/subject.js";

describe("an OpenAPI 3.1 document", () => {
  const COUNTER = `openapi: 3.1.0
info: {title: Counter, version: "1"}
paths:
  /count:
    get:
      operationId: getCount
      responses:
        "200":
          description: The count.
          content:
            application/json:
              schema:
                type: object
                properties:
                  n: {type: integer}
                  note: {type: [string, "null"]}
`;
  const counter = subjectOf(COUNTER);
  it("takes null where the type list has it, and proposes a type list with the observed type", () => {
    expect(answerDrift(counter, toolOf("getCount"), answer(200, { n: 1, note: null }))).toEqual([]);
    expect(answerDrift(counter, toolOf("getCount"), answer(200, { n: "1" }))).toMatchObject([
      { kind: "type-mismatch", pointer: "/n", overlay: { update: { type: ["integer", "string"] } } },
    ]);
  });
});

describe("a published document (GitHub's, cut)", () => {
  const file = fileURLToPath(new URL("../import/__fixtures__/published/github.cut.json", import.meta.url));
  const text = readFileSync(file, "utf8");
  const github = subjectOf(text, [], "github.cut.json");
  const tool = toolOf("repos/get");
  const data = JSON.parse(text) as { components: { examples: Record<string, { value: Record<string, unknown> }> } };
  const example = data.components.examples["full-repository-default-response"]!.value;

  // The published example lacks `language`, which full-repository (and repository, for its `source`) requires: the
  // checker says so, at full-repository's required list.
  const faithful: Record<string, unknown> = {
    ...example,
    language: "JavaScript",
    source: { ...(example.source as object), language: "JavaScript" },
  };
  // Lines of full-repository's own keys in the cut (written with two-space indents: the schema's keys at 8 spaces, its
  // properties' at 10).
  const schemaStart = text.indexOf('"full-repository": {');
  const lineAfterStart = (marker: string) => text.slice(0, text.indexOf(marker, schemaStart)).split("\n").length + 1;

  it(
    "finds no failing drift in an answer like its own example of repos/get, " +
      "and says what the example itself lacks",
    () => {
      expect(answerDrift(github, tool, answer(200, faithful)).filter((d) => !d.informational)).toEqual([]);
      const failing = answerDrift(github, tool, answer(200, example)).filter((d) => !d.informational);
      expect(failing.map((d) => [d.kind, d.pointer, d.at?.line])).toEqual([
        ["missing-required", "/language", lineAfterStart('\n        "required": [')],
        ["missing-required", "/source/language", expect.any(Number)],
      ]);
    },
  );

  it("reports a required field removed and a type changed at full-repository's lines", () => {
    const changed: Record<string, unknown> = { ...faithful, forks_count: "9" };
    delete changed.default_branch;
    const drifts = answerDrift(github, tool, answer(200, changed)).filter((d) => !d.informational);
    expect(drifts).toEqual([
      expect.objectContaining({
        kind: "missing-required",
        pointer: "/default_branch",
        at: { file: "github.cut.json", line: lineAfterStart('\n        "required": ['), col: 9 },
        overlay: expect.objectContaining({
          target: "$.components.schemas['full-repository'].required[?(@ == 'default_branch')]",
        }),
      }),
      expect.objectContaining({
        kind: "type-mismatch",
        pointer: "/forks_count",
        message: '/forks_count must be integer, got "9"',
        at: { file: "github.cut.json", line: lineAfterStart('\n          "forks_count": {') + 1, col: 13 },
      }),
    ]);
  });
});

describe("components that are only a $ref to another (aliases)", () => {
  // A schema, a response and an error schema each reached through an alias, and an alias named inside a schema.
  const ALIASES = `openapi: 3.0.3
info: {title: Zq Widgets, version: "1"}
paths:
  /widgets/{id}:
    get:
      operationId: getWidget
      responses:
        "200": {$ref: "#/components/responses/WidgetAnswerAlias"}
        "404":
          description: Not found.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/ErrorAlias"}
components:
  responses:
    WidgetAnswer:
      description: One widget.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/WidgetAlias"}
    WidgetAnswerAlias: {$ref: "#/components/responses/WidgetAnswer"}
  schemas:
    Widget:
      type: object
      required: [id]
      properties:
        id: {type: string}
        parent: {$ref: "#/components/schemas/WidgetAlias"}
    WidgetAlias: {$ref: "#/components/schemas/Widget"}
    Error: {type: object, properties: {message: {type: string}}}
    ErrorAlias: {$ref: "#/components/schemas/Error"}
`;
  const subject = subjectOf(ALIASES, [], "zq-widgets/openapi.yaml");
  const getWidget = toolOf("getWidget");

  it("an answer that matches is checked through the aliases with no difference", () => {
    expect(
      answerDrift(subject, getWidget, answer(200, { id: "w1", parent: { id: "w0", parent: { id: "w-1" } } })),
    ).toEqual([]);
    expect(answerDrift(subject, getWidget, answer(404, { message: "no such widget" }))).toEqual([]);
  });

  it("a difference behind an alias is found and placed at the aliased schema", () => {
    const drifts = answerDrift(subject, getWidget, answer(200, { id: "w1", parent: { id: 7 } }));
    expect(drifts.map((d) => [d.kind, d.pointer])).toEqual([["type-mismatch", "/parent/id"]]);
    expect(drifts[0]?.at?.line).toBe(lineOf(ALIASES, "        id: {type: string}"));
  });
});
