// Book catalog (Google Books v1) against its Prism mock.
import { describe, expect, it } from "vitest";
import {
  call,
  describeErrorStatuses,
  expectDocumentedShape,
  expectFailure,
  expectNoViolation,
  expectQueryKeys,
  expectSuccess,
  example,
  tool,
} from "../test-support/harness.js";

const KEY = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY";
const valid = {
  books_search_volumes: () => ({ apiKey: KEY, q: "intitle:dune inauthor:herbert" }),
  books_get_volume: () => ({ apiKey: KEY, volumeId: "zyTCAlFPjgYC" }),
};

// Google's envelope: {error: {code, message, errors: [{reason}], status}}.
const googleError = (body: unknown) => {
  const error = (body as { error: { status?: string; message: string; errors?: { reason: string }[] } }).error;
  return { code: error.status ?? error.errors?.[0]?.reason, message: error.message };
};

describe("books_search_volumes", () => {
  it("GETs /books/v1/volumes with q, the default maxResults and the key in the query", async () => {
    const { result, calls } = await call("books_search_volumes", valid.books_search_volumes());
    const output = expectSuccess(result) as { data: { id: string }[]; metadata: { totalItems: number; count: number } };
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/books/v1/volumes");
    expectQueryKeys(c, tool("books_search_volumes"), ["q", "maxResults", "key"]);
    expect(c.url.searchParams.get("q")).toBe("intitle:dune inauthor:herbert");
    expect(c.url.searchParams.get("maxResults")).toBe("10");
    expect(c.url.searchParams.get("key")).toBe(KEY);
    expect(c.headers.get("authorization")).toBeNull();
    const page = example("books", "searchVolumes", "200", "search") as { items: unknown[]; totalItems: number };
    expect(output.data).toEqual(page.items);
    expect(output.metadata).toEqual({ totalItems: page.totalItems, count: page.items.length });
    expectDocumentedShape(tool("books_search_volumes"), output);
  });

  it("sends an explicit maxResults", async () => {
    const { result, calls } = await call("books_search_volumes", { ...valid.books_search_volumes(), maxResults: 40 });
    expectSuccess(result);
    expect(calls[0]!.url.searchParams.get("maxResults")).toBe("40");
  });

  it('accepts maxResults given as text ("25")', async () => {
    const { result, calls } = await call("books_search_volumes", { ...valid.books_search_volumes(), maxResults: "25" });
    expectSuccess(result);
    expect(calls[0]!.url.searchParams.get("maxResults")).toBe("25");
  });

  it("with allPages, asks for the next page at startIndex = the volumes seen, until a page has none", async () => {
    const { result, calls } = await call(
      "books_search_volumes",
      { ...valid.books_search_volumes(), maxResults: 20 },
      {
        allPages: true,
        prefer: (request) => (new URL(request.url).searchParams.has("startIndex") ? "example=noItems" : undefined),
      },
    );
    const page = example("books", "searchVolumes", "200", "search") as { items: unknown[] };
    calls.forEach(expectNoViolation);
    expect(calls.map((c) => [...c.url.searchParams.keys()].join(","))).toEqual([
      "q,maxResults,key",
      "q,maxResults,startIndex,key",
    ]);
    expect(calls[1]!.url.searchParams.get("startIndex")).toBe(String(page.items.length));
    expect(calls[1]!.url.searchParams.get("key")).toBe(KEY);
    expect(result).toEqual({
      success: true,
      output: { data: page.items, metadata: { totalItems: 0, count: page.items.length } },
      pages: { count: 2, items: page.items.length, complete: true },
    });
  });

  it("maps a reply without items to data [] and count 0", async () => {
    const { result, calls } = await call("books_search_volumes", valid.books_search_volumes(), {
      prefer: "example=noItems",
    });
    expect(JSON.parse(calls[0]!.responseBody)).not.toHaveProperty("items");
    expect(expectSuccess(result)).toEqual({ data: [], metadata: { totalItems: 0, count: 0 } });
  });

  for (const [maxResults, rule] of [
    [41, "maximum"],
    [0, "minimum"],
    [2.5, "integer"],
    ["ten", "type"],
  ] as const) {
    it(`refuses maxResults ${JSON.stringify(maxResults)} before any request`, async () => {
      const { result, calls } = await call("books_search_volumes", { ...valid.books_search_volumes(), maxResults });
      expect(expectFailure(result)).toMatchObject({
        type: "validation",
        provider: "books",
        operation: "books_search_volumes",
        param: "maxResults",
        rule,
      });
      expect(calls).toHaveLength(0);
    });
  }

  it("names the rule and the value for maxResults 41", async () => {
    const { result } = await call("books_search_volumes", { ...valid.books_search_volumes(), maxResults: 41 });
    expect(expectFailure(result).message).toBe("maxResults: must be at most 40 (allowed: 1–40), got 41");
  });

  it("refuses a missing q", async () => {
    const { result, calls } = await call("books_search_volumes", { apiKey: KEY });
    expect(expectFailure(result)).toMatchObject({ param: "q", rule: "required", message: "q: is required" });
    expect(calls).toHaveLength(0);
  });
});

describe("books_get_volume", () => {
  it("GETs the volume with only the key in the query", async () => {
    const { result, calls } = await call("books_get_volume", valid.books_get_volume());
    const output = expectSuccess(result) as {
      data: { id: string; volumeInfo: { title: string } };
      metadata: { id: string };
    };
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/books/v1/volumes/zyTCAlFPjgYC");
    expectQueryKeys(c, tool("books_get_volume"), ["key"]);
    expect(c.url.searchParams.get("key")).toBe(KEY);
    expect(output.data.id).toBe("zyTCAlFPjgYC");
    expect(output.data.volumeInfo.title).toBe("The Google Story");
    expect(output.metadata).toEqual({ id: "zyTCAlFPjgYC" });
    expectDocumentedShape(tool("books_get_volume"), output);
  });

  it("URL-encodes the volume id into the path", async () => {
    const { calls } = await call("books_get_volume", { ...valid.books_get_volume(), volumeId: "a/b c" });
    expect(calls[0]!.url.pathname).toBe("/books/v1/volumes/a%2Fb%20c");
  });
});

describe("books secrets", () => {
  it("never show the API key in an upstream error", async () => {
    const { result } = await call("books_search_volumes", valid.books_search_volumes(), {
      prefer: "code=400",
      retries: 0,
    });
    const error = expectFailure(result);
    expect(error.status).toBe(400);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });
});

for (const id of Object.keys(valid) as (keyof typeof valid)[]) {
  describeErrorStatuses(id, valid[id], googleError);
}
