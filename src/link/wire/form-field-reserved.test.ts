// A form body's field whose encoding allows reserved characters (`encoding: {target: {allowReserved: true}}`): the
// linked field lost it, so the value went fully percent-encoded, and a value holding its own percent-encoded triple
// (`a%20b`, already encoded by the caller) arrived as `a%2520b`, read back as `a%20b` where OpenAPI's reserved
// expansion (3.1.1, 3.2) sends the triple as it is. It goes so now: reserved characters raw, `&`, `=`, `+` and `#`
// still encoded (a form's own delimiters); a field without it is unchanged. The suite's random valid inputs draw such a
// field's texts without triples, as a query parameter's of allowReserved: a `%f3` would reach the service as a lone
// byte.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "../../contract/inputs/random-inputs.js";
import { ToolValues } from "../../contract/inputs/values.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqlinks": {
    post: {
      operationId: "zqSaveLink",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["target", "label"],
              properties: { target: { type: "string", maxLength: 200 }, label: { type: "string", maxLength: 200 } },
            },
            encoding: { target: { allowReserved: true } },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});

describe("a form field of allowReserved", () => {
  it("sends its reserved characters and its own triples as they are, a form's delimiters encoded", async () => {
    const d = drafted(document, ["zqSaveLink"]);
    const [tool] = await linkedTools(d);
    const value = "docs/a:b@c?d=e&f+g#h%20i j";
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", target: value, label: value });
    const pairs = new TextDecoder().decode(sent.body).split("&");
    expect(pairs).toContain("target=docs/a:b@c?d%3De%26f%2Bg%23h%20i%20j");
    expect(pairs).toContain("label=docs%2Fa%3Ab%40c%3Fd%3De%26f%2Bg%23h%2520i%20j");
    expect(judged.refusals).toEqual([]);
  });

  it("is drawn no text holding a triple in the suite's random valid inputs; a plain field may be", async () => {
    const d = drafted(document, ["zqSaveLink"]);
    const [tool] = await linkedTools(d);
    const values = new ToolValues(tool!, new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")));
    const drawn = [1, 2, 3, 4, 5].flatMap((seed) =>
      fc.sample(validInput(tool!, values, "http://127.0.0.1:1"), { numRuns: 1000, seed }),
    );
    const triple = /%[0-9a-f]{2}/i;
    expect(drawn.filter((input) => triple.test(String(input.target)))).toEqual([]);
    expect(drawn.some((input) => triple.test(String(input.label)))).toBe(true);
  });
});
