// The book catalog's DECISIONS, one test each, named after the rule it holds to (decisions.contract.test.ts has the
// general ones and names the files of the others): its key in the query and redacted, a search's missing items and
// counts, its errors. Expected values are written out here (or read from the spec's own examples), never from the
// manifests: breaking a rule in a manifest or spec fails the test that names it.
import { describe, expect, it } from "vitest";
import { call, example, expectFailure, expectNoViolation, expectSuccess } from "../test-support/harness.js";
import { BOOKS } from "./decisions-kit.js";

describe("DECISIONS — Book catalog", () => {
  it("the API key travels as the key query parameter and is redacted from anything shown", async () => {
    const r = await call("books_search_volumes", { apiKey: BOOKS, q: "dune" });
    expectNoViolation(r.calls[0]!);
    expect(r.calls[0]!.url.searchParams.getAll("key")).toEqual([BOOKS]);
    expect(r.calls[0]!.headers.get("authorization")).toBeNull();
    expect(r.calls[0]!.headers.get("x-goog-api-key")).toBeNull();
    for (const status of [400, 403, 429]) {
      const failed = await call(
        "books_search_volumes",
        { apiKey: BOOKS, q: "dune" },
        { prefer: `code=${status}`, retries: 0 },
      );
      expect(expectFailure(failed.result).status).toBe(status);
      expect(JSON.stringify(failed.result), String(status)).not.toContain(BOOKS);
    }
  });

  it(
    "search: items may be missing → data []; metadata.count counts items, totalItems is the estimate; maxResults " +
      "defaults to 10",
    async () => {
      const none = await call("books_search_volumes", { apiKey: BOOKS, q: "zzzz" }, { prefer: "example=noItems" });
      expect(JSON.parse(none.calls[0]!.responseBody)).not.toHaveProperty("items");
      expect(expectSuccess(none.result)).toEqual({ data: [], metadata: { count: 0, totalItems: 0 } });
      const r = await call("books_search_volumes", { apiKey: BOOKS, q: "dune" });
      expect(r.calls[0]!.url.searchParams.get("maxResults")).toBe("10");
      const page = example("books", "searchVolumes", "200", "search") as { items: unknown[]; totalItems: number };
      expect(page.totalItems).not.toBe(page.items.length);
      expect(expectSuccess(r.result)).toEqual({
        data: page.items,
        metadata: { count: page.items.length, totalItems: page.totalItems },
      });
    },
  );

  it("errors are {error: {code, message, errors[], status}}", async () => {
    const r = await call(
      "books_search_volumes",
      { apiKey: BOOKS, q: "dune" },
      { prefer: "code=400, example=keyInvalid" },
    );
    const { error: body } = example("books", "searchVolumes", "400", "keyInvalid") as {
      error: { code: number; message: string; status: string; errors: { reason: string }[] };
    };
    expect(body.code).toBe(400);
    expect(expectFailure(r.result)).toMatchObject({
      type: "upstream",
      provider: "books",
      status: 400,
      code: body.status,
      message: body.message,
      retryable: false,
    });
    const missing = await call("books_get_volume", { apiKey: BOOKS, volumeId: "nope" }, { prefer: "code=404" });
    const { error: notFound } = example("books", "getVolume", "404", "volumeNotFound") as {
      error: { message: string; status?: string; errors: { reason: string }[] };
    };
    expect(expectFailure(missing.result)).toMatchObject({
      status: 404,
      code: notFound.status ?? notFound.errors[0]!.reason,
      message: notFound.message,
    });
  });
});
