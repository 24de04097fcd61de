// A body field the document gives `format: regex` (a regular expression), which a manifest cannot state: the random
// valid inputs drew it as free text (`( `), which the mock's validator refused, as any that compiles the text would.
// Drawn now as a simple pattern or letters and digits, each a regular expression in every reading, within the
// field's length bounds; a field beside it of no format is still drawn as any text.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { afterAll, describe, expect, it } from "vitest";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const body = {
  type: "object",
  properties: {
    zqDomainRule: { type: "string", format: "regex", description: "Which domains may join." },
    zqShortRule: { type: "string", format: "regex", maxLength: 4, description: "A short rule." },
    zqNote: { type: "string", description: "Any note." },
  },
};
const document = openapi({
  "/zqteams": {
    patch: {
      operationId: "patchZqTeam",
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});

/** Whether `text` is a regular expression as ajv-formats reads one (ECMA-262, `u`), and as JavaScript without `u`. */
function compiles(text: string): boolean {
  const ajv = fullFormats.regex as (s: string) => boolean;
  try {
    new RegExp(text);
  } catch {
    return false;
  }
  return ajv(text);
}

describe("a text of format regex, drawn at random", () => {
  it("is a regular expression every reading compiles, within its length bounds", async () => {
    const d = drafted(document, ["patchZqTeam"]);
    const [tool] = await linkedTools(d);
    const values = new ToolValues(tool!, new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")));
    const inputs = fc.sample(validInput(tool!, values, "https://api.acme.test"), { numRuns: 300, seed: 20261121 });
    const drawn = (name: string) => inputs.flatMap((i) => (typeof i[name] === "string" ? [i[name] as string] : []));
    const rules = drawn("zqDomainRule");
    expect(rules.length).toBeGreaterThan(50);
    expect(rules.filter((r) => !compiles(r))).toEqual([]);
    expect(new Set(rules).size).toBeGreaterThan(10);
    const short = drawn("zqShortRule");
    expect(short.length).toBeGreaterThan(50);
    expect(short.filter((r) => !compiles(r) || r.length > 4 || r.length < 1)).toEqual([]);
    // A field of no format keeps its free text: some draw there is no regular expression.
    expect(drawn("zqNote").some((n) => !compiles(n))).toBe(true);
  });
});
