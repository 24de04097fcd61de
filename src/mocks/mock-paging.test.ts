// Paging on a mock (mock-paging.ts): every way a list pages, as published
// APIs do it, ends on the mock of a spec that answers with one static
// example — where the runtime used to stop with PAGINATION_LOOP (the same
// cursor again) or NEXT_PAGE_ELSEWHERE (the example's address on the real host).
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPages, fullSupport, type ToolSpec } from "@blockwright/runtime/internal";
import { linkProvider } from "../emit/link-provider.js";
import { startMocks, type MockServers } from "./mocks.js";

const specsDir = fileURLToPath(new URL("__fixtures__/mock-paging/", import.meta.url));
const root = fileURLToPath(new URL("__fixtures__/", import.meta.url));
const TOKEN = "test-token-0001";

let mocks: MockServers;
let tools: Map<string, ToolSpec>;
beforeAll(async () => {
  mocks = await startMocks(["pages"], { specsDir, root });
  tools = new Map((await linkProvider(root, `${specsDir}pages`)).ir.operations.map((o) => [o.tool.id, o.tool]));
});
afterAll(async () => {
  await mocks?.close();
});

/** Every request a call sends, as `METHOD path?query`, and its replies' bodies. */
function recording() {
  const sent: string[] = [];
  const bodies: string[] = [];
  const fetchFn = async (request: Request) => {
    const url = new URL(request.url);
    sent.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.body) bodies.push(await request.clone().text());
    return fetch(request);
  };
  return { sent, bodies, fetch: fetchFn };
}

async function allPages(id: string, params: Record<string, unknown>) {
  const tool = tools.get(id);
  if (!tool) throw new Error(`no tool ${id}`);
  const r = recording();
  const result = await collectPages(
    tool,
    { accessToken: TOKEN, ...params },
    { ...fullSupport, baseUrl: mocks.urls.pages, fetch: r.fetch },
  );
  return { result, ...r };
}

describe("paging on a mock: the example is the first page, then the list ends", () => {
  it("a cursor sent back in the query: the reply to the example's own cursor has an empty one", async () => {
    const { result, sent } = await allPages("pages_list_channels", {});
    expect(sent).toEqual(["GET /channels", "GET /channels?cursor=dGVhbTpDMDYxRkE1UEI%3D"]);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 4, complete: true } });
  });

  it("has_more with the last item's id sent back: has_more is false on the reply to that id", async () => {
    const { result, sent } = await allPages("pages_list_customers", { limit: 2 });
    expect(sent).toEqual(["GET /v1/customers?limit=2", "GET /v1/customers?limit=2&starting_after=cus_0002"]);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 4, complete: true } });
  });

  it(
    "a Link header naming the real host on another path: " + "moved to the request's own address, then no next",
    async () => {
      const { result, sent } = await allPages("pages_list_issues", { owner: "octo", repo: "hello" });
      expect(sent).toEqual(["GET /repos/octo/hello/issues", "GET /repos/octo/hello/issues?page=2"]);
      expect(result).toMatchObject({ success: true, pages: { count: 2, items: 2, complete: true } });
    },
  );

  it("a next address in the body on the real host: moved to the mock's origin, then emptied", async () => {
    const { result, sent } = await allPages("pages_list_items", {});
    expect(sent).toEqual(["GET /items", "GET /items?page_token=abc"]);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 6, complete: true } });
  });

  it("a cursor sent back in the request body: read there, and the reply to it has an empty one", async () => {
    const { result, bodies } = await allPages("pages_search", { query: "ada" });
    expect(bodies).toEqual(['{"query":"ada"}', '{"query":"ada","scroll_token":"104$14.278"}']);
    expect(result).toMatchObject({ success: true, pages: { count: 2, items: 2, complete: true } });
  });

  it("an offset at or past the example's items gets an empty page", async () => {
    const { result, sent } = await allPages("pages_list_books", {});
    expect(sent).toEqual(["GET /books", "GET /books?startIndex=2"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "b1" }, { id: "b2" }] },
      pages: { count: 2, items: 2, complete: true },
    });
  });

  it("a page number after the first gets an empty page", async () => {
    const { result, sent } = await allPages("pages_list_shelves", {});
    expect(sent).toEqual(["GET /shelves", "GET /shelves?page=2"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "s1" }, { id: "s2" }, { id: "s3" }] },
      pages: { count: 2, items: 3, complete: true },
    });
  });

  it("a page number with the reply's count of pages: it says 1, and the full page is the last asked for", async () => {
    const { result, sent } = await allPages("pages_list_racks", {});
    expect(sent).toEqual(["GET /racks"]);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "r1" }, { id: "r2" }] },
      pages: { count: 1, items: 2, complete: true },
    });
  });
});

describe("paging on a mock: the last page's next address is what its schema accepts", () => {
  const lastPage = async (path: string) =>
    (await (
      await fetch(`${mocks.urls.pages}${path}?page_token=abc`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as Record<string, unknown>;

  it("null where the field is a nullable URI (never an empty text, which format: uri refuses)", async () => {
    expect(await lastPage("/entries")).toEqual({ items: [{ id: "i1", name: "one" }], next_page_uri: null });
    expect((await allPages("pages_list_entries", {})).result).toMatchObject({
      success: true,
      pages: { count: 2, complete: true },
    });
  });

  it("left out where the field is an optional URI that may not be null", async () => {
    expect(await lastPage("/notes")).toEqual({ items: [{ id: "i1", name: "one" }] });
    expect((await allPages("pages_list_notes", {})).result).toMatchObject({
      success: true,
      pages: { count: 2, complete: true },
    });
  });

  it("an empty text where the field is a required text without a format", async () => {
    expect(await lastPage("/marks")).toEqual({ items: [{ id: "i1", name: "one" }], next_page_uri: "" });
  });
});

describe("paging on a mock: what stays as Prism answers it", () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${mocks.urls.pages}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } });

  it("a cursor the example would not give back is answered with the example", async () => {
    const body = (await (await get("/channels?cursor=another")).json()) as {
      response_metadata: { next_cursor: string };
    };
    expect(body.response_metadata.next_cursor).toBe("dGVhbTpDMDYxRkE1UEI=");
  });

  it("an offset inside the example's items is answered with the example", async () => {
    const body = (await (await get("/books?startIndex=1")).json()) as { items: unknown[] };
    expect(body.items).toHaveLength(2);
  });

  it("a reply other than 2xx is left alone", async () => {
    // Prism's own answer to a status the operation does not declare.
    const reply = await get("/channels?cursor=dGVhbTpDMDYxRkE1UEI%3D", { prefer: "code=401" });
    expect(reply.status).toBe(404);
    expect(await reply.json()).toMatchObject({ type: "https://stoplight.io/prism/errors#NOT_FOUND" });
  });

  it("the address of the next page names the mock, its Content-Length the rewritten body", async () => {
    const reply = await get("/items");
    const text = await reply.text();
    expect(JSON.parse(text).next).toBe(`${mocks.urls.pages}/items?page_token=abc`);
    expect(Number(reply.headers.get("content-length"))).toBe(Buffer.byteLength(text));
  });
});

describe("paging on a mock of a document whose server has a path", () => {
  it("the operation is found under the server's path (/api/channels), and the list ends", async () => {
    const based = await startMocks(["based"], { specsDir, root });
    try {
      const tool = (await linkProvider(root, `${specsDir}based`)).ir.operations
        .map((o) => o.tool)
        .find((t) => t.id === "based_list_channels");
      if (!tool) throw new Error("no tool based_list_channels");
      const r = recording();
      const result = await collectPages(
        tool,
        { accessToken: TOKEN },
        { cursors: fullSupport.cursors, baseUrl: based.urls.based, fetch: r.fetch },
      );
      expect(r.sent).toEqual(["GET /api/channels", "GET /api/channels?cursor=dGVhbTpDMDYxRkE1UEI%3D"]);
      expect(result).toMatchObject({ success: true, pages: { count: 2, items: 4, complete: true } });
    } finally {
      await based.close();
    }
  });
});
