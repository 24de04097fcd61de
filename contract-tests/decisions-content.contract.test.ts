// The DECISIONS of document generation and enrichment, one test each, named after the rule it holds to
// (decisions.contract.test.ts has the general ones and names the files of the others). Expected values are written out
// here (or read from the spec's own examples), never from the manifests: breaking a rule in a manifest or spec fails
// the test that names it.
import { describe, expect, it } from "vitest";
import { call, example, expectFailure, expectNoViolation, expectSuccess, tool } from "../test-support/harness.js";
import { expectRefused, GAMMA, generate, PDL } from "./decisions-kit.js";

describe("DECISIONS — Document generation", () => {
  it("the generate body is nested on the wire; empty nested objects are omitted; textMode is always sent", async () => {
    const minimal = await call("docgen_generate", generate);
    expectNoViolation(minimal.calls[0]!);
    expect(minimal.calls[0]!.body).toEqual({ inputText: "Decisions", textMode: "generate", format: "presentation" });
    const r = await call("docgen_generate", {
      ...generate,
      textAmount: "brief",
      textTone: "crisp",
      textAudience: "board",
      textLanguage: "fr",
      imageSource: "aiGenerated",
      imageModel: "imagen-4-pro",
      imageStyle: "ink",
      cardDimensions: "16x9",
    });
    expectNoViolation(r.calls[0]!);
    expect(r.calls[0]!.body).toEqual({
      inputText: "Decisions",
      textMode: "generate",
      format: "presentation",
      textOptions: { amount: "brief", tone: "crisp", audience: "board", language: "fr" },
      imageOptions: { source: "aiGenerated", model: "imagen-4-pro", style: "ink" },
      cardOptions: { dimensions: "16x9" },
    });
    for (const textMode of ["condense", "preserve"]) {
      const other = await call("docgen_generate", { ...generate, textMode });
      expect(other.calls[0]!.body).toMatchObject({ textMode });
    }
  });

  it("folderIds 'a, b' → ['a', 'b'] (trimmed, empties dropped, at most 10)", async () => {
    const r = await call("docgen_generate", { ...generate, folderIds: " fld_a, ,fld_b " });
    expectNoViolation(r.calls[0]!);
    expect(r.calls[0]!.body).toMatchObject({ folderIds: ["fld_a", "fld_b"] });
    const ten = Array.from({ length: 10 }, (_, i) => `f${i}`);
    for (const id of ["docgen_generate", "docgen_generate_from_template"]) {
      const base = id === "docgen_generate" ? generate : { apiKey: GAMMA, gammaId: "g_1", prompt: "Adapt" };
      const accepted = await call(id, { ...base, folderIds: ten.join(", ") });
      expectSuccess(accepted.result);
      expectNoViolation(accepted.calls[0]!);
      expect(accepted.calls[0]!.body).toMatchObject({ folderIds: ten });
      const eleven = [...ten, "f10"].join(",");
      expectRefused(
        await call(id, { ...base, folderIds: eleven }),
        "folderIds",
        "maxItems",
        `folderIds: must list at most 10 items separated by "," (it lists 11), got "${eleven}"`,
      );
    }
  });

  it(
    "from-template sends only gammaId, prompt, themeId, exportAs, folderIds and " + "imageOptions.model/style",
    async () => {
      const r = await call("docgen_generate_from_template", {
        apiKey: GAMMA,
        gammaId: "g_1",
        prompt: "Adapt",
        themeId: "t_1",
        exportAs: "pdf",
        folderIds: "f_1",
        imageModel: "flux-2-pro",
        imageStyle: "warm",
      });
      expectNoViolation(r.calls[0]!);
      expect(r.calls[0]!.body).toEqual({
        gammaId: "g_1",
        prompt: "Adapt",
        themeId: "t_1",
        exportAs: "pdf",
        folderIds: ["f_1"],
        imageOptions: { model: "flux-2-pro", style: "warm" },
      });
      // Nothing else can be sent: the tool takes these parameters and no other (the spec's body would take more).
      expect(
        tool("docgen_generate_from_template")
          .params.map((p) => p.name)
          .sort(),
      ).toEqual(["apiKey", "exportAs", "folderIds", "gammaId", "imageModel", "imageStyle", "prompt", "themeId"]);
      for (const extra of ["imageSource", "textAmount", "cardDimensions", "numCards", "textMode"]) {
        const refused = await call("docgen_generate_from_template", {
          apiKey: GAMMA,
          gammaId: "g_1",
          prompt: "Adapt",
          [extra]: extra === "numCards" ? 5 : "x",
        });
        expect(refused.calls, extra).toHaveLength(0);
        expect(expectFailure(refused.result), extra).toMatchObject({
          type: "validation",
          param: extra,
          rule: "unknown",
        });
      }
    },
  );

  it("cardDimensions must fit format; a mismatch is refused with the valid values for that format", async () => {
    const fits: Record<string, string[]> = {
      presentation: ["fluid", "16x9", "4x3"],
      document: ["fluid", "pageless", "letter", "a4"],
      social: ["1x1", "4x5", "9x16"],
    };
    for (const [format, allowed] of Object.entries(fits)) {
      for (const dims of allowed) {
        const ok = await call("docgen_generate", { ...generate, format, cardDimensions: dims });
        expectSuccess(ok.result);
        expect(ok.calls[0]!.body).toMatchObject({ format, cardOptions: { dimensions: dims } });
      }
      const wrong = format === "social" ? "16x9" : "1x1";
      expectRefused(
        await call("docgen_generate", { ...generate, format, cardDimensions: wrong }),
        "cardDimensions",
        "allowedValues",
        `cardDimensions: must be one of ${allowed.join(", ")} when format is ${format}, got "${wrong}"`,
      );
    }
    expectRefused(
      await call("docgen_generate", { ...generate, format: "webpage", cardDimensions: "fluid" }),
      "cardDimensions",
      "allowedValues",
      'cardDimensions: must be left out when format is webpage, got "fluid"',
    );
  });

  it(
    "textLanguage is matched case-insensitively and sent lower-case; it must be a language code the upstream " +
      "accepts",
    async () => {
      for (const [given, sent] of [
        ["PT-BR", "pt-br"],
        ["En-Gb", "en-gb"],
        ["es-419", "es-419"],
      ]) {
        const r = await call("docgen_generate", { ...generate, textLanguage: given });
        expectSuccess(r.result);
        expectNoViolation(r.calls[0]!);
        expect(r.calls[0]!.body).toMatchObject({ textOptions: { language: sent } });
      }
      // The refusal lists the first 12 codes and how many more (rule-words.ts), and the codes nearest a text close
      // to some; the tool's schema lists them all.
      expectRefused(
        await call("docgen_generate", { ...generate, textLanguage: "klingon" }),
        "textLanguage",
        "enum",
        expect.stringMatching(
          /^textLanguage: must be one of en, en-gb, .*, ko and \d+ more \(any case\), got "klingon"$/,
        ),
      );
      const near = expectRefused(
        await call("docgen_generate", { ...generate, textLanguage: "pt-bz" }),
        "textLanguage",
        "enum",
        expect.stringContaining(" more (nearest: pt-br) (any case)"),
      );
      expect(near.message).not.toContain("cy");
    },
  );

  it(
    "outputs: generationId (+ warnings); status with gammaUrl when completed, credits and error when failed, " +
      "plus exportUrl and gammaId; themes/folders from data, hasMore, nextCursor only when not null",
    async () => {
      expect(expectSuccess((await call("docgen_generate", generate)).result)).toEqual({ generationId: "abc123xyz" });
      const warned = example("docgen", "createGeneration", "200", "withWarnings") as {
        generationId: string;
        warnings: string;
      };
      expect(
        expectSuccess((await call("docgen_generate", generate, { prefer: "example=withWarnings" })).result),
      ).toEqual(warned);
      const completed = example("docgen", "getGenerationStatus", "200", "completed") as Record<string, unknown>;
      expect(
        expectSuccess(
          (
            await call(
              "docgen_check_status",
              { apiKey: GAMMA, generationId: "abc123xyz" },
              { prefer: "example=completed" },
            )
          ).result,
        ),
      ).toEqual({
        generationId: completed.generationId,
        status: "completed",
        gammaUrl: completed.gammaUrl,
        gammaId: completed.gammaId,
        exportUrl: completed.exportUrl,
        credits: completed.credits,
      });
      const failed = example("docgen", "getGenerationStatus", "200", "failed") as Record<string, unknown>;
      const failedOutput = expectSuccess(
        (await call("docgen_check_status", { apiKey: GAMMA, generationId: "abc123xyz" }, { prefer: "example=failed" }))
          .result,
      );
      expect(failedOutput).toMatchObject({
        generationId: failed.generationId,
        status: "failed",
        error: failed.error,
        credits: failed.credits,
      });
      expect(failedOutput).not.toHaveProperty("gammaUrl");
      for (const [id, operationId, list] of [
        ["docgen_list_themes", "listThemes", "themes"],
        ["docgen_list_folders", "listFolders", "folders"],
      ] as const) {
        const first = example("docgen", operationId, "200", "firstPage") as { data: unknown[]; nextCursor: string };
        expect(expectSuccess((await call(id, { apiKey: GAMMA })).result)).toEqual({
          [list]: first.data,
          hasMore: true,
          nextCursor: first.nextCursor,
        });
        const last = example("docgen", operationId, "200", "lastPage") as { data: unknown[]; nextCursor: null };
        expect(last.nextCursor).toBeNull();
        expect(expectSuccess((await call(id, { apiKey: GAMMA }, { prefer: "example=lastPage" })).result)).toEqual({
          [list]: last.data,
          hasMore: false,
        });
      }
    },
  );

  it(
    "the credential goes in X-API-KEY; errors are {message, statusCode}; credit exhaustion is 402 or 403, not " +
      "retried",
    async () => {
      const r = await call("docgen_list_themes", { apiKey: GAMMA }, { prefer: "code=401" });
      expect(r.calls[0]!.headers.get("x-api-key")).toBe(GAMMA);
      expect(r.calls[0]!.headers.get("authorization")).toBeNull();
      const invalid = example("docgen", "listThemes", "401", "invalidApiKey") as {
        message: string;
        statusCode: number;
      };
      const error = expectFailure(r.result);
      expect(error).toMatchObject({ type: "upstream", status: 401, message: invalid.message, retryable: false });
      expect(error.code).toBeUndefined();
      for (const status of [402, 403]) {
        const credits = await call("docgen_generate", generate, {
          prefer: `code=${status}, example=insufficientCredits`,
        });
        expect(credits.calls, `${status}: one request, no retry`).toHaveLength(1);
        expect(credits.calls[0]!.status).toBe(status);
        const body = example("docgen", "createGeneration", String(status), "insufficientCredits") as {
          message: string;
          statusCode: number;
        };
        expect(body.statusCode).toBe(status);
        expect(expectFailure(credits.result)).toMatchObject({
          type: "upstream",
          status,
          message: body.message,
          retryable: false,
        });
      }
    },
  );

  it("numCards: more than 60 needs the upstream's top plan, and the parameter says so", () => {
    expect(tool("docgen_generate").params.find((p) => p.name === "numCards")?.description).toMatch(/more than 60/);
  });
});

describe("DECISIONS — Enrichment", () => {
  it("the credential goes in X-Api-Key", async () => {
    for (const [id, params] of [
      ["persondata_person_enrich", { email: "sean@peopledatalabs.com" }],
      ["persondata_company_enrich", { website: "peopledatalabs.com" }],
      ["persondata_person_search", { sql: "SELECT * FROM person" }],
    ] as const) {
      const r = await call(id, { apiKey: PDL, ...params });
      expectNoViolation(r.calls[0]!);
      expect(r.calls[0]!.headers.get("x-api-key"), id).toBe(PDL);
      expect(r.calls[0]!.headers.get("authorization"), id).toBeNull();
      expect(r.calls[0]!.url.searchParams.has("api_key"), id).toBe(false);
    }
  });

  it("person enrich needs email, or name with company; company enrich needs one of name, website, ticker", async () => {
    for (const [params, given] of [
      [{ name: "Sean Thorne" }, "only name"],
      [{ company: "peopledatalabs.com" }, "only company"],
      [{}, "none of them"],
    ] as const) {
      const r = await call("persondata_person_enrich", { apiKey: PDL, ...params });
      expect(r.calls).toHaveLength(0);
      expect(expectFailure(r.result)).toMatchObject({
        type: "validation",
        rule: "anyOf",
        message: `persondata_person_enrich needs email or name with company, got ${given}`,
      });
    }
    for (const params of [{ email: "sean@peopledatalabs.com" }, { name: "Sean Thorne", company: "peopledatalabs.com" }])
      expectSuccess((await call("persondata_person_enrich", { apiKey: PDL, ...params })).result);
    const none = await call("persondata_company_enrich", { apiKey: PDL });
    expect(none.calls).toHaveLength(0);
    expect(expectFailure(none.result)).toMatchObject({
      type: "validation",
      rule: "anyOf",
      message: "persondata_company_enrich needs name, website or ticker, got none of them",
    });
    for (const params of [{ name: "People Data Labs" }, { website: "peopledatalabs.com" }, { ticker: "PDL" }])
      expectSuccess((await call("persondata_company_enrich", { apiKey: PDL, ...params })).result);
  });

  it("person search needs exactly one of query and sql; a query without a top-level query key is wrapped", async () => {
    const neither = await call("persondata_person_search", { apiKey: PDL });
    expect(neither.calls).toHaveLength(0);
    expect(expectFailure(neither.result)).toMatchObject({
      type: "validation",
      rule: "exactlyOne",
      message: "exactly one of query, sql is required, got none",
    });
    const both = await call("persondata_person_search", {
      apiKey: PDL,
      sql: "SELECT * FROM person",
      query: { query: { match_all: {} } },
    });
    expect(both.calls).toHaveLength(0);
    expect(expectFailure(both.result)).toMatchObject({
      type: "validation",
      rule: "exactlyOne",
      message: "exactly one of query, sql is required, got query and sql",
    });
    const bare = { term: { job_title: "cto" } };
    const wrapped = await call("persondata_person_search", { apiKey: PDL, query: bare });
    expectNoViolation(wrapped.calls[0]!);
    expect(wrapped.calls[0]!.body).toEqual({ query: { query: bare }, size: 1 });
    const fromText = await call("persondata_person_search", { apiKey: PDL, query: JSON.stringify(bare) });
    expect(fromText.calls[0]!.body).toEqual({ query: { query: bare }, size: 1 });
    const already = await call("persondata_person_search", { apiKey: PDL, query: { query: bare } });
    expect(already.calls[0]!.body).toEqual({ query: { query: bare }, size: 1 });
  });

  it(
    "404 means no match: enrich → data null, metadata.status 404; search → data [], total 0; never " + "retried",
    async () => {
      for (const [id, params] of [
        ["persondata_person_enrich", { email: "nobody@example.com" }],
        ["persondata_company_enrich", { website: "nobody.example" }],
      ] as const) {
        const enrich = await call(id, { apiKey: PDL, ...params }, { prefer: "code=404" });
        expect(enrich.calls, id).toHaveLength(1);
        expect(enrich.calls[0]!.status).toBe(404);
        expect(expectSuccess(enrich.result), id).toEqual({ data: null, metadata: { status: 404 } });
      }
      const search = await call(
        "persondata_person_search",
        { apiKey: PDL, sql: "SELECT * FROM person" },
        { prefer: "code=404" },
      );
      expect(search.calls).toHaveLength(1);
      expect(search.calls[0]!.status).toBe(404);
      expect(expectSuccess(search.result)).toEqual({ data: [], metadata: { status: 404, total: 0 } });
    },
  );

  it(
    "person enrich is {status, likelihood, data}; company enrich is flat: data is the company without status and " +
      "likelihood, which go to metadata; search is {status, data[], total}",
    async () => {
      const person = example("persondata", "personEnrich", "200", "match") as {
        status: number;
        likelihood: number;
        data: unknown;
      };
      expect(
        expectSuccess(
          (await call("persondata_person_enrich", { apiKey: PDL, email: "sean@peopledatalabs.com" })).result,
        ),
      ).toEqual({ data: person.data, metadata: { status: person.status, likelihood: person.likelihood } });
      const { status, likelihood, ...company } = example("persondata", "companyEnrich", "200", "match") as Record<
        string,
        unknown
      >;
      expect(
        expectSuccess((await call("persondata_company_enrich", { apiKey: PDL, website: "peopledatalabs.com" })).result),
      ).toEqual({ data: company, metadata: { status, likelihood } });
      const results = example("persondata", "personSearch", "200", "results") as {
        status: number;
        data: unknown[];
        total: number;
      };
      expect(
        expectSuccess((await call("persondata_person_search", { apiKey: PDL, sql: "SELECT * FROM person" })).result),
      ).toEqual({ data: results.data, metadata: { status: results.status, total: results.total } });
    },
  );

  it("errors are {status, error: {type, message}}", async () => {
    const r = await call(
      "persondata_person_enrich",
      { apiKey: PDL, email: "sean@peopledatalabs.com" },
      { prefer: "code=401, example=invalidKey" },
    );
    const body = example("persondata", "personEnrich", "401", "invalidKey") as {
      status: number;
      error: { type: string; message: string };
    };
    expect(expectFailure(r.result)).toMatchObject({
      type: "upstream",
      provider: "persondata",
      status: 401,
      code: body.error.type,
      message: body.error.message,
      retryable: false,
    });
    const credits = await call(
      "persondata_person_search",
      { apiKey: PDL, sql: "SELECT * FROM person" },
      { prefer: "code=402" },
    );
    const exhausted = example("persondata", "personSearch", "402", "creditsExhausted") as {
      error: { type: string; message: string };
    };
    expect(expectFailure(credits.result)).toMatchObject({
      status: 402,
      code: exhausted.error.type,
      message: exhausted.error.message,
      retryable: false,
    });
  });
});
