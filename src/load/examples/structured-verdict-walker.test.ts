// The example check asks the validator only about an object example structured-verdict.ts cannot answer: one that
// surely meets its draft 7 schema is answered without it, one that breaks it still gets the validator's words.
import { describe, expect, it, vi } from "vitest";

const asked = vi.hoisted(() => ({ validate: 0 }));
vi.mock("@cfworker/json-schema", async (importOriginal) => {
  const original = await importOriginal<typeof import("@cfworker/json-schema")>();
  return {
    ...original,
    validate: (...args: Parameters<typeof original.validate>) => {
      asked.validate++;
      return original.validate(...args);
    },
  };
});

// The suite's files share a worker's modules (isolate: false): a walker another file loaded holds the real validator.
vi.resetModules();
const { parseYamlSource } = await import("../yaml-source.js");
const { validateExamples } = await import("./openapi-examples.js");

const FILE = "/specs/zqrepos/openapi.yaml";

/** The problems of a one-file document whose 200 answer's example is `example` (a flow mapping), and how often the
 * validator was asked. */
function check(example: string, openapi = "3.0.3"): { problems: string[]; asked: number } {
  const text = `openapi: ${openapi}
info: { title: zqrepos, version: "1" }
paths:
  /repos/{id}:
    get:
      operationId: getRepo
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        "200":
          description: a repository
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Repo" }
              example: ${example}
components:
  schemas:
    Repo:
      type: object
      required: [id, owner]
      properties:
        id: { type: integer, minimum: 1 }
        owner: { $ref: "#/components/schemas/User" }
        topics: { type: array, items: { type: string, maxLength: 20 } }
        created_at: { type: string, format: date-time }
    User:
      type: object
      properties:
        login: { type: string, pattern: "^[a-z]+$" }
`;
  asked.validate = 0;
  const problems = validateExamples(new Map([[FILE, parseYamlSource(text, "zqrepos.yaml")]]), FILE);
  return { problems: problems.map((p) => p.message), asked: asked.validate };
}

describe("the example check and the validator", () => {
  it("answers an object example that surely meets its schema without the validator", () => {
    expect(check(`{ id: 7, owner: { login: zq }, topics: [a, b], created_at: "2024-05-01T10:00:00Z" }`)).toEqual({
      problems: [],
      asked: 0,
    });
  });

  it("still asks the validator of an example that breaks its schema, and says what it says", () => {
    const { problems, asked: times } = check(`{ id: 7, owner: { login: Zq } }`);
    expect(times).toBeGreaterThan(0);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/\/owner\/login/);
  });

  it("asks the validator of a 3.1 document's example, whose $ref is read with its siblings", () => {
    expect(check(`{ id: 7, owner: { login: zq } }`, "3.1.0")).toEqual({ problems: [], asked: 1 });
  });
});
