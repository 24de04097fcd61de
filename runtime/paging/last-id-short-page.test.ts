// Paging by the last item's id with no flag saying more remain (`{data, first_id, last_id}`, as add drafts it): the
// pages end on an empty one, so the last page was followed by one more request. A page shorter than the size its
// request named is the last; a request that named none still ends on the empty page (a short page may be the
// upstream's own size).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const plain = irFixture("zqpayments").operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const KEY = "sk_test_zq_lastid_4eC39HqLyjW";
const { more: _more, ...unflagged } = plain.pagination!;

/** The customers list paged by its last id (`data/-1/id` sent as `starting_after`), its `has_more` neither read nor output. */
const byLastId = (pageSize?: string): ToolSpec => ({
  ...plain,
  outputs: plain.outputs.filter((o) => o.path !== "metadata.hasMore"),
  pagination: { ...unflagged, ...(pageSize ? { pageSize } : {}) },
});

/** An upstream of `count` customers, `ownPage` a page where the request names no `limit`; each request noted. */
function upstream(count: number, ownPage: number) {
  return scriptedFetch((request) => {
    const url = new URL(request.url);
    const size = Number(url.searchParams.get("limit") ?? ownPage);
    const from = Number((url.searchParams.get("starting_after") ?? "cus_-1").slice(4)) + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(size, count - from)) }, (_, i) => from + i);
    return json(200, { object: "list", data: ids.map((n) => ({ id: `cus_${n}`, object: "customer" })) });
  });
}

const limits = (seen: readonly { url: string }[]) => seen.map((s) => new URL(s.url).searchParams.get("limit"));

describe("paging by the last id with no has_more", () => {
  it("ends on a page shorter than the largest size it asked for", async () => {
    expect(plain.pagination!.next).toMatchObject({ cursor: { expression: "$response.body#/data/-1/id" } });
    const { fetch, seen } = upstream(250, 10);
    const result = await executeToolDefinition(byLastId("limit"), { apiKey: KEY }, { fetch, allPages: true });
    expect(result).toMatchObject({ success: true, pages: { count: 3, items: 250, complete: true } });
    expect(limits(seen)).toEqual(["100", "100", "100"]);
  });

  it("ends on a page shorter than the size the caller gave, and after a full last page on the empty one", async () => {
    const short = upstream(100, 10);
    await executeToolDefinition(byLastId("limit"), { apiKey: KEY, limit: 30 }, { fetch: short.fetch, allPages: true });
    expect(limits(short.seen)).toEqual(["30", "30", "30", "30"]);
    const full = upstream(90, 10);
    const result = await executeToolDefinition(
      byLastId("limit"),
      { apiKey: KEY, limit: 30 },
      { fetch: full.fetch, allPages: true },
    );
    expect(result).toMatchObject({ success: true, pages: { count: 4, items: 90 } });
    expect(full.seen).toHaveLength(4);
  });

  it("still ends on the empty page where the request named no size", async () => {
    const { fetch, seen } = upstream(45, 20);
    const result = await executeToolDefinition(byLastId(), { apiKey: KEY }, { fetch, allPages: true });
    expect(result).toMatchObject({ success: true, pages: { count: 4, items: 45, complete: true } });
    expect(limits(seen)).toEqual([null, null, null, null]);
  });
});
