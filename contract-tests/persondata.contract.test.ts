// Data enrichment (People Data Labs v5) against its Prism mock.
import { describe, expect, it } from "vitest";
import {
  example as specExample,
  call,
  describeErrorStatuses,
  expectDocumentedShape,
  expectFailure,
  expectNoViolation,
  expectQueryKeys,
  expectSuccess,
  tool,
} from "../test-support/harness.js";

const KEY = "pdl_live_8f2c9a71d4e64b3c";
const valid = {
  persondata_person_enrich: () => ({ apiKey: KEY, email: "sean@peopledatalabs.com" }),
  persondata_company_enrich: () => ({ apiKey: KEY, website: "peopledatalabs.com" }),
  persondata_person_search: () => ({ apiKey: KEY, sql: "SELECT * FROM person WHERE job_company_website='stripe.com'" }),
};

// PDL errors: {status, error: {type, message}}.
const pdlError = (body: unknown) => {
  const error = (body as { error: { type: string; message: string } }).error;
  return { code: error.type, message: error.message };
};
const example = (operationId: string, status: string, name: string) =>
  specExample("persondata", operationId, status, name);

describe("persondata_person_enrich", () => {
  it("GETs /v5/person/enrich with X-Api-Key and maps the envelope", async () => {
    const { result, calls } = await call("persondata_person_enrich", {
      ...valid.persondata_person_enrich(),
      min_likelihood: 6,
    });
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/v5/person/enrich");
    expectQueryKeys(c, tool("persondata_person_enrich"), ["email", "min_likelihood"]);
    expect(c.url.searchParams.get("email")).toBe("sean@peopledatalabs.com");
    expect(c.url.searchParams.get("min_likelihood")).toBe("6");
    expect(c.headers.get("x-api-key")).toBe(KEY);
    const body = example("personEnrich", "200", "match") as { data: unknown; likelihood: number };
    expect(output).toEqual({ data: body.data, metadata: { status: 200, likelihood: body.likelihood } });
    expectDocumentedShape(tool("persondata_person_enrich"), output);
  });

  it("accepts name with company instead of an email", async () => {
    const { result, calls } = await call("persondata_person_enrich", {
      apiKey: KEY,
      name: "Sean Thorne",
      company: "peopledatalabs.com",
    });
    expectSuccess(result);
    expectQueryKeys(calls[0]!, tool("persondata_person_enrich"), ["name", "company"]);
  });

  for (const [params, given] of [
    [{ name: "Sean Thorne" }, "only name"],
    [{ company: "peopledatalabs.com" }, "only company"],
    [{}, "none of them"],
  ] as const) {
    it(`refuses ${given} before any request`, async () => {
      const { result, calls } = await call("persondata_person_enrich", { apiKey: KEY, ...params });
      expect(expectFailure(result)).toMatchObject({
        type: "validation",
        rule: "anyOf",
        message: `persondata_person_enrich needs email or name with company, got ${given}`,
      });
      expect(calls).toHaveLength(0);
    });
  }

  for (const [value, rule] of [
    [0, "minimum"],
    [11, "maximum"],
    [5.5, "integer"],
  ] as const) {
    it(`refuses min_likelihood ${value} (${rule})`, async () => {
      const { result, calls } = await call("persondata_person_enrich", {
        ...valid.persondata_person_enrich(),
        min_likelihood: value,
      });
      expect(expectFailure(result)).toMatchObject({ param: "min_likelihood", rule });
      expect(calls).toHaveLength(0);
    });
  }

  it("reports 404 as a successful no-match: data null, metadata.status 404", async () => {
    const { result, calls } = await call("persondata_person_enrich", valid.persondata_person_enrich(), {
      prefer: "code=404",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.status).toBe(404);
    expect(expectSuccess(result)).toEqual({ data: null, metadata: { status: 404 } });
  });
});

describe("persondata_company_enrich", () => {
  it("GETs /v5/company/enrich and lifts status and likelihood out of the flat record", async () => {
    const { result, calls } = await call("persondata_company_enrich", {
      ...valid.persondata_company_enrich(),
      name: "People Data Labs",
      ticker: "PDL",
    });
    const output = expectSuccess(result) as {
      data: Record<string, unknown>;
      metadata: { status: number; likelihood: number };
    };
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.url.pathname).toBe("/v5/company/enrich");
    expectQueryKeys(c, tool("persondata_company_enrich"), ["name", "website", "ticker"]);
    expect(c.headers.get("x-api-key")).toBe(KEY);
    const { status, likelihood, ...company } = example("companyEnrich", "200", "match") as Record<string, unknown>;
    expect(output.data).toEqual(company);
    expect(output.data).not.toHaveProperty("status");
    expect(output.data).not.toHaveProperty("likelihood");
    expect(output.metadata).toEqual({ status, likelihood });
    expectDocumentedShape(tool("persondata_company_enrich"), output);
  });

  it("refuses a call with none of name, website, ticker", async () => {
    const { result, calls } = await call("persondata_company_enrich", { apiKey: KEY });
    expect(expectFailure(result)).toMatchObject({
      rule: "anyOf",
      message: "persondata_company_enrich needs name, website or ticker, got none of them",
    });
    expect(calls).toHaveLength(0);
  });

  it("reports 404 as a successful no-match", async () => {
    const { result } = await call("persondata_company_enrich", valid.persondata_company_enrich(), {
      prefer: "code=404",
    });
    expect(expectSuccess(result)).toEqual({ data: null, metadata: { status: 404 } });
  });
});

describe("persondata_person_search", () => {
  it("POSTs the SQL with the default size and maps data and total", async () => {
    const { result, calls } = await call("persondata_person_search", valid.persondata_person_search());
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("POST");
    expect(c.url.pathname).toBe("/v5/person/search");
    expectQueryKeys(c, tool("persondata_person_search"), []);
    expect(c.headers.get("x-api-key")).toBe(KEY);
    expect(c.body).toEqual({ sql: "SELECT * FROM person WHERE job_company_website='stripe.com'", size: 1 });
    const body = example("personSearch", "200", "results") as { data: unknown[]; total: number };
    expect(output).toEqual({ data: body.data, metadata: { status: 200, total: body.total } });
    expectDocumentedShape(tool("persondata_person_search"), output);
  });

  it("sends a query object that has its own query key as it is", async () => {
    const query = { query: { bool: { must: [{ term: { location_country: "mexico" } }] } } };
    const { result, calls } = await call("persondata_person_search", { apiKey: KEY, query, size: 10 });
    expectSuccess(result);
    expectNoViolation(calls[0]!);
    expect(calls[0]!.body).toEqual({ query, size: 10 });
  });

  it("wraps a bare query object as {query: …}, parsing JSON text", async () => {
    const bare = { bool: { must: [{ term: { job_company_website: "stripe.com" } }] } };
    const { result, calls } = await call("persondata_person_search", { apiKey: KEY, query: JSON.stringify(bare) });
    expectSuccess(result);
    expect(calls[0]!.body).toEqual({ query: { query: bare }, size: 1 });
  });

  it("refuses both query and sql, and neither", async () => {
    const both = await call("persondata_person_search", {
      ...valid.persondata_person_search(),
      query: { query: { match_all: {} } },
    });
    expect(expectFailure(both.result)).toMatchObject({
      rule: "exactlyOne",
      message: "exactly one of query, sql is required, got query and sql",
    });
    const neither = await call("persondata_person_search", { apiKey: KEY });
    expect(expectFailure(neither.result)).toMatchObject({
      rule: "exactlyOne",
      message: "exactly one of query, sql is required, got none",
    });
    expect([...both.calls, ...neither.calls]).toHaveLength(0);
  });

  it("refuses a query that is not a JSON object", async () => {
    const { result, calls } = await call("persondata_person_search", { apiKey: KEY, query: "[1, 2]" });
    expect(expectFailure(result)).toMatchObject({ param: "query", rule: "jsonType" });
    expect(calls).toHaveLength(0);
  });

  it("reports 404 as a successful empty result: data [], total 0, status 404", async () => {
    const { result, calls } = await call("persondata_person_search", valid.persondata_person_search(), {
      prefer: "code=404",
    });
    expect(calls[0]!.status).toBe(404);
    expect(expectSuccess(result)).toEqual({ data: [], metadata: { status: 404, total: 0 } });
  });

  it("with allPages, sends scroll_token back in the same body; a 404 (no more records) ends the pages", async () => {
    const { result, calls } = await call(
      "persondata_person_search",
      { ...valid.persondata_person_search(), size: 10 },
      { allPages: true, prefer: (_, i) => (i > 0 ? "code=404" : undefined) },
    );
    const page = example("personSearch", "200", "results") as { data: unknown[]; scroll_token: string; total: number };
    calls.forEach(expectNoViolation);
    expect(calls.map((c) => c.body)).toEqual([
      { sql: valid.persondata_person_search().sql, size: 10 },
      { sql: valid.persondata_person_search().sql, size: 10, scroll_token: page.scroll_token },
    ]);
    // The other outputs are the last 2xx page's: the 404 only ended the pages.
    expect(result).toEqual({
      success: true,
      output: { data: page.data, metadata: { status: 200, total: page.total } },
      pages: { count: 2, items: page.data.length, complete: true },
    });
  });

  it("never retries a no-match", async () => {
    const { calls } = await call("persondata_company_enrich", valid.persondata_company_enrich(), {
      prefer: "code=404",
    });
    expect(calls).toHaveLength(1);
  });
});

for (const id of Object.keys(valid) as (keyof typeof valid)[]) {
  describeErrorStatuses(id, valid[id], pdlError, { outcomes: [404] });
}
