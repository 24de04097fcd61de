// Random inputs of a parameter whose pattern repeats a class (`[a-f0-9]+`)
// and whose lengths are fixed (40): fast-check's draws of the pattern are
// short, so each is fitted to a length within the bounds, not filtered away.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { invalidInput } from "./invalid-inputs.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const getBook = shelf.operations.find((op) => op.tool.id === "shelf_get_book")!.tool;

/** shelf_get_book with its path parameter given zq rules and no example (the draws alone must fit). */
function withPathRules(rules: Partial<ParamSpec>): ToolSpec {
  return {
    ...getBook,
    params: getBook.params.map((p) =>
      p.name === "bookId" ? ({ ...p, example: undefined, placeholder: undefined, ...rules } as ParamSpec) : p,
    ),
  };
}

describe.each([["[a-f0-9]+"], ["^[a-f0-9]+$"]])(
  "random inputs of a parameter matching %s, exactly 40 characters long",
  (pattern) => {
    const tool = withPathRules({ pattern, minLength: 40, maxLength: 40 });
    const values = new ToolValues(tool, doc);

    it("are drawn valid: of that length and of the pattern", () => {
      const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 30, seed: 5 });
      expect(valid).toHaveLength(30);
      for (const input of valid) {
        expect(input.bookId).toHaveLength(40);
        expect(input.bookId).toMatch(new RegExp(pattern));
      }
    });

    it("are drawn invalid too, each breaking one rule", () => {
      const invalid = fc.sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 20, seed: 5 });
      expect(invalid).toHaveLength(20);
      expect(invalid.every((d) => d.broken.length > 0)).toBe(true);
    });
  },
);

describe("random inputs of a parameter whose unanchored pattern is longer than the lengths drawn (an ETag)", () => {
  const pattern = '["][ -~]{1000}["]';
  const tool = withPathRules({ pattern, maxLength: 1002 });
  const values = new ToolValues(tool, doc);

  it("are drawn valid: the pattern's match, without the text fast-check draws around it", () => {
    const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 10, seed: 5 });
    expect(valid).toHaveLength(10);
    for (const input of valid) {
      expect(input.bookId).toHaveLength(1002);
      expect(input.bookId).toMatch(new RegExp(pattern));
    }
  });
});

describe("random inputs of a parameter without a maxLength whose every match is longer than the lengths drawn", () => {
  // An ARN's shape (`…:[0-9]{12}:job/[a-z0-9]{12,}$`): no match is as short as the 64 characters drawn by default.
  const pattern = "^zq:[0-9]{12}:zqjob/[a-z0-9]{60,}$";
  const tool = withPathRules({ pattern, minLength: undefined, maxLength: undefined });

  it("are drawn valid: matches of the pattern, however long", () => {
    const valid = fc.sample(validInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), {
      numRuns: 10,
      seed: 5,
    });
    expect(valid).toHaveLength(10);
    for (const input of valid) expect(input.bookId).toMatch(new RegExp(pattern));
  });
});

describe("random inputs of a parameter of several forms (anyOf), one of them a pattern with a lookahead", () => {
  const forms: ParamSpec["anyOf"] = [
    { type: "string", pattern: "^(?!https://)[a-z]{1,8}\\.pdf$" },
    { type: "string", pattern: "^zq_[a-z]{4}$" },
  ];

  it("are drawn from every form, the lookaround's drawn without it and kept where the pattern accepts the draw", () => {
    const tool = withPathRules({ type: "json", anyOf: forms, pattern: undefined, minLength: undefined, maxLength: 40 });
    const valid = fc.sample(validInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), {
      numRuns: 20,
      seed: 5,
    });
    expect(valid).toHaveLength(20);
    for (const input of valid) expect(input.bookId).toMatch(/^(?:(?!https:\/\/)[a-z]{1,8}\.pdf|zq_[a-z]{4})$/);
  });

  it("fail naming the parameter where no form can be drawn (a lookahead that refuses every draw)", () => {
    const tool = withPathRules({
      type: "json",
      anyOf: [{ type: "string", pattern: "^(?!zq)zq[a-z]{2}\\.pdf$" }],
      pattern: undefined,
      minLength: undefined,
      maxLength: 40,
    });
    expect(() => validInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1")).toThrow(
      /no value of parameter bookId/,
    );
  });
});
