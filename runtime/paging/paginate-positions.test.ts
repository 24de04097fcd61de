// Paging by where the next page is asked for, past a cursor of the last item and the Link header
// (paginate.test.ts): a next address in the body, an offset, a page number, a cursor sent in the body.
import { describe, expect, it } from "vitest";
import { executeTool, tools } from "../../test-support/runtime/packages.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

describe("a next address in the body", () => {
  const INSTANCE = "https://acme.my.salesforce.com";
  const batch = (ids: string[], next?: string) =>
    json(200, {
      totalSize: 3,
      done: !next,
      ...(next ? { nextRecordsUrl: next } : {}),
      records: ids.map((Id) => ({ Id })),
    });
  const crmQuery = { apiKey: "00D-session-token", instanceUrl: INSTANCE, query: "SELECT Id FROM Account" };

  it("relative to the instance: GET it there until done is true", async () => {
    const { fetch, seen } = scriptedFetch(
      batch(["001A", "001B"], "/services/data/v59.0/query/01gD0000002HU6KIAW-2000"),
      batch(["001C"]),
    );
    const result = await executeTool("crm_query", crmQuery, { fetch, allPages: true });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${INSTANCE}/services/data/v59.0/query?q=SELECT%20Id%20FROM%20Account`,
      `GET ${INSTANCE}/services/data/v59.0/query/01gD0000002HU6KIAW-2000`,
    ]);
    expect(seen[1]!.headers.get("authorization")).toBe("Bearer 00D-session-token");
    expect(result).toEqual({
      success: true,
      output: { data: [{ Id: "001A" }, { Id: "001B" }, { Id: "001C" }], metadata: { totalSize: 3, done: true } },
      pages: { count: 2, items: 3, complete: true },
    });
  });

  it("absolute: sent as given, with the request's headers again", async () => {
    const next =
      "https://graph.microsoft.com/v1.0/users?$top=2&$count=true&$filter=accountEnabled%20ne%20false" +
      "&$skiptoken=RFNwdAIAAQAA";
    const { fetch, seen } = scriptedFetch(
      json(200, { value: [{ id: "u1" }, { id: "u2" }], "@odata.nextLink": next }),
      json(200, { value: [{ id: "u3" }] }),
    );
    const result = await executeTool(
      "directory_list_users",
      { accessToken: "graph-token-1234", top: 2, filter: "accountEnabled ne false", advancedQuery: true },
      { fetch, allPages: true },
    );
    expect(seen[1]!.url).toBe(next);
    expect(seen[1]!.headers.get("consistencylevel")).toBe("eventual");
    expect(seen[1]!.headers.get("authorization")).toBe("Bearer graph-token-1234");
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "u1" }, { id: "u2" }, { id: "u3" }], metadata: { count: 3 } },
    });
  });

  it("with a query-string credential: the key is sent once, the upstream's echo of it replaced", async () => {
    const queryAuth: ToolSpec = {
      ...structuredClone(tools.crm_query!),
      auth: { type: "query", name: "key", param: "apiKey" },
    };
    const { fetch, seen } = scriptedFetch(
      batch(["001A"], "/services/data/v59.0/query/01g-2000?key=stale-key&x=1"),
      batch(["001B"]),
    );
    await executeToolDefinition(queryAuth, crmQuery, { fetch, allPages: true });
    expect(seen[1]!.url).toBe(`${INSTANCE}/services/data/v59.0/query/01g-2000?x=1&key=00D-session-token`);
  });
});

describe("an offset", () => {
  const volumes = (ids: string[]) =>
    json(200, { kind: "books#volumes", totalItems: 1873, ...(ids.length ? { items: ids.map((id) => ({ id })) } : {}) });

  it("is the number of items seen so far, until a page has none", async () => {
    const { fetch, seen } = scriptedFetch(volumes(["v1", "v2"]), volumes(["v3"]), volumes([]));
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: "AIzaBooksKey123", q: "dune", maxResults: 2 },
      { fetch, allPages: true },
    );
    expect(seen.map((s) => new URL(s.url).search)).toEqual([
      "?q=dune&maxResults=2&key=AIzaBooksKey123",
      "?q=dune&maxResults=2&startIndex=2&key=AIzaBooksKey123",
      "?q=dune&maxResults=2&startIndex=3&key=AIzaBooksKey123",
    ]);
    expect(result).toEqual({
      success: true,
      output: { data: [{ id: "v1" }, { id: "v2" }, { id: "v3" }], metadata: { count: 3, totalItems: 1873 } },
      pages: { count: 3, items: 3, complete: true },
    });
  });
});

describe("a page number", () => {
  // The books tool paged by page number instead: `startIndex` carries the page's number.
  const books = structuredClone(tools.books_search_volumes!);
  const { default: _default, ...size } = books.params.find((p) => p.name === "maxResults")!;
  const byPage: ToolSpec = {
    ...books,
    params: [
      ...books.params,
      { ...size, name: "page", minimum: 1, maximum: 1000, wire: { in: "query", name: "startIndex" } },
    ],
    pagination: {
      ...books.pagination!,
      next: { style: "page", send: { in: "query", name: "startIndex" }, start: 1, param: "page" },
    },
  };
  const volumes = (ids: string[]) =>
    json(200, { kind: "books#volumes", totalItems: 1873, ...(ids.length ? { items: ids.map((id) => ({ id })) } : {}) });

  it("is the first page's number plus one per page, until a page has none", async () => {
    const { fetch, seen } = scriptedFetch(volumes(["v1", "v2"]), volumes(["v3", "v4"]), volumes([]));
    const result = await executeToolDefinition(
      byPage,
      { apiKey: "AIzaBooksKey123", q: "dune", maxResults: 2 },
      { fetch, allPages: true },
    );
    expect(seen.map((s) => new URL(s.url).searchParams.get("startIndex"))).toEqual([null, "2", "3"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "v1" }, { id: "v2" }, { id: "v3" }, { id: "v4" }], metadata: { count: 4 } },
      pages: { count: 3, items: 4, complete: true },
    });
  });

  it("starts from the caller's own page number", async () => {
    const { fetch, seen } = scriptedFetch(volumes(["v5"]), volumes([]));
    await executeToolDefinition(byPage, { apiKey: "AIzaBooksKey123", q: "dune", page: 5 }, { fetch, allPages: true });
    expect(seen.map((s) => new URL(s.url).searchParams.get("startIndex"))).toEqual(["5", "6"]);
  });
});

describe("a cursor sent in the body", () => {
  it("goes back at its pointer, the rest of the body unchanged, until total records came", async () => {
    const page = (ids: string[], token: string) =>
      json(200, { status: 200, data: ids.map((id) => ({ id })), total: 3, scroll_token: token });
    const { fetch, seen } = scriptedFetch(page(["p1", "p2"], "1117$12.1"), page(["p3"], "1117$13.9"));
    const result = await executeTool(
      "persondata_person_search",
      { apiKey: "pdl-key-12345678", sql: "SELECT * FROM person", size: 2 },
      { fetch, allPages: true },
    );
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      { sql: "SELECT * FROM person", size: 2 },
      { sql: "SELECT * FROM person", size: 2, scroll_token: "1117$12.1" },
    ]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "p1" }, { id: "p2" }, { id: "p3" }], metadata: { total: 3 } },
      pages: { count: 2, items: 3, complete: true },
    });
  });
});
