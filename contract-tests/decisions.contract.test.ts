// Every product decision where the seed and the real upstream differ (the
// project's DECISIONS), one test each, named after the rule it holds to.
// The provider suites pin exact wire bodies; these pin the decisions.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { call, expectFailure, expectNoViolation, expectSuccess, mockUrl } from "./harness.js";
import { SPECS_DIR } from "./repo.js";

const GAMMA = "sk-gamma-decisions-0001";
const PDL = "pdl-decisions-key-0001";
const GRAPH = "graph-decisions-token-0001";
const BOOKS = "AIzaDecisionsKey0001";
const SF = "00Ddecisions!token.0001";
const crm = () => ({ apiKey: SF, instanceUrl: mockUrl("crm") });
const generate = { apiKey: GAMMA, inputText: "Decisions", textMode: "generate" };

describe("DECISIONS — General", () => {
  it("1. Limits are the stricter of the spec and the upstream (numCards 1–75, $top 1–999, maxResults 1–40 …)", async () => {
    for (const [id, params, param, ok, bad] of [
      ["docgen_generate", generate, "numCards", 75, 76],
      ["directory_list_users", { accessToken: GRAPH }, "top", 999, 1000],
      ["books_search_volumes", { apiKey: BOOKS, q: "dune" }, "maxResults", 40, 41],
    ] as const) {
      expectSuccess((await call(id, { ...params, [param]: ok })).result);
      const refused = await call(id, { ...params, [param]: bad });
      expect(expectFailure(refused.result)).toMatchObject({ type: "validation", param });
      expect(refused.calls).toHaveLength(0);
    }
  });

  it("2. Enums are the spec's plus the upstream's additions; a value the upstream rejects is refused naming the accepted ones", async () => {
    const added = await call("docgen_generate", { ...generate, exportAs: "png", imageSource: "pexels" });
    expectSuccess(added.result);
    expectNoViolation(added.calls[0]);
    const refused = await call("docgen_generate", { ...generate, imageSource: "unsplash" });
    expect(expectFailure(refused.result).message).toMatch(/^imageSource: must be one of .*pexels.*themeAccent.*, got "unsplash"$/);
    expect(refused.calls).toHaveLength(0);
  });

  it("2. (models) The image model is one the upstream accepts: the spec keeps the published list, an unknown one is refused naming them", async () => {
    const spec = parse(readFileSync(join(SPECS_DIR, "docgen/openapi.yaml"), "utf8"));
    const published = parse(readFileSync(join(SPECS_DIR, "docgen/upstream/published.yaml"), "utf8"));
    const ours: string[] = spec.components.schemas.ImageModel.enum;
    expect(ours).toEqual(published.components.schemas.ImageModel.enum);
    expect(ours.length).toBe(46);
    const ok = await call("docgen_generate", { ...generate, imageSource: "aiGenerated", imageModel: "flux-2-pro" });
    expectSuccess(ok.result);
    expect(ok.calls[0].body).toMatchObject({ imageOptions: { model: "flux-2-pro" } });
    const refused = await call("docgen_generate", { ...generate, imageModel: "dall-e-4" });
    const error = expectFailure(refused.result);
    expect(error).toMatchObject({ param: "imageModel", rule: "enum" });
    expect(error.message).toContain("must be one of dall-e-3, imagen-3-flash");
    expect(refused.calls).toHaveLength(0);
  });

  it("3. Every invalid input is refused before any request, naming the parameter, the rule and the value (cross-field rules too)", async () => {
    const r = await call("docgen_generate", { ...generate, format: "social", cardDimensions: "16x9" });
    expect(expectFailure(r.result)).toMatchObject({ type: "validation", param: "cardDimensions", rule: "allowedValues", message: 'cardDimensions: must be one of 1x1, 4x5, 9x16 when format is social, got "16x9"' });
    expect(r.calls).toHaveLength(0);
  });

  it("4. Upstream failures are one structured error shape, and a secret never appears in it", async () => {
    const r = await call("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { prefer: "code=400" });
    const error = expectFailure(r.result);
    expect(Object.keys(error).sort()).toEqual(expect.arrayContaining(["type", "provider", "operation", "status", "message", "retryable"]));
    expect(error).toMatchObject({ type: "upstream", provider: "books", operation: "books_search_volumes", status: 400 });
    expect(JSON.stringify(r.result)).not.toContain(BOOKS);
  });

  it("5. Base addresses: the CRM uses the caller's instanceUrl (https; http for loopback; no path, query or credentials)", async () => {
    const r = await call("crm_get_record", { ...crm(), instanceUrl: "https://acme.my.salesforce.com/services", sobject: "Account", recordId: "001D000000IqhSLIAZ" });
    expect(expectFailure(r.result)).toMatchObject({ param: "instanceUrl", rule: "format", message: expect.stringContaining("without a path") });
  });
});

describe("DECISIONS — CRM", () => {
  it("sobject must be an API name and recordId 15 or 18 alphanumerics, both validated then URL-encoded", async () => {
    expect(expectFailure((await call("crm_get_record", { ...crm(), sobject: "Account/../User", recordId: "001D000000IqhSLIAZ" })).result)).toMatchObject({ param: "sobject", rule: "pattern" });
    expect(expectFailure((await call("crm_get_record", { ...crm(), sobject: "Account", recordId: "001D000000IqhS" })).result)).toMatchObject({ param: "recordId", rule: "pattern" });
  });

  it("query is sent percent-encoded in q: a + & # % inside a literal survives", async () => {
    const q = "SELECT Id FROM Account WHERE Name = 'A+B & C #1 100%'";
    const r = await call("crm_query", { ...crm(), query: q });
    expectSuccess(r.result);
    expect(r.calls[0].url.searchParams.get("q")).toBe(q);
  });

  it("create answers 201 {id, success, errors}: data is that body, metadata.id its id; an Id in the fields is refused before the call", async () => {
    const r = await call("crm_create_record", { ...crm(), sobject: "Account", fields: { Name: "Acme" } });
    expect(expectSuccess(r.result)).toEqual({ data: { id: "001D000000IqhSLIAZ", success: true, errors: [] }, metadata: { id: "001D000000IqhSLIAZ" } });
    for (const id of ["crm_create_record", "crm_update_record"]) {
      const refused = await call(id, { ...crm(), sobject: "Account", ...(id === "crm_update_record" ? { recordId: "001D000000IqhSLIAZ" } : {}), fields: { Name: "Acme", ID: "001D000000IqhSLIAZ" } });
      expect(expectFailure(refused.result)).toMatchObject({ type: "validation", param: "fields", rule: "forbiddenKeys", message: expect.stringMatching(/^fields: must not contain "Id" \(in any case\): .*, got key "ID"$/) });
      expect(refused.calls).toHaveLength(0);
    }
  });

  it("update answers 204: data is {updated: true}, metadata.id the recordId", async () => {
    const r = await call("crm_update_record", { ...crm(), sobject: "Account", recordId: "001D000000IqhSLIAZ", fields: { BillingCity: "Paris" } });
    expect(expectSuccess(r.result)).toEqual({ data: { updated: true }, metadata: { id: "001D000000IqhSLIAZ" } });
  });

  it("get with fields sends ?fields=A,B (a comma-separated string)", async () => {
    const r = await call("crm_get_record", { ...crm(), sobject: "Account", recordId: "001D000000IqhSLIAZ", fields: "Name,Industry" });
    expect(r.calls[0].search).toBe("?fields=Name%2CIndustry");
  });

  it("errors are a JSON array of {message, errorCode}; 403 REQUEST_LIMIT_EXCEEDED is not retried", async () => {
    const r = await call("crm_query", { ...crm(), query: "SELECT Id FROM Account" }, { prefer: "code=403" });
    expect(expectFailure(r.result)).toMatchObject({ status: 403, code: "REQUEST_LIMIT_EXCEEDED", retryable: false });
    expect(r.calls).toHaveLength(1);
  });
});

describe("DECISIONS — Directory", () => {
  it("top → $top 1–999 (never clamped), filter → URL-encoded $filter", async () => {
    const r = await call("directory_list_users", { accessToken: GRAPH, top: 999, filter: "startsWith(displayName,'A&B')" });
    expect(r.calls[0].url.searchParams.get("$top")).toBe("999");
    expect(r.calls[0].url.searchParams.get("$filter")).toBe("startsWith(displayName,'A&B')");
    expect(expectFailure((await call("directory_list_users", { accessToken: GRAPH, top: 1000 })).result)).toMatchObject({ param: "top", rule: "maximum" });
  });

  it("userId is URL-encoded into the path (#EXT# → %23EXT%23); a UPN starting with $ uses /users('…')", async () => {
    const guest = await call("directory_get_user", { accessToken: GRAPH, userId: "ada_contoso.com#EXT#@fabrikam.onmicrosoft.com" });
    expect(guest.calls[0].url.pathname).toContain("%23EXT%23");
    const dollar = await call("directory_get_user", { accessToken: GRAPH, userId: "$admin@contoso.com" });
    expect(decodeURIComponent(dollar.calls[0].url.pathname)).toBe("/v1.0/users('$admin@contoso.com')");
  });

  it("create always sends accountEnabled (default true) and passwordProfile with forceChangePasswordNextSignIn: true; 201", async () => {
    const r = await call("directory_create_user", { accessToken: GRAPH, displayName: "Ada", mailNickname: "ada", userPrincipalName: "ada@contoso.com", password: "xWwvJ]6NMw+bWH-d" });
    expect(r.calls[0].body).toMatchObject({ accountEnabled: true, passwordProfile: { password: "xWwvJ]6NMw+bWH-d", forceChangePasswordNextSignIn: true } });
    expect(r.calls[0].status).toBe(201);
  });

  it("metadata.count is the number of items returned, not @odata.count", async () => {
    const r = await call("directory_list_users", { accessToken: GRAPH });
    const output = expectSuccess(r.result) as { data: unknown[]; metadata: { count: number } };
    expect(output.metadata.count).toBe(output.data.length);
  });

  it("advancedQuery sends ConsistencyLevel: eventual and $count=true", async () => {
    const r = await call("directory_list_groups", { accessToken: GRAPH, advancedQuery: true });
    expect(r.calls[0].headers.get("consistencylevel")).toBe("eventual");
    expect(r.calls[0].url.searchParams.get("$count")).toBe("true");
  });

  it("errors are {error: {code, message, innerError}}; 429 carries Retry-After", async () => {
    const r = await call("directory_list_users", { accessToken: GRAPH }, { prefer: "code=429", retries: 0 });
    expect(expectFailure(r.result)).toMatchObject({ status: 429, code: "TooManyRequests", retryAfterMs: 5000 });
  });
});

describe("DECISIONS — Document generation", () => {
  it("the generate body is nested on the wire; empty nested objects are omitted; textMode is always sent", async () => {
    const r = await call("docgen_generate", { ...generate, textTone: "crisp", imageSource: "aiGenerated", cardDimensions: "16x9" });
    expect(r.calls[0].body).toEqual({ inputText: "Decisions", textMode: "generate", format: "presentation", textOptions: { tone: "crisp" }, imageOptions: { source: "aiGenerated" }, cardOptions: { dimensions: "16x9" } });
  });

  it("folderIds 'a, b' → ['a', 'b'] (trimmed, empties dropped, at most 10)", async () => {
    const r = await call("docgen_generate", { ...generate, folderIds: " fld_a, ,fld_b " });
    expect(r.calls[0].body).toMatchObject({ folderIds: ["fld_a", "fld_b"] });
    const many = Array.from({ length: 11 }, (_, i) => `f${i}`).join(",");
    expect(expectFailure((await call("docgen_generate", { ...generate, folderIds: many })).result)).toMatchObject({ param: "folderIds", rule: "maxItems" });
  });

  it("from-template sends only gammaId, prompt, themeId, exportAs, folderIds and imageOptions.model/style", async () => {
    const r = await call("docgen_generate_from_template", { apiKey: GAMMA, gammaId: "g_1", prompt: "Adapt", themeId: "t_1", exportAs: "pdf", folderIds: "f_1", imageModel: "flux-2-pro", imageStyle: "warm" });
    expect(Object.keys(r.calls[0].body as object).sort()).toEqual(["exportAs", "folderIds", "gammaId", "imageOptions", "prompt", "themeId"]);
    expect(r.calls[0].body).toMatchObject({ imageOptions: { model: "flux-2-pro", style: "warm" } });
  });

  it("cardDimensions must fit format; a mismatch is refused with the valid values for that format", async () => {
    const r = await call("docgen_generate", { ...generate, format: "document", cardDimensions: "16x9" });
    expect(expectFailure(r.result).message).toBe('cardDimensions: must be one of fluid, pageless, letter, a4 when format is document, got "16x9"');
  });

  it("textLanguage is matched case-insensitively and sent lower-case; it must be a language code the upstream accepts", async () => {
    const r = await call("docgen_generate", { ...generate, textLanguage: "PT-BR" });
    expect(r.calls[0].body).toMatchObject({ textOptions: { language: "pt-br" } });
    expect(expectFailure((await call("docgen_generate", { ...generate, textLanguage: "klingon" })).result)).toMatchObject({ param: "textLanguage", rule: "enum" });
  });

  it("outputs: generationId; status with gammaUrl when completed; themes from data, hasMore, nextCursor only when not null", async () => {
    expect(expectSuccess((await call("docgen_generate", generate)).result)).toHaveProperty("generationId");
    const done = expectSuccess((await call("docgen_check_status", { apiKey: GAMMA, generationId: "abc123xyz" }, { prefer: "example=completed" })).result);
    expect(done).toMatchObject({ status: "completed", gammaUrl: expect.stringMatching(/^https:/) });
    const themes = expectSuccess((await call("docgen_list_themes", { apiKey: GAMMA }, { prefer: "example=lastPage" })).result);
    expect(themes).toHaveProperty("themes");
    expect(themes).not.toHaveProperty("nextCursor");
  });

  it("the credential goes in X-API-KEY; errors are {message, statusCode}; credit exhaustion is 402 or 403, not retried", async () => {
    const r = await call("docgen_list_themes", { apiKey: GAMMA }, { prefer: "code=401" });
    expect(r.calls[0].headers.get("x-api-key")).toBe(GAMMA);
    expect(expectFailure(r.result)).toMatchObject({ status: 401, message: "Invalid API key." });
    for (const code of [402, 403]) expect(expectFailure((await call("docgen_generate", generate, { prefer: `code=${code}` })).result)).toMatchObject({ retryable: false });
  });

  it("numCards: more than 60 needs the upstream's top plan, and the parameter says so", async () => {
    const { tools } = await import("./repo.js");
    expect(tools.docgen_generate.params.find((p) => p.name === "numCards")?.description).toMatch(/more than 60/);
  });
});

describe("DECISIONS — Enrichment", () => {
  it("the credential goes in X-Api-Key", async () => {
    const r = await call("persondata_company_enrich", { apiKey: PDL, website: "peopledatalabs.com" });
    expect(r.calls[0].headers.get("x-api-key")).toBe(PDL);
  });

  it("person enrich needs email, or name with company; company enrich needs one of name, website, ticker", async () => {
    expect(expectFailure((await call("persondata_person_enrich", { apiKey: PDL, name: "Sean Thorne" })).result)).toMatchObject({ rule: "anyOf" });
    expect(expectFailure((await call("persondata_company_enrich", { apiKey: PDL })).result)).toMatchObject({ rule: "anyOf" });
  });

  it("person search needs exactly one of query and sql; a query without a top-level query key is wrapped", async () => {
    expect(expectFailure((await call("persondata_person_search", { apiKey: PDL })).result)).toMatchObject({ rule: "exactlyOne" });
    const r = await call("persondata_person_search", { apiKey: PDL, query: { term: { job_title: "cto" } } });
    expect(r.calls[0].body).toMatchObject({ query: { query: { term: { job_title: "cto" } } } });
  });

  it("404 means no match: enrich → data null, metadata.status 404; search → data [], total 0; never retried", async () => {
    const enrich = await call("persondata_person_enrich", { apiKey: PDL, email: "nobody@example.com" }, { prefer: "code=404" });
    expect(expectSuccess(enrich.result)).toEqual({ data: null, metadata: { status: 404 } });
    const search = await call("persondata_person_search", { apiKey: PDL, sql: "SELECT * FROM person" }, { prefer: "code=404" });
    expect(expectSuccess(search.result)).toEqual({ data: [], metadata: { status: 404, total: 0 } });
    expect(search.calls).toHaveLength(1);
  });

  it("company enrich is flat: data is the company without status and likelihood, which go to metadata", async () => {
    const output = expectSuccess((await call("persondata_company_enrich", { apiKey: PDL, website: "peopledatalabs.com" })).result) as { data: Record<string, unknown>; metadata: Record<string, unknown> };
    expect(output.data).not.toHaveProperty("status");
    expect(output.data).not.toHaveProperty("likelihood");
    expect(output.metadata).toMatchObject({ status: 200, likelihood: expect.any(Number) });
  });

  it("errors are {status, error: {type, message}}", async () => {
    const r = await call("persondata_person_enrich", { apiKey: PDL, email: "sean@peopledatalabs.com" }, { prefer: "code=401" });
    expect(expectFailure(r.result)).toMatchObject({ status: 401, code: expect.any(String), message: expect.any(String) });
  });
});

describe("DECISIONS — Book catalog", () => {
  it("the API key travels as the key query parameter and is redacted from anything shown", async () => {
    const r = await call("books_search_volumes", { apiKey: BOOKS, q: "dune" });
    expect(r.calls[0].url.searchParams.get("key")).toBe(BOOKS);
    const failed = await call("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { prefer: "code=403" });
    expect(JSON.stringify(failed.result)).not.toContain(BOOKS);
  });

  it("search: items may be missing → data []; metadata.count counts items, totalItems is the estimate; maxResults defaults to 10", async () => {
    const r = await call("books_search_volumes", { apiKey: BOOKS, q: "zzzz" }, { prefer: "example=noItems" });
    expect(expectSuccess(r.result)).toMatchObject({ data: [], metadata: { count: 0 } });
    expect(r.calls[0].url.searchParams.get("maxResults")).toBe("10");
  });

  it("errors are {error: {code, message, errors[], status}}", async () => {
    const r = await call("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { prefer: "code=400" });
    expect(expectFailure(r.result)).toMatchObject({ status: 400, code: expect.any(String), message: expect.any(String) });
  });
});
