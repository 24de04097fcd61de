// The general DECISIONS of the calls themselves (decisions.contract.test.ts has those of the inputs, and says how these
// tests are written): an upstream failure is one structured error shape, whatever the provider's error body, and a
// secret never appears in it, nor a key that travels in the query string; the CRM's base address is the caller's
// instanceUrl, the others' their upstream hosts, with version prefixes in the paths. Expected values are written out
// here (or read from the spec's own examples), never from the manifests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { call, example, expectFailure, expectSuccess, mockUrl, spec, tool } from "../test-support/harness.js";
import { executeTool, SPECS_DIR } from "../test-support/repo.js";
import { json, scriptedFetch } from "../test-support/runtime/scripted-fetch.js";
import { ACCOUNT_ID, BOOKS, crm, expectRefused, GAMMA, GRAPH, generate, PDL, SF } from "./decisions-kit.js";

describe("DECISIONS — General: failures and base addresses", () => {
  // Each provider's own error body, read here (not through the manifest's expressions).
  const failures: {
    id: string;
    params: Record<string, unknown>;
    status: number;
    name: string;
    secret: string;
    read: (body: unknown) => { code?: string; message: string };
    retryable: boolean;
    requestIdHeader?: string;
  }[] = [
    {
      id: "books_search_volumes",
      params: { apiKey: BOOKS, q: "dune" },
      status: 400,
      name: "keyInvalid",
      secret: BOOKS,
      read: (b) => ({
        code: (b as { error: { status: string } }).error.status,
        message: (b as { error: { message: string } }).error.message,
      }),
      retryable: false,
    },
    {
      id: "crm_query",
      params: { ...crm(), query: "SELECT Id FROM Account" },
      status: 403,
      name: "requestLimitExceeded",
      secret: SF,
      read: (b) => ({
        code: (b as { errorCode: string }[])[0]!.errorCode,
        message: (b as { message: string }[])[0]!.message,
      }),
      retryable: false,
    },
    {
      id: "directory_list_users",
      params: { accessToken: GRAPH },
      status: 429,
      name: "throttled",
      secret: GRAPH,
      read: (b) => (b as { error: { code: string; message: string } }).error,
      retryable: true,
      requestIdHeader: "request-id",
    },
    {
      id: "persondata_person_enrich",
      params: { apiKey: PDL, email: "sean@peopledatalabs.com" },
      status: 401,
      name: "invalidKey",
      secret: PDL,
      read: (b) => ({
        code: (b as { error: { type: string } }).error.type,
        message: (b as { error: { message: string } }).error.message,
      }),
      retryable: false,
    },
    {
      id: "docgen_generate",
      params: generate,
      status: 500,
      name: "generationError",
      secret: GAMMA,
      read: (b) => ({ message: (b as { message: string }).message }),
      retryable: false,
      requestIdHeader: "x-request-id",
    },
  ];

  it(
    "4. Upstream failures are one structured error shape (provider, operation, status, code, message, request " +
      "id, retryable), and a secret never appears in it",
    async () => {
      for (const f of failures) {
        const t = tool(f.id);
        const r = await call(f.id, f.params, { prefer: `code=${f.status}, example=${f.name}`, retries: 0 });
        expect(r.calls).toHaveLength(1);
        expect(r.calls[0]!.status).toBe(f.status);
        const body = example(t.provider, t.operationId, String(f.status), f.name);
        expect(JSON.parse(r.calls[0]!.responseBody), `${f.id}: the mock answered the example asked for`).toEqual(body);
        const { code, message } = f.read(body);
        const error = expectFailure(r.result);
        const required = [
          "type",
          "provider",
          "operation",
          "status",
          "message",
          "retryable",
          ...(code !== undefined ? ["code"] : []),
          ...(f.requestIdHeader ? ["requestId"] : []),
        ];
        expect(Object.keys(error), f.id).toEqual(expect.arrayContaining(required));
        expect(error, f.id).toMatchObject({
          type: "upstream",
          provider: t.provider,
          operation: f.id,
          status: f.status,
          message,
          retryable: f.retryable,
        });
        // Gamma's body has no error code: none is invented.
        expect(error.code, f.id).toBe(code);
        if (f.requestIdHeader) expect(error.requestId, f.id).toBe(r.calls[0]!.responseHeaders.get(f.requestIdHeader));
        expect(JSON.stringify(r.result), f.id).not.toContain(f.secret);
      }
    },
  );

  it(
    "4. (query-string key) A key that travels in the query string never appears in an error, even one that " +
      "quotes the request address",
    async () => {
      const failing = async (request: Request): Promise<Response> => {
        throw new TypeError(`fetch failed: ${request.url}`);
      };
      const result = await executeTool(
        "books_search_volumes",
        { apiKey: BOOKS, q: "dune" },
        { baseUrl: mockUrl("books"), fetch: failing, retries: 0 },
      );
      const error = expectFailure(result);
      expect(error).toMatchObject({ type: "network", provider: "books", operation: "books_search_volumes" });
      // The address is quoted (so this is a real test of redaction), without the key.
      expect(error.message).toContain("/books/v1/volumes?q=dune");
      expect(JSON.stringify(result)).not.toContain(BOOKS);
    },
  );

  it(
    "5. Base addresses: the CRM uses the caller's instanceUrl (https; http for loopback; trailing slashes " +
      "stripped; no path, query or credentials)",
    async () => {
      const base = { ...crm(), sobject: "Account", recordId: ACCOUNT_ID };
      const loopback = await call("crm_get_record", { ...base, instanceUrl: `${mockUrl("crm")}//` });
      expectSuccess(loopback.result);
      expect(`${loopback.calls[0]!.url.origin}${loopback.calls[0]!.url.pathname}`).toBe(
        `${mockUrl("crm")}/services/data/v59.0/sobjects/Account/${ACCOUNT_ID}`,
      );
      for (const [instanceUrl, message] of [
        [
          "http://acme.my.salesforce.com",
          'instanceUrl: must use https (http is allowed only for loopback hosts), got "http://acme.my.salesforce.com"',
        ],
        [
          "https://acme.my.salesforce.com?x=1",
          'instanceUrl: must not contain a query or fragment, got "https://acme.my.salesforce.com?x=1"',
        ],
      ] as const) {
        expectRefused(await call("crm_get_record", { ...base, instanceUrl }), "instanceUrl", "format", message);
      }
      // No path at all: an org's instance is a host of its own (the manifest's pattern on instanceUrl).
      for (const instanceUrl of ["https://acme.my.salesforce.com/zq", "https://acme.my.salesforce.com/services"]) {
        const pathed = await call("crm_get_record", { ...base, instanceUrl });
        expectRefused(pathed, "instanceUrl", "pattern", expect.stringContaining(`without a path`));
      }
      // Credentials withheld whatever else the address breaks (its length too).
      for (const instanceUrl of [
        "https://admin:hunter2secret@acme.my.salesforce.com",
        `https://admin:hunter2secret@acme.my.salesforce.com/${"a".repeat(255)}`,
      ]) {
        const withCredentials = await call("crm_get_record", { ...base, instanceUrl });
        expect(withCredentials.calls).toHaveLength(0);
        expect(expectFailure(withCredentials.result)).toMatchObject({
          type: "validation",
          param: "instanceUrl",
          rule: "format",
        });
        expect(JSON.stringify(withCredentials.result)).not.toContain("hunter2secret");
      }
    },
  );

  it(
    "5. Base addresses: the others default to their upstream hosts (overridable per call); version prefixes live " +
      "in the paths, not in servers",
    async () => {
      for (const [id, params, host, prefix, reply] of [
        [
          "directory_list_users",
          { accessToken: GRAPH },
          "https://graph.microsoft.com",
          "/v1.0/",
          json(200, { value: [] }),
        ],
        [
          "docgen_list_themes",
          { apiKey: GAMMA },
          "https://public-api.gamma.app",
          "/v1.0/",
          json(200, { data: [], hasMore: false, nextCursor: null }),
        ],
        [
          "persondata_company_enrich",
          { apiKey: PDL, website: "peopledatalabs.com" },
          "https://api.peopledatalabs.com",
          "/v5/",
          json(404, {
            status: 404,
            error: { type: "not_found", message: "No records were found matching your request" },
          }),
        ],
        [
          "books_search_volumes",
          { apiKey: BOOKS, q: "dune" },
          "https://www.googleapis.com",
          "/books/v1/",
          json(200, { kind: "books#volumes", totalItems: 0 }),
        ],
      ] as const) {
        const { fetch, seen } = scriptedFetch(reply);
        expectSuccess(await executeTool(id, params, { fetch, retries: 0 }));
        expect(seen, id).toHaveLength(1);
        expect(new URL(seen[0]!.url).origin, id).toBe(host);
        expect(new URL(seen[0]!.url).pathname.startsWith(prefix), `${seen[0]!.url} starts with ${prefix}`).toBe(true);
        const provider = tool(id).provider;
        for (const op of spec(provider).operations.values())
          expect(op.path.startsWith(prefix), `${provider} ${op.path}`).toBe(true);
        const servers: { url: string }[] = parse(
          readFileSync(join(SPECS_DIR, provider, "openapi.yaml"), "utf8"),
        ).servers;
        expect(
          servers.map((s) => new URL(s.url).pathname),
          `${provider} servers`,
        ).toEqual(servers.map(() => "/"));
      }
      for (const op of spec("crm").operations.values())
        expect(op.path.startsWith("/services/data/v59.0/"), op.path).toBe(true);
    },
  );
});
