// A wire name, or a parameter's name, that every JavaScript object has as a member (`__proto__`, `constructor`,
// `toString`, `hasOwnProperty`): sent as any other name, by a call and by the typed client, a route's too. A plain
// record of a request's pairs took `__proto__` as its prototype (the pair dropped), and a route's wire map read
// `constructor` as Object's function where the route names no wire for the parameter.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import { callOf } from "../spec/tool-description.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { createProviderClient } from "./client.js";

const BASE = "https://api.zqmembers.test";
const param = (name: string, wire: object) => ({ name, type: "string", required: false, secret: false, wire });

// The test's own fields, its parameters' descriptions left out.
const tool = (fields: object): ToolSpec =>
  bareTool("zq_members", {
    operationId: "zqMembers",
    path: "/zqm/{__proto__}/{constructor}",
    server: { default: BASE, hosts: ["api.zqmembers.test"] },
    anonymous: true,
    ...fields,
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);

// Path, query and header values under wire names of Object's members, the parameters' own names plain.
const addressTool = tool({
  params: [
    param("zqPathProto", { in: "path", name: "__proto__" }),
    param("zqPathCtor", { in: "path", name: "constructor" }),
    param("zqQueryProto", { in: "query", name: "__proto__" }),
    param("zqQueryCtor", { in: "query", name: "constructor" }),
    param("zqQueryToString", { in: "query", name: "toString" }),
    param("zqHeaderProto", { in: "header", name: "__proto__" }),
    param("zqHeaderToString", { in: "header", name: "toString" }),
  ],
});
const addressValues = {
  zqPathProto: "p1",
  zqPathCtor: "p2",
  zqQueryProto: "q1",
  zqQueryCtor: "q2",
  zqQueryToString: "q3",
  zqHeaderProto: "h1",
  zqHeaderToString: "h2",
};

function sentPairs(seen: { url: string; headers: Headers }) {
  const url = new URL(seen.url);
  return {
    path: url.pathname,
    query: [...url.searchParams],
    headers: [seen.headers.get("__proto__"), seen.headers.get("toString")],
  };
}
const WANT = {
  path: "/zqm/p1/p2",
  query: [
    ["__proto__", "q1"],
    ["constructor", "q2"],
    ["toString", "q3"],
  ],
  headers: ["h1", "h2"],
};

describe("a wire name that every object has as a member", () => {
  it("is sent at its path, query and header place by a call", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const result = await executeToolDefinition(addressTool, addressValues, { fetch });
    expect(result).toMatchObject({ success: true });
    expect(seen.map(sentPairs)).toEqual([WANT]);
  });

  it("is sent at its path, query and header place by the typed client", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const call = callOf(addressTool);
    const client = createProviderClient<Record<string, never>>(
      call.auth,
      { baseUrl: BASE, credential: "zq-unused", fetch },
      { methods: { zqMembers: call }, support: fullSupport },
    );
    const get = client.GET as unknown as (path: string, init: object) => Promise<unknown>;
    const own = (entries: [string, string][]) => Object.fromEntries(entries);
    await get("/zqm/{__proto__}/{constructor}", {
      params: {
        path: own([
          ["__proto__", "p1"],
          ["constructor", "p2"],
        ]),
        query: own(WANT.query as [string, string][]),
        header: own([
          ["__proto__", "h1"],
          ["toString", "h2"],
        ]),
      },
    });
    expect(seen.map(sentPairs)).toEqual([WANT]);
  });

  it("is sent as a JSON body's field", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const bodyTool = tool({
      method: "POST",
      path: "/zqm",
      body: { mediaType: "application/json", encoding: "json" },
      params: [
        param("zqBodyProto", { in: "body", pointer: "/__proto__" }),
        param("constructor", { in: "body", pointer: "/constructor" }),
        param("toString", { in: "body", pointer: "/toString" }),
      ],
    });
    const values = { zqBodyProto: "b1", constructor: "b2", toString: "b3" };
    expect(await executeToolDefinition(bodyTool, values, { fetch })).toMatchObject({ success: true });
    expect(seen.map((s) => Object.entries(JSON.parse(s.body)))).toEqual([
      [
        ["__proto__", "b1"],
        ["constructor", "b2"],
        ["toString", "b3"],
      ],
    ]);
  });
});

describe("a parameter named like an object's member, of a tool with routes", () => {
  // The route names a wire for `zqKind` alone: the others keep their own.
  const routed = tool({
    path: "/zqm",
    params: [
      param("zqKind", { in: "query", name: "kind" }),
      param("constructor", { in: "query", name: "constructor" }),
      param("toString", { in: "header", name: "X-Zq-To" }),
      param("hasOwnProperty", { in: "query", name: "own" }),
    ],
    routes: [
      {
        when: { param: "zqKind", pattern: "^zq" },
        operationId: "zqMembersOfKind",
        method: "GET",
        path: "/zqkinds/{k}",
        wire: { zqKind: { in: "path", name: "k" } },
      },
    ],
  });

  it("is sent at its own place on the route, by a call and by the typed client", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const values = { zqKind: "zqa", constructor: "c1", toString: "t1", hasOwnProperty: "o1" };
    expect(await executeToolDefinition(routed, values, { fetch })).toMatchObject({ success: true });
    const call = callOf(routed);
    const client = createProviderClient<Record<string, never>>(
      call.auth,
      { baseUrl: BASE, credential: "zq-unused", fetch },
      { methods: { zqMembers: call }, support: fullSupport },
    );
    const get = client.GET as unknown as (path: string, init: object) => Promise<unknown>;
    await get("/zqkinds/{k}", {
      params: { path: { k: "zqa" }, query: { constructor: "c1", own: "o1" }, header: { "X-Zq-To": "t1" } },
    });
    // Left out by the caller: none sent (not Object's function, which the caller's plain record inherits).
    await get("/zqkinds/{k}", { params: { path: { k: "zqa" }, query: { own: "o1" } } });
    const want = [`${BASE}/zqkinds/zqa?constructor=c1&own=o1`, "t1"];
    expect(seen.map((s) => [s.url, s.headers.get("x-zq-to")])).toEqual([
      want,
      want,
      [`${BASE}/zqkinds/zqa?own=o1`, null],
    ]);
  });

  it("sends the page size it names on the route", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { data: [{ id: 1 }] }));
    const paged = tool({
      ...routed,
      params: [
        routed.params[0],
        { ...param("constructor", { in: "query", name: "limit" }), type: "number", maximum: 50 },
      ],
      pagination: {
        next: { style: "offset", send: { in: "query", name: "offset" }, start: 0 },
        items: ["data"],
        pageSize: "constructor",
      },
    });
    const result = await executeToolDefinition(paged, { zqKind: "zqa" }, { fetch, allPages: true });
    expect(result).toMatchObject({ success: true });
    expect(seen.map((s) => s.url)).toEqual([`${BASE}/zqkinds/zqa?limit=50`]);
  });

  it("is named as the one taking the bytes of a request head too large", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const limited = tool({ ...routed, server: { ...routed.server, requestHeadBytes: 600 } });
    const values = { zqKind: "zqa", constructor: "c".repeat(700) };
    const result = await executeToolDefinition(limited, values, { fetch });
    expect(result).toMatchObject({ success: false, error: { param: "constructor", rule: "requestSize" } });
    expect(seen).toHaveLength(0);
  });
});
