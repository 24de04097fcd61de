// Rate limits and error details as the upstreams document them (issue 24;
// DECISIONS and the upstream facts): each provider's own rule, with a reply
// shaped as its documentation quotes it. Expected values are written out
// here, never read from the manifests: a manifest that drops a declaration
// fails its test.
import { describe, expect, it } from "vitest";
import { executeTool } from "../test-support/repo.js";
import { json, scriptedFetch } from "../test-support/runtime/scripted-fetch.js";

const PDL = "pdl-limits-key-0001";
const BOOKS = "AIzaLimitsKey0001";
const GAMMA = "sk-gamma-limits-0001";
const SF = "00Dlimits!token.0001";

// Google's 429 is RESOURCE_EXHAUSTED for a per-minute and a per-day quota alike; its ErrorInfo names the limit.
const googleQuota = (limit: string, perDay: boolean) => ({
  error: {
    code: 429,
    message:
      `Quota exceeded for quota metric 'Queries' and limit 'Queries per ${perDay ? "day" : "minute per user"}' ` +
      `of service 'books.googleapis.com'`,
    status: "RESOURCE_EXHAUSTED",
    errors: [{ reason: "rateLimitExceeded", domain: "global", message: "Quota exceeded" }],
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "RATE_LIMIT_EXCEEDED",
        domain: "googleapis.com",
        metadata: { quota_limit: limit, service: "books.googleapis.com" },
      },
    ],
  },
});

describe("rate limits as the upstreams document them", () => {
  it(
    "People Data Labs: a 429 with x-ratelimit-reset is not retried inside the window; the error carries the wait " +
      "to the reset",
    async () => {
      const before = Date.now();
      const reset = Math.ceil(before / 1000) + 45;
      const { fetch, seen } = scriptedFetch(
        json(
          429,
          {
            status: 429,
            error: { type: "rate_limit_error", message: "An error occurred due to requests hitting the API too quick" },
          },
          { "x-ratelimit-reset": String(reset) },
        ),
        json(200, { status: 200, likelihood: 9, data: {} }),
      );
      const result = await executeTool(
        "persondata_person_enrich",
        { apiKey: PDL, email: "sean@peopledatalabs.com" },
        { fetch },
      );
      const after = Date.now();
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({
        success: false,
        error: { status: 429, code: "rate_limit_error", retryable: true },
      });
      if (result.success) return;
      expect(result.error.retryAfterMs).toBeGreaterThanOrEqual(reset * 1000 - after);
      expect(result.error.retryAfterMs).toBeLessThanOrEqual(reset * 1000 - before);
    },
  );

  it(
    "Google Books: a 429 RESOURCE_EXHAUSTED for the daily quota is not retried, and says retryable: " + "false",
    async () => {
      const { fetch, seen } = scriptedFetch(
        json(429, googleQuota("defaultPerDayPerProject", true)),
        json(200, { kind: "books#volumes", totalItems: 0 }),
      );
      const result = await executeTool("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { fetch });
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({
        success: false,
        error: { status: 429, code: "RESOURCE_EXHAUSTED", retryable: false },
      });
    },
  );

  // The daily quota said otherwise (issue 28): in a reason of errors[] only, in the message only, or in an ErrorInfo
  // that is not details[0].
  for (const [label, error] of [
    [
      "its reason only in errors[] (dailyLimitExceeded)",
      {
        code: 429,
        message: "Daily Limit Exceeded. The quota will be reset at midnight Pacific Time (PT).",
        errors: [{ reason: "dailyLimitExceeded", domain: "usageLimits", message: "Daily Limit Exceeded" }],
      },
    ],
    [
      "its limit only in the message (limit 'Queries per day')",
      {
        code: 429,
        status: "RESOURCE_EXHAUSTED",
        message:
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service " +
          "'books.googleapis.com' for consumer 'project_number:1'.",
        errors: [{ reason: "rateLimitExceeded", domain: "global", message: "Quota exceeded" }],
      },
    ],
    [
      "its ErrorInfo after another entry of details[]",
      {
        ...googleQuota("defaultPerDayPerProject", true).error,
        message: "Quota exceeded",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.Help",
            links: [{ description: "Request a higher quota limit.", url: "https://cloud.google.com/docs/quota" }],
          },
          ...googleQuota("defaultPerDayPerProject", true).error.details,
        ],
      },
    ],
  ] as const) {
    it(`Google Books: the daily quota with ${label} is one attempt, retryable: false`, async () => {
      const { fetch, seen } = scriptedFetch(
        json(error.code, { error }, { "retry-after": "0" }),
        json(200, { kind: "books#volumes", totalItems: 0 }),
      );
      const result = await executeTool("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { fetch });
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({ success: false, error: { status: error.code, retryable: false } });
    });
  }

  it(
    "Google Books: the daily quota said only in a QuotaFailure detail is one attempt, retryable: false, saying " +
      "when it resets (issue 54, F3r)",
    async () => {
      const error = {
        code: 429,
        message: "Resource has been exhausted (e.g. check quota).",
        status: "RESOURCE_EXHAUSTED",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.QuotaFailure",
            violations: [
              {
                subject: "project:1",
                description: "Quota exceeded",
                quotaMetric: "books.googleapis.com/default",
                quotaId: "DefaultRequestsPerDayPerProject",
              },
            ],
          },
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "36000s" },
        ],
      };
      const { fetch, seen } = scriptedFetch(json(429, { error }), json(200, { kind: "books#volumes", totalItems: 0 }));
      const result = await executeTool("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { fetch });
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({
        success: false,
        error: {
          status: 429,
          code: "RESOURCE_EXHAUSTED",
          retryable: false,
          retryAfterMs: 36_000_000,
          message: error.message,
        },
      });
      expect(Date.parse((!result.success && result.error.resetsAt) || "")).toBeGreaterThan(Date.now() + 35_000_000);
    },
  );

  it("Google Books: a 429 RESOURCE_EXHAUSTED for a per-minute quota is retried like any 429", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, googleQuota("defaultPerMinutePerUser", false), { "retry-after": "0" }),
      json(200, { kind: "books#volumes", totalItems: 0 }),
    );
    const result = await executeTool("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { fetch });
    expect(seen).toHaveLength(2);
    expect(result.success).toBe(true);
  });

  it("Gamma: a 429 without Retry-After asks for Gamma's 30 s pause, not half a second; the error says so", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, { message: "Too many requests", statusCode: 429 }),
      json(200, { data: [], hasMore: false, nextCursor: null }),
    );
    const result = await executeTool("docgen_list_themes", { apiKey: GAMMA }, { fetch });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ success: false, error: { status: 429, retryable: true, retryAfterMs: 30_000 } });
  });

  it(
    "Salesforce: 403 REQUEST_LIMIT_EXCEEDED (the org's API limit) is not retried, and says " + "retryable: false",
    async () => {
      const { fetch, seen } = scriptedFetch(
        json(403, [{ message: "TotalRequests Limit exceeded.", errorCode: "REQUEST_LIMIT_EXCEEDED" }]),
      );
      const result = await executeTool(
        "crm_query",
        { apiKey: SF, instanceUrl: "https://acme.my.salesforce.com", query: "SELECT Id FROM Account" },
        { fetch },
      );
      expect(seen).toHaveLength(1);
      expect(result).toMatchObject({
        success: false,
        error: { status: 403, code: "REQUEST_LIMIT_EXCEEDED", retryable: false },
      });
    },
  );

  it("Microsoft Graph: a 429 waits for its Retry-After, in seconds", async () => {
    const { fetch, seen } = scriptedFetch(
      json(429, { error: { code: "TooManyRequests", message: "Too many requests" } }, { "retry-after": "120" }),
    );
    const result = await executeTool("directory_list_users", { accessToken: "graph-limits-token-0001" }, { fetch });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({
      success: false,
      error: { status: 429, code: "TooManyRequests", retryable: true, retryAfterMs: 120_000 },
    });
  });
});

describe("error details as the upstreams write them", () => {
  it("Salesforce: the fields of the first error, and every error of the array", async () => {
    const body = [
      { message: "Required fields are missing: [Name]", errorCode: "REQUIRED_FIELD_MISSING", fields: ["Name"] },
      {
        message: "Account ID: id value of incorrect type: 001900K0001pPuOAAU",
        errorCode: "MALFORMED_ID",
        fields: ["Id"],
      },
    ];
    const { fetch } = scriptedFetch(json(400, body));
    const result = await executeTool(
      "crm_create_record",
      {
        apiKey: SF,
        instanceUrl: "https://acme.my.salesforce.com",
        sobject: "Account",
        fields: { Industry: "Transport" },
      },
      { fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        status: 400,
        code: "REQUIRED_FIELD_MISSING",
        message: "Required fields are missing: [Name]",
        details: { fields: ["Name"], errors: body },
      },
    });
  });

  it("Microsoft Graph: the target and every entry of details[]", async () => {
    const body = {
      error: {
        code: "Request_BadRequest",
        message: "Another object with the same value for property userPrincipalName already exists.",
        target: "userPrincipalName",
        details: [{ code: "ObjectConflict", message: "Conflict", target: "userPrincipalName" }],
        innerError: { "request-id": "r-1", date: "2024-05-14T08:43:39" },
      },
    };
    const { fetch } = scriptedFetch(json(400, body));
    const result = await executeTool("directory_list_users", { accessToken: "graph-limits-token-0001" }, { fetch });
    expect(result).toMatchObject({
      success: false,
      error: {
        code: "Request_BadRequest",
        requestId: "r-1",
        details: { target: "userPrincipalName", errors: body.error.details },
      },
    });
  });

  it("Microsoft Graph: the innerError's date and client-request-id, which support asks for", async () => {
    const body = {
      error: {
        code: "Request_ResourceNotFound",
        message: "Resource 'x' does not exist.",
        innerError: { date: "2022-10-01T20:56:37", "request-id": "r-2", "client-request-id": "c-2" },
      },
    };
    const result = await executeTool(
      "directory_list_users",
      { accessToken: "graph-limits-token-0001" },
      { fetch: scriptedFetch(json(404, body)).fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: { requestId: "r-2", details: { date: "2022-10-01T20:56:37", clientRequestId: "c-2" } },
    });
  });

  it("Google Books: every entry of the error's details[] (ErrorInfo, Help, …), as sent", async () => {
    const error = {
      ...googleQuota("defaultPerMinutePerUser", false).error,
      details: [
        { "@type": "type.googleapis.com/google.rpc.Help", links: [] },
        ...googleQuota("defaultPerMinutePerUser", false).error.details,
      ],
    };
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: BOOKS, q: "dune" },
      { fetch: scriptedFetch(json(429, { error }, { "retry-after": "600" })).fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: { status: 429, retryable: true, details: { details: error.details, errors: error.errors } },
    });
  });

  it("Google Books: the first error's reason and domain, and every entry of errors[]", async () => {
    const errors = [
      { message: "API key not valid. Please pass a valid API key.", domain: "global", reason: "badRequest" },
      { message: "Invalid value", domain: "usageLimits", reason: "keyInvalid" },
    ];
    const { fetch } = scriptedFetch(
      json(400, {
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          errors,
          status: "INVALID_ARGUMENT",
        },
      }),
    );
    const result = await executeTool("books_search_volumes", { apiKey: BOOKS, q: "dune" }, { fetch });
    expect(result).toMatchObject({
      success: false,
      error: { code: "INVALID_ARGUMENT", details: { reason: "badRequest", domain: "global", errors } },
    });
  });

  it(
    "People Data Labs and Gamma: their error bodies hold a code and a message only, and no details " + "are made up",
    async () => {
      const pdl = await executeTool(
        "persondata_person_enrich",
        { apiKey: PDL, email: "a@b.co" },
        {
          fetch: scriptedFetch(
            json(400, { status: 400, error: { type: "invalid_request_error", message: "Bad input" } }),
          ).fetch,
        },
      );
      expect(pdl).toMatchObject({ success: false, error: { code: "invalid_request_error", message: "Bad input" } });
      const gamma = await executeTool(
        "docgen_list_themes",
        { apiKey: GAMMA },
        { fetch: scriptedFetch(json(400, { message: "Input validation errors", statusCode: 400 })).fetch },
      );
      expect(gamma).toMatchObject({ success: false, error: { message: "Input validation errors" } });
      for (const r of [pdl, gamma]) expect(r.success ? undefined : r.error.details).toBeUndefined();
    },
  );
});
