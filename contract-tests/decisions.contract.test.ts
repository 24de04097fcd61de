// Every product decision where the seed and the real upstream differ (the project's DECISIONS), one test each, named
// after the rule it holds to: the general ones of the inputs here (limits, enums, refusals); of the calls (failures,
// base addresses) in decisions-upstream, the CRM's in decisions-crm, the directory's in decisions-directory, document
// generation's and enrichment's in decisions-content, the book catalog's in decisions-books (.contract.test.ts each).
// Expected values are written out here (or read from the pinned published
// specs and the spec's own examples), never from the manifests: breaking a
// rule in a manifest or spec fails the test that names it. The provider
// suites cover the same ground per operation; these must be no weaker.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { call, expectFailure, expectNoViolation, expectSuccess, tool, type Captured } from "../test-support/harness.js";
import { SPECS_DIR } from "../test-support/repo.js";
import { BOOKS, expectRefused, GAMMA, GRAPH, generate, PDL, published } from "./decisions-kit.js";

describe("DECISIONS — General", () => {
  // [tool, valid input, parameter, accepted at the bound, where the wire carries it, refused one step past it, rule,
  // message]
  const limits: [
    string,
    Record<string, unknown>,
    string,
    unknown,
    (c: Captured) => unknown,
    unknown,
    string,
    string,
  ][] = [
    [
      "directory_list_users",
      { accessToken: GRAPH },
      "top",
      999,
      (c) => c.url.searchParams.get("$top"),
      1000,
      "maximum",
      "top: must be at most 999 (allowed: 1–999), got 1000",
    ],
    [
      "directory_list_users",
      { accessToken: GRAPH },
      "top",
      1,
      (c) => c.url.searchParams.get("$top"),
      0,
      "minimum",
      "top: must be at least 1 (allowed: 1–999), got 0",
    ],
    [
      "directory_list_groups",
      { accessToken: GRAPH },
      "top",
      999,
      (c) => c.url.searchParams.get("$top"),
      1000,
      "maximum",
      "top: must be at most 999 (allowed: 1–999), got 1000",
    ],
    [
      "docgen_generate",
      generate,
      "numCards",
      75,
      (c) => (c.body as { numCards: number }).numCards,
      76,
      "maximum",
      "numCards: must be at most 75 (allowed: 1–75), got 76",
    ],
    [
      "docgen_generate",
      generate,
      "numCards",
      1,
      (c) => (c.body as { numCards: number }).numCards,
      0,
      "minimum",
      "numCards: must be at least 1 (allowed: 1–75), got 0",
    ],
    [
      "docgen_generate",
      generate,
      "additionalInstructions",
      "a".repeat(2000),
      (c) => (c.body as { additionalInstructions: string }).additionalInstructions,
      "a".repeat(2001),
      "maxLength",
      "additionalInstructions: must be at most 2000 characters long (it has 2001)",
    ],
    [
      "docgen_generate",
      generate,
      "inputText",
      "a".repeat(400_000),
      (c) => (c.body as { inputText: string }).inputText,
      "a".repeat(400_001),
      "maxLength",
      "inputText: must be at most 400000 characters long (it has 400001)",
    ],
    [
      "docgen_generate",
      generate,
      "inputText",
      "a",
      (c) => (c.body as { inputText: string }).inputText,
      "",
      "required",
      "inputText: is required, got an empty string",
    ],
    [
      "docgen_list_themes",
      { apiKey: GAMMA },
      "limit",
      50,
      (c) => c.url.searchParams.get("limit"),
      51,
      "maximum",
      "limit: must be at most 50 (allowed: 1–50), got 51",
    ],
    [
      "docgen_list_themes",
      { apiKey: GAMMA },
      "limit",
      1,
      (c) => c.url.searchParams.get("limit"),
      0,
      "minimum",
      "limit: must be at least 1 (allowed: 1–50), got 0",
    ],
    [
      "docgen_list_folders",
      { apiKey: GAMMA },
      "limit",
      50,
      (c) => c.url.searchParams.get("limit"),
      51,
      "maximum",
      "limit: must be at most 50 (allowed: 1–50), got 51",
    ],
    [
      "persondata_person_enrich",
      { apiKey: PDL, email: "sean@peopledatalabs.com" },
      "min_likelihood",
      10,
      (c) => c.url.searchParams.get("min_likelihood"),
      11,
      "maximum",
      "min_likelihood: must be at most 10 (allowed: 1–10), got 11",
    ],
    [
      "persondata_person_enrich",
      { apiKey: PDL, email: "sean@peopledatalabs.com" },
      "min_likelihood",
      1,
      (c) => c.url.searchParams.get("min_likelihood"),
      0,
      "minimum",
      "min_likelihood: must be at least 1 (allowed: 1–10), got 0",
    ],
    [
      "persondata_person_enrich",
      { apiKey: PDL, email: "sean@peopledatalabs.com" },
      "min_likelihood",
      7,
      (c) => c.url.searchParams.get("min_likelihood"),
      7.5,
      "integer",
      "min_likelihood: must be an integer, got 7.5",
    ],
    [
      "persondata_person_search",
      { apiKey: PDL, sql: "SELECT * FROM person" },
      "size",
      100,
      (c) => (c.body as { size: number }).size,
      101,
      "maximum",
      "size: must be at most 100 (allowed: 1–100), got 101",
    ],
    [
      "persondata_person_search",
      { apiKey: PDL, sql: "SELECT * FROM person" },
      "size",
      1,
      (c) => (c.body as { size: number }).size,
      0,
      "minimum",
      "size: must be at least 1 (allowed: 1–100), got 0",
    ],
    [
      "books_search_volumes",
      { apiKey: BOOKS, q: "dune" },
      "maxResults",
      40,
      (c) => c.url.searchParams.get("maxResults"),
      41,
      "maximum",
      "maxResults: must be at most 40 (allowed: 1–40), got 41",
    ],
    [
      "books_search_volumes",
      { apiKey: BOOKS, q: "dune" },
      "maxResults",
      1,
      (c) => c.url.searchParams.get("maxResults"),
      0,
      "minimum",
      "maxResults: must be at least 1 (allowed: 1–40), got 0",
    ],
  ];

  it(
    "1. Limits are the stricter of the spec and the upstream ($top 1–999, numCards 1–75, additionalInstructions " +
      "≤ 2,000, inputText 1–400,000, limit 1–50, min_likelihood integer 1–10, size 1–100, maxResults 1–40)",
    async () => {
      for (const [id, params, param, ok, sent, bad, rule, message] of limits) {
        const accepted = await call(id, { ...params, [param]: ok });
        expectSuccess(accepted.result);
        expect(accepted.calls, `${id} ${param} ${String(ok).slice(0, 10)}`).toHaveLength(1);
        expectNoViolation(accepted.calls[0]!);
        expect(String(sent(accepted.calls[0]!)), `${id} ${param} on the wire`).toBe(String(ok));
        const refused = await call(id, { ...params, [param]: bad });
        expect(refused.calls, `${id} ${param} ${String(bad).slice(0, 10)}`).toHaveLength(0);
        const error = expectFailure(refused.result);
        expect(error, `${id} ${param}`).toMatchObject({
          type: "validation",
          provider: tool(id).provider,
          operation: id,
          param,
          rule,
        });
        expect(error.message.startsWith(message), `${error.message.slice(0, 120)} starts with ${message}`).toBe(true);
      }
    },
  );

  it(
    "2. Enums are the spec's plus the upstream's additions; a value the upstream rejects is refused naming the " +
      "accepted ones",
    async () => {
      for (const [extra, wire] of [
        [{ exportAs: "png" }, { exportAs: "png" }],
        [{ imageSource: "pexels" }, { imageOptions: { source: "pexels" } }],
        [{ imageSource: "themeAccent" }, { imageOptions: { source: "themeAccent" } }],
      ] as const) {
        const added = await call("docgen_generate", { ...generate, ...extra });
        expectSuccess(added.result);
        expectNoViolation(added.calls[0]!);
        expect(added.calls[0]!.body).toMatchObject(wire);
      }
      const fromTemplate = await call("docgen_generate_from_template", {
        apiKey: GAMMA,
        gammaId: "g_1",
        prompt: "Adapt",
        exportAs: "png",
      });
      expectSuccess(fromTemplate.result);
      expectNoViolation(fromTemplate.calls[0]!);
      expect(fromTemplate.calls[0]!.body).toMatchObject({ exportAs: "png" });
      expectRefused(
        await call("docgen_generate", { ...generate, imageSource: "unsplash" }),
        "imageSource",
        "enum",
        "imageSource: must be one of aiGenerated, pictographic, webAllImages, webFreeToUse, " +
          'webFreeToUseCommercially, giphy, pexels, placeholder, noImages, themeAccent, got "unsplash"',
      );
    },
  );

  it(
    "2. (models) The image model is one the upstream accepts: the spec keeps the published list, an unknown one " +
      "is refused naming them",
    async () => {
      const ours: string[] = parse(readFileSync(join(SPECS_DIR, "docgen/openapi.yaml"), "utf8")).components.schemas
        .ImageModel.enum;
      const theirs: string[] = published("docgen").components.schemas.ImageModel.enum;
      expect(ours).toEqual(theirs);
      expect(ours.length).toBe(46);
      for (const id of ["docgen_generate", "docgen_generate_from_template"])
        expect(tool(id).params.find((p) => p.name === "imageModel")?.enum, id).toEqual(theirs);
      const ok = await call("docgen_generate", { ...generate, imageSource: "aiGenerated", imageModel: "flux-2-pro" });
      expectSuccess(ok.result);
      expectNoViolation(ok.calls[0]!);
      expect(ok.calls[0]!.body).toMatchObject({ imageOptions: { source: "aiGenerated", model: "flux-2-pro" } });
      expectRefused(
        await call("docgen_generate", { ...generate, imageModel: "dall-e-4" }),
        "imageModel",
        "enum",
        // A refusal lists 12 values and how many more, and the nearest to the text given (rule-words.ts).
        `imageModel: must be one of ${theirs.slice(0, 12).join(", ")} and ${theirs.length - 12} more ` +
          `(nearest: dall-e-3), got "dall-e-4"`,
      );
    },
  );

  it("2. (languages) textLanguage accepts exactly the language codes of the pinned published document", async () => {
    const theirs: string[] = published("docgen").components.schemas.TextOptions.properties.language.enum;
    const manifest = parse(readFileSync(join(SPECS_DIR, "docgen/manifest.yaml"), "utf8"));
    expect(manifest.operations.docgen_generate.params.textLanguage.enum).toEqual(theirs);
    expect(tool("docgen_generate").params.find((p) => p.name === "textLanguage")?.enum).toEqual(theirs);
    expect(theirs.length).toBe(67);
    const last = await call("docgen_generate", { ...generate, textLanguage: theirs[theirs.length - 1] });
    expectSuccess(last.result);
    expectNoViolation(last.calls[0]!);
    expect(last.calls[0]!.body).toMatchObject({ textOptions: { language: theirs[theirs.length - 1] } });
    expectRefused(
      await call("docgen_generate", { ...generate, textLanguage: "en-US" }),
      "textLanguage",
      "enum",
      `textLanguage: must be one of ${theirs.slice(0, 12).join(", ")} and ${theirs.length - 12} more (any case), ` +
        `got "en-US"`,
    );
  });

  it(
    "3. Every invalid input is refused before any request, naming the parameter, the rule and the value " +
      "(cross-field rules too)",
    async () => {
      expectRefused(
        await call("docgen_generate", { ...generate, format: "social", cardDimensions: "16x9" }),
        "cardDimensions",
        "allowedValues",
        'cardDimensions: must be one of 1x1, 4x5, 9x16 when format is social, got "16x9"',
      );
      expectRefused(
        await call("docgen_generate", { ...generate, numCards: 7.5 }),
        "numCards",
        "integer",
        "numCards: must be an integer, got 7.5",
      );
      expectRefused(
        await call("persondata_person_search", {
          apiKey: PDL,
          sql: "SELECT * FROM person",
          query: { query: { match_all: {} } },
        }),
        "sql",
        "exactlyOne",
        "exactly one of query, sql is required, got query and sql",
      );
    },
  );
});
