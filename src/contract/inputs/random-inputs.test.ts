// Random draws and limit cases that always end, on the shapes that did not:
// a pattern every string matches (`.+`: the draw of a string breaking it spun
// forever, holding its worker and the suite), and a pattern that fixes a
// length far under the parameter's maxLength (no value at that boundary); and a
// pattern with a lookahead, which fast-check draws from none.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParamSpec, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { deriveCases } from "../derive.js";
import { invalidInput } from "./invalid-inputs.js";
import { boundedFilter, FILTER_DRAWS, filterOrFail, passingDraws } from "./bounded-filters.js";
import { validInput } from "./random-inputs.js";
import { ContractFailure } from "../types.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const getBook = shelf.operations.find((op) => op.tool.id === "shelf_get_book")!.tool;

/** shelf_get_book with its path parameter given other rules (named zq…: no user's). */
function withPathRules(rules: Partial<ParamSpec>): ToolSpec {
  return {
    ...getBook,
    params: getBook.params.map((p) =>
      p.name === "bookId"
        ? ({ ...p, example: "ZQ0000000000000000000000AB", placeholder: undefined, ...rules } as ParamSpec)
        : p,
    ),
  };
}

describe("a filter over random draws", () => {
  it("asks its predicate a bounded number of times when nothing passes, and says so", () => {
    let asked = 0;
    const never = (_: string) => {
      asked++;
      return false;
    };
    expect(boundedFilter(fc.string(), never)).toBeUndefined();
    expect(asked).toBe(FILTER_DRAWS);
    expect(() => filterOrFail(fc.string(), () => false, "zqvalue")).toThrow(ContractFailure);
    expect(() => filterOrFail(fc.string(), () => false, "zqvalue")).toThrow(
      /no zqvalue could be drawn: none of 200 random draws passed its rules/,
    );
  });

  it("draws no more than it keeps when those pass, else on to its bound: one sample's values (draws counted)", () => {
    let drawn = 0;
    const counted = fc.integer({ min: 0, max: 1000 }).map((n) => {
      drawn++;
      return n;
    });
    const oneSample = (pred: (n: number) => boolean) =>
      fc
        .sample(fc.integer({ min: 0, max: 1000 }), { numRuns: FILTER_DRAWS, seed: 0x2d9 })
        .filter(pred)
        .slice(0, 20);
    // Every draw passes: the first 20 are kept, and no more are drawn (200 were).
    expect(passingDraws(counted, () => true)).toEqual(oneSample(() => true));
    expect(drawn).toBe(20);
    // One in ten passes: drawn on, the same values in the same order as one sample of 200 gives.
    const tenth = (n: number) => n % 10 === 0;
    expect(passingDraws(counted, tenth)).toEqual(oneSample(tenth));
    expect(passingDraws(counted, tenth).length).toBeGreaterThan(5);
  });

  it("draws only values that pass when some do, each draw one draw of its source", () => {
    const even = boundedFilter(fc.integer({ min: 0, max: 1000 }), (n) => n % 2 === 0);
    expect(even).toBeDefined();
    const drawn = fc.sample(even!, { numRuns: 300, seed: 3 });
    expect(drawn).toHaveLength(300);
    expect(drawn.every((n) => n % 2 === 0)).toBe(true);
  });
});

describe("random inputs of a parameter whose pattern every string matches (zq `.+`)", () => {
  const tool = withPathRules({ pattern: ".+", maxLength: 256 });
  const values = new ToolValues(tool, doc);

  it("are drawn, valid and invalid, in a bounded number: no draw breaks a pattern nothing breaks", () => {
    const invalid = fc.sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 100, seed: 11 });
    expect(invalid).toHaveLength(100);
    expect(invalid.filter((d) => d.broken.startsWith("bookId: not matching"))).toEqual([]);
    // The other rules of the parameter are still broken.
    expect(invalid.some((d) => d.param === "bookId" && d.rule.includes("maxLength"))).toBe(true);
    const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 50, seed: 11 });
    expect(valid).toHaveLength(50);
    expect(valid.every((input) => typeof input.bookId === "string" && input.bookId.length > 0)).toBe(true);
  });
});

describe(
  "limit cases of a parameter whose pattern fixes its length under its maxLength (zq `^[A-Z0-9]{26}$`, maxLength " +
    "256)",
  () => {
    it("probe the boundary at the pattern's length, and the step past it, which the pattern refuses", () => {
      const tool = withPathRules({ pattern: "^[A-Z0-9]{26}$", maxLength: 256 });
      const names = deriveCases({ provider: "shelf", tools: [tool], document: doc }).map((c) => c.name);
      expect(names).not.toContain("cases derived");
      expect(names).not.toContain("bookId maxLength 256 at the boundary");
      expect(names).toContain("bookId maxLength 256 (26 with its pattern) at the boundary");
      expect(names).toContain("bookId maxLength 256 (26 with its pattern) one step past it");
    });
  },
);

describe(
  "limit cases of a parameter whose pattern admits only odd lengths under an even maxLength (zq " +
    "`^[xy](,[xy])*$`, maxLength 40)",
  () => {
    it(
      "take the longest value the pattern reaches below the boundary (39 characters) as the value at it: the cases " +
        "are derived",
      () => {
        const tool = withPathRules({ pattern: "^[xy](,[xy])*$", maxLength: 40, example: "x,y" });
        const cases = deriveCases({ provider: "shelf", tools: [tool], document: doc });
        const names = cases.map((c) => c.name);
        expect(names).not.toContain("cases derived");
        expect(names).toContain("bookId maxLength 40 at the boundary");
        expect(names).toContain("bookId maxLength 40 one step past it");
      },
    );
  },
);

describe(
  "random inputs of a parameter whose pattern has a lookahead (zq `^[a-z]((?!--)[a-z0-9-])+$`), which fast-check " +
    "draws from none",
  () => {
    const pattern = "^[a-z]((?!--)[a-z0-9-])+$";
    const tool = withPathRules({ pattern, maxLength: 63 });
    const values = new ToolValues(tool, doc);

    it("are drawn, valid and invalid, each valid one matching the pattern", () => {
      const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 30, seed: 5 });
      expect(valid).toHaveLength(30);
      expect(
        valid.every((input) => typeof input.bookId === "string" && new RegExp(pattern, "u").test(input.bookId)),
      ).toBe(true);
      const invalid = fc.sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 30, seed: 5 });
      expect(invalid.some((d) => d.param === "bookId" && d.rule.includes("pattern"))).toBe(true);
    });
  },
);

describe(
  "random invalid inputs breaking a rule whose selector governs another rule too (a format selecting both a " +
    "size's allowed values and a title's limit)",
  () => {
    const addBook = shelf.operations.find((op) => op.tool.id === "shelf_add_book")!.tool;
    const values = new ToolValues(addBook, doc);
    const selected = (rule: string) =>
      addBook.rules.filter((r) => r.rule === rule).map((r) => ("dependsOn" in r ? r.dependsOn : undefined));

    it("break that one rule only: the selector set for it leaves every other value it governs valid", () => {
      // The fixture's premise: two rules of the tool depend on one selector.
      expect(selected("allowedValues").some((s) => selected("dependentLimits").includes(s))).toBe(true);
      const draws = fc.sample(invalidInput(addBook, values, "http://127.0.0.1:1"), { numRuns: 3000, seed: 700153346 });
      const dependent = draws.filter((d) => d.rule.includes("dependentLimits") || d.rule.includes("allowedValues"));
      expect(dependent.length).toBeGreaterThan(0);
      for (const draw of dependent) {
        const result = validateParams(addBook, draw.input);
        expect(result.ok, draw.broken).toBe(false);
        if (!result.ok)
          expect(
            [...new Set(result.issues.map((i) => i.param))],
            `${draw.broken}: ${JSON.stringify(draw.input)}`,
          ).toEqual([draw.param]);
      }
    });
  },
);

describe(
  "random inputs of a parameter whose unanchored pattern's every match fills its maxLength (zq " +
    "`.*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*`, minLength 1, maxLength 36)",
  () => {
    const pattern = ".*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*";
    const tool = withPathRules({ pattern, minLength: 1, maxLength: 36, example: undefined });
    const values = new ToolValues(tool, doc);

    it("are drawn at the lengths the pattern reaches (36), not below them, valid and invalid alike", () => {
      const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 30, seed: 5 });
      expect(valid).toHaveLength(30);
      for (const input of valid) {
        expect(typeof input.bookId).toBe("string");
        expect(new RegExp(pattern, "u").test(input.bookId as string), String(input.bookId)).toBe(true);
        expect([...(input.bookId as string)]).toHaveLength(36);
      }
      const invalid = fc.sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 30, seed: 5 });
      expect(invalid).toHaveLength(30);
    });
  },
);
