// Query arrays and objects as the spec's `style`/`explode` say, and no
// Content-Type without a body, on a fixture shaped like a form-encoded
// payments API (its `expand` a deepObject array): checked on the wire the
// runtime writes (src/mocks/wire-style.test.ts: the Prism mock reads it so).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const store = irFixture("store");
const tool = (id: string): ToolSpec => store.operations.find((o) => o.tool.id === id)!.tool;
const KEY = "sk_test_4eC39HqLyjWDarjt";

describe("query arrays and objects by the spec's style", () => {
  it("links each query parameter's style, leaving the default (form, exploded) out", () => {
    const wires = Object.fromEntries(tool("store_list_customers").params.map((p) => [p.name, p.wire]));
    expect(wires.expand).toEqual({ in: "query", name: "expand", encoding: { style: "deepObject", explode: true } });
    expect(wires.created).toEqual({ in: "query", name: "created", encoding: { style: "deepObject", explode: true } });
    expect(wires.tags).toEqual({ in: "query", name: "tags", encoding: { style: "form", explode: false } });
    expect(wires.ids).toEqual({ in: "query", name: "ids", encoding: { style: "pipeDelimited", explode: false } });
    expect(wires.limit).toEqual({ in: "query", name: "limit" });
  });

  it(
    "writes a deepObject array with indexed brackets, an object's keys in brackets, " +
      "form unexploded with commas between encoded items, pipeDelimited with pipes",
    async () => {
      const { fetch, seen } = scriptedFetch(json(200, { object: "list", data: [], has_more: false }));
      const params = {
        accessToken: KEY,
        expand: ["data.tax", "data.default_source"],
        created: { gte: 1700000000, lt: 1800000000 },
        tags: ["a", "b c"],
        ids: ["x", "y"],
        limit: 3,
      };
      expect(await executeToolDefinition(tool("store_list_customers"), params, { fetch })).toMatchObject({
        success: true,
      });
      expect(seen[0]!.url).toBe(
        "https://api.store.test/v1/customers?expand[0]=data.tax&expand[1]=data.default_source" +
          "&created[gte]=1700000000&created[lt]=1800000000&tags=a,b%20c&ids=x%7Cy&limit=3",
      );
    },
  );

  it("percent-encodes the keys an object brings, never letting one start another pair", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { object: "list", data: [], has_more: false }));
    await executeToolDefinition(
      tool("store_list_customers"),
      { accessToken: KEY, created: { "gte&admin=1": 5 } },
      { fetch },
    );
    expect(new URL(seen[0]!.url).search).toBe("?created[gte%26admin%3D1]=5");
  });
  it("escapes a key's own brackets, which raw would read as another level", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { object: "list", data: [], has_more: false }));
    await executeToolDefinition(
      tool("store_list_customers"),
      { accessToken: KEY, created: { "zq[gte]": 5, lt: 6 } },
      { fetch },
    );
    expect(new URL(seen[0]!.url).search).toBe("?created[zq%5Bgte%5D]=5&created[lt]=6");
  });

  it(
    "sends an exploded object's own __proto__ key as a " + "key like any other, never as the query's prototype",
    async () => {
      const { fetch, seen } = scriptedFetch(json(200, { object: "list", data: [], has_more: false }));
      const base = tool("store_list_customers");
      // The same tool with `created` in the query's default style (form, exploded): each key a pair of its own.
      const formCreated: ToolSpec = {
        ...base,
        params: base.params.map((p) => (p.name === "created" ? { ...p, wire: { in: "query", name: "created" } } : p)),
      };
      const created = JSON.parse('{"__proto__":"zq","gte":5}') as Record<string, unknown>;
      expect(await executeToolDefinition(formCreated, { accessToken: KEY, created }, { fetch })).toMatchObject({
        success: true,
      });
      expect(new URL(seen[0]!.url).search).toBe("?__proto__=zq&gte=5");
    },
  );
});

describe("no Content-Type without a body", () => {
  it("sends no body and no Content-Type when every form field came out empty (an empty list)", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "cus_1" }));
    expect(
      await executeToolDefinition(
        tool("store_create_customer"),
        { accessToken: KEY, preferred_locales: [], metadata: {} },
        { fetch },
      ),
    ).toMatchObject({ success: true });
    expect(seen[0]!.body).toBe("");
    expect(seen[0]!.headers.get("content-type")).toBeNull();
  });

  it("sends no Content-Type on a GET whose spec declares an empty form body", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { object: "list", data: [], has_more: false }));
    await executeToolDefinition(tool("store_list_customers"), { accessToken: KEY }, { fetch });
    expect(seen[0]!.body).toBe("");
    expect(seen[0]!.headers.get("content-type")).toBeNull();
  });

  it("sends a form with a field as the form media type", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { id: "cus_1" }));
    await executeToolDefinition(
      tool("store_create_customer"),
      { accessToken: KEY, preferred_locales: ["fr"], email: "a@b.test" },
      { fetch },
    );
    expect(seen[0]!.body).toBe("email=a%40b.test&preferred_locales%5B0%5D=fr");
    expect(seen[0]!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
  });
});
