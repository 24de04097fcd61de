import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "./execute.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { executeTool, tools } from "../../test-support/runtime/packages.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";

const shelf = irFixture("shelf");
const tool = (id: string): ToolSpec => shelf.operations.find((o) => o.tool.id === id)!.tool;
const KEY = "shelf-key-7f3a9c2e51";

describe("request building", () => {
  it("renames query parameters, applies defaults and sends the credential header", async () => {
    const { fetch, seen } = scriptedFetch(
      json(200, { total: 1, value: [{ id: "b1", title: "Dune", state: "ready" }] }),
    );
    const result = await executeToolDefinition(
      tool("shelf_list_books"),
      { apiKey: KEY, shelfId: "fiction" },
      { fetch },
    );
    expect(result).toEqual({
      success: true,
      output: { data: [{ id: "b1", title: "Dune", state: "ready" }], metadata: { count: 1, total: 1 } },
    });
    expect(seen[0]!.method).toBe("GET");
    expect(seen[0]!.url).toBe("https://api.shelf.test/v2/shelves/fiction/books?$top=10");
    expect(seen[0]!.headers.get("x-shelf-key")).toBe(KEY);
  });

  it("adds a switch's constants only when it is true", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { total: 0 }));
    await executeToolDefinition(
      tool("shelf_list_books"),
      { apiKey: KEY, shelfId: "fiction", eventual: true, top: 5 },
      { fetch },
    );
    await executeToolDefinition(
      tool("shelf_list_books"),
      { apiKey: KEY, shelfId: "fiction", eventual: false },
      { fetch },
    );
    expect(new URL(seen[0]!.url).search).toBe("?$top=5&$count=true");
    expect(seen[0]!.headers.get("consistency")).toBe("eventual");
    expect(new URL(seen[1]!.url).search).toBe("?$top=10");
    expect(seen[1]!.headers.get("consistency")).toBeNull();
  });

  it("nests flat parameters at body pointers, splits lists, adds constants", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const result = await executeToolDefinition(
      tool("shelf_add_book"),
      {
        apiKey: KEY,
        shelfId: "fiction",
        title: "Dune",
        tags: " sf, classic,, desert ",
        format: "PAPER",
        size: "a4",
        meta: '{"isbn":"9780441013593"}',
      },
      { fetch },
    );
    expect(result).toEqual({ success: true, output: { bookId: "b9", state: "pending" } });
    expect(seen[0]!.method).toBe("POST");
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({
      title: "Dune",
      tags: ["sf", "classic", "desert"],
      meta: { isbn: "9780441013593" },
      options: { format: "paper", size: "a4", notify: true },
    });
  });

  it("omits nested objects nothing was placed in", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    await executeToolDefinition(tool("shelf_add_book"), { apiKey: KEY, shelfId: "s", title: "Dune" }, { fetch });
    expect(JSON.parse(seen[0]!.body)).toEqual({ title: "Dune", options: { format: "paper", notify: true } });
  });

  it("sends requests to the baseUrl override, trailing slashes stripped", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "t", state: "ready" }));
    await executeToolDefinition(
      tool("shelf_get_book"),
      { apiKey: KEY, bookId: "b 1/2" },
      { fetch, baseUrl: "http://127.0.0.1:9/" },
    );
    expect(seen[0]!.url).toBe("http://127.0.0.1:9/v2/books/b%201%2F2");
  });
});

describe("routes", () => {
  it("send a value matching a route's pattern to the route's operation, escaped", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "t", state: "ready" }));
    await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "$o'neil@shelf.test" }, { fetch });
    await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "o'neil" }, { fetch });
    expect(new URL(seen[0]!.url).pathname).toBe("/v2/books('%24o%27%27neil%40shelf.test')");
    expect(new URL(seen[1]!.url).pathname).toBe("/v2/books/o%27neil");
  });
});

describe("pre-flight validation", () => {
  const cases: [
    string,
    Record<string, unknown>,
    { param?: string; rule: string; message: string; expected?: string },
  ][] = [
    [
      "an unknown parameter",
      { shelfId: "s", topp: 3 },
      {
        param: "topp",
        rule: "unknown",
        message: "topp: not a parameter of shelf_list_books (parameters: apiKey, shelfId, top, eventual)",
      },
    ],
    [
      "a pattern",
      { shelfId: "Fiction!" },
      {
        param: "shelfId",
        rule: "pattern",
        expected: "^[a-z0-9-]+$",
        message: 'shelfId: must be a value matching ^[a-z0-9-]+$, got "Fiction!"',
      },
    ],
    [
      "a maximum",
      { shelfId: "s", top: 51 },
      { param: "top", rule: "maximum", message: "top: must be at most 50 (allowed: 1–50), got 51" },
    ],
    [
      "a non-number",
      { shelfId: "s", top: "many" },
      { param: "top", rule: "type", message: 'top: must be a number, got "many"' },
    ],
    [
      "a non-boolean",
      { shelfId: "s", eventual: "yes" },
      { param: "eventual", rule: "type", message: 'eventual: must be a boolean (true or false), got "yes"' },
    ],
  ];
  for (const [name, params, expected] of cases) {
    it(`refuses ${name} without sending anything`, async () => {
      const { fetch, seen } = scriptedFetch(json(200, {}));
      const result = await executeToolDefinition(tool("shelf_list_books"), { apiKey: KEY, ...params }, { fetch });
      expect(result).toEqual({
        success: false,
        error: { type: "validation", provider: "shelf", operation: "shelf_list_books", ...expected },
      });
      expect(seen).toHaveLength(0);
    });
  }

  it("refuses a value outside the values allowed by another parameter, listing them", async () => {
    const { fetch, seen } = scriptedFetch(json(201, {}));
    const result = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "s", title: "t", format: "paper", size: "legal" },
      { fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: { param: "size", rule: "enum", message: 'size: must be one of a4, letter, got "legal"' },
    });
    const ebook = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "s", title: "t", format: "ebook", size: "a4" },
      { fetch },
    );
    expect(ebook).toMatchObject({
      success: false,
      error: { param: "size", rule: "allowedValues", message: 'size: must be left out when format is ebook, got "a4"' },
    });
    expect(seen).toHaveLength(0);
  });

  it("refuses a key a JSON object must not contain, naming it", async () => {
    const { fetch, seen } = scriptedFetch(json(201, {}));
    const result = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "s", title: "t", meta: { id: "b1", isbn: "x" } },
      { fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        param: "meta",
        rule: "forbiddenKeys",
        message: 'meta: must not contain "id": the shelf assigns ids, got key "id"',
      },
    });
    expect(seen).toHaveLength(0);
  });

  it("applies limits that depend on another parameter's value", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "t", state: "pending" }));
    const long = "x".repeat(100);
    expect(
      (
        await executeToolDefinition(
          tool("shelf_add_book"),
          { apiKey: KEY, shelfId: "s", title: long, format: "paper" },
          { fetch },
        )
      ).success,
    ).toBe(true);
    const audio = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "s", title: long, format: "audio" },
      { fetch },
    );
    expect(audio).toMatchObject({
      success: false,
      error: {
        param: "title",
        rule: "dependentLimits",
        message: `title: must be at most 80 characters long (it has 100) when format is audio, got "${long}"`,
      },
    });
    expect(seen).toHaveLength(1);
  });

  it("refuses a list longer than its maximum", async () => {
    const { fetch, seen } = scriptedFetch(json(201, {}));
    const result = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "s", title: "t", tags: "a,b,c,d,e,f" },
      { fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        param: "tags",
        rule: "maxItems",
        message: 'tags: must list at most 5 items separated by "," (it lists 6), got "a,b,c,d,e,f"',
      },
    });
    expect(seen).toHaveLength(0);
  });

  it("reports every problem, the first one in the message", async () => {
    const result = await executeToolDefinition(
      tool("shelf_add_book"),
      { apiKey: KEY, shelfId: "S!", title: "" },
      { fetch: scriptedFetch(json(201, {})).fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        message: 'shelfId: must be a value matching ^[a-z0-9-]+$, got "S!" (and 1 more problem)',
        issues: [
          { param: "shelfId", rule: "pattern" },
          { param: "title", rule: "required" },
        ],
      },
    });
  });

  it("refuses an unknown operation id", async () => {
    const result = await executeTool("crm_delete_everything", {});
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", rule: "operation", operation: "crm_delete_everything" },
    });
  });

  it("rejects, never throws, for an operation id that is not text (executeTool is not an async function)", async () => {
    let thrown: unknown;
    let result: Promise<unknown> | undefined;
    try {
      result = executeTool(12 as unknown as "crm_get_record", {});
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeUndefined();
    await expect(result).rejects.toThrow(TypeError);
  });
});

describe("outputs", () => {
  it("uses a default when the field is absent and leaves out an absent optional output", async () => {
    const { fetch } = scriptedFetch(json(200, { total: 0 }));
    expect(await executeToolDefinition(tool("shelf_list_books"), { apiKey: KEY, shelfId: "s" }, { fetch })).toEqual({
      success: true,
      output: { data: [], metadata: { count: 0, total: 0 } },
    });
  });

  it("omits envelope keys from an object", async () => {
    const { fetch } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready", rank: 4 }));
    expect(await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch })).toEqual({
      success: true,
      output: { book: { id: "b1", title: "Dune", state: "ready" }, state: "ready" },
    });
  });

  it("turns a declared outcome status into a successful result", async () => {
    const { fetch } = scriptedFetch(json(404, { error: { code: "ShelfNotFound", message: "No shelf 'x'." } }));
    expect(await executeToolDefinition(tool("shelf_list_books"), { apiKey: KEY, shelfId: "x" }, { fetch })).toEqual({
      success: true,
      output: { data: [], metadata: { count: 0, total: 0 } },
    });
  });

  it("maps a 204 without a body through constants and parameters", async () => {
    const { fetch } = scriptedFetch(new Response(null, { status: 204 }));
    const result = await executeTool(
      "crm_update_record",
      {
        apiKey: "tok-123456",
        instanceUrl: "https://acme.my.salesforce.com",
        sobject: "Account",
        recordId: "001D000000IqhSLIAZ",
        fields: { Name: "x" },
      },
      { fetch },
    );
    expect(result).toEqual({
      success: true,
      output: { data: { updated: true }, metadata: { id: "001D000000IqhSLIAZ" } },
    });
  });

  it("reports a success body that is not JSON as an upstream error", async () => {
    // Said to be JSON: a body of another type is read as that type (call/answer-forms.test.ts).
    const { fetch } = scriptedFetch(
      new Response("<html>gateway</html>", { status: 200, headers: { "content-type": "application/json" } }),
    );
    expect(await executeToolDefinition(tool("shelf_get_book"), { apiKey: KEY, bookId: "b1" }, { fetch })).toMatchObject(
      {
        success: false,
        error: { type: "upstream", status: 200, code: "INVALID_JSON", retryable: false },
      },
    );
  });
});

describe("the registry", () => {
  it("exposes every generated tool by operation id", () => {
    for (const [id, t] of Object.entries(tools)) expect(t.id).toBe(id);
    expect(Object.keys(tools)).toEqual(
      expect.arrayContaining([
        "crm_create_record",
        "crm_query",
        "crm_update_record",
        "crm_get_record",
        "books_search_volumes",
        "books_get_volume",
      ]),
    );
  });
});

describe("base addresses", () => {
  // DECISIONS, General 5: the real addresses by default, the caller's instanceUrl for the CRM.
  const cases: [string, Record<string, unknown>, string][] = [
    ["directory_list_users", { accessToken: "graph-tok-123" }, "https://graph.microsoft.com/v1.0/users"],
    ["docgen_list_themes", { apiKey: "sk-gamma-1234" }, "https://public-api.gamma.app/v1.0/themes"],
    [
      "persondata_company_enrich",
      { apiKey: "pdl-key-1234", website: "peopledatalabs.com" },
      "https://api.peopledatalabs.com/v5/company/enrich?website=peopledatalabs.com",
    ],
    [
      "books_get_volume",
      { apiKey: "AIzaKey1234", volumeId: "zyTCAlFPjgYC" },
      "https://www.googleapis.com/books/v1/volumes/zyTCAlFPjgYC?key=AIzaKey1234",
    ],
    [
      "crm_get_record",
      {
        apiKey: "tok-123456",
        instanceUrl: "https://acme.my.salesforce.com/",
        sobject: "Account",
        recordId: "001D000000IqhSLIAZ",
      },
      "https://acme.my.salesforce.com/services/data/v59.0/sobjects/Account/001D000000IqhSLIAZ",
    ],
  ];
  for (const [id, params, url] of cases) {
    it(`${id} goes to ${new URL(url).origin} unless baseUrl says otherwise`, async () => {
      const { fetch, seen } = scriptedFetch(json(500, {}));
      await executeTool(id, params, { fetch, retries: 0 });
      await executeTool(id, params, { fetch, retries: 0, baseUrl: "http://127.0.0.1:4010" });
      expect(seen[0]!.url).toBe(url);
      expect(seen[1]!.url).toBe(url.replace(new URL(url).origin, "http://127.0.0.1:4010"));
    });
  }
});
