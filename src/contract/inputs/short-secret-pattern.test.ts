// A short secret with a pattern (a six-digit one-time code: minLength 6, maxLength 6, `[0-9]+`, drafted secret): the
// random invalid inputs drew its pattern's breakers from 8 characters up, a password's floor, past its maxLength, and
// fast-check refused the draw ("maximum value should be equal or greater than the minimum one"): the case could not
// run (a user pool's VerifySoftwareToken, added by hand). They start at the secret's own floor now, its minLength down
// to SHORT_SECRET_MIN_LENGTH, and each draw is refused by the runtime as the case expects.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParamSpec, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { invalidInput } from "./invalid-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")!.tool;
const zqCode = {
  name: "zqCode",
  type: "string",
  required: false,
  secret: true,
  minLength: 6,
  maxLength: 6,
  pattern: "[0-9]+",
  description: "zq",
  title: "zq",
  wire: { in: "body", name: "zqCode" },
};
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, zqCode as ParamSpec] };

describe("the random invalid inputs of a short secret with a pattern", () => {
  it("draw its pattern's breakers within its lengths, each refused by the runtime as expected", () => {
    const draws = fc
      .sample(invalidInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), { numRuns: 2000, seed: 7 })
      .filter((d) => d.param === "zqCode");
    const patterns = draws.filter((d) => d.rule.includes("pattern"));
    expect(patterns.length).toBeGreaterThan(0);
    for (const d of patterns) expect([...String(d.input.zqCode)]).toHaveLength(6);
    for (const d of draws) {
      const checked = validateParams(tool, d.input);
      expect(checked.ok).toBe(false);
      expect(checked.ok ? [] : checked.issues.map((i) => i.param)).toContain("zqCode");
    }
  });
});
