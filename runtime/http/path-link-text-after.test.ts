// A link (wire.multiSegment `reserved`, `as-given`) whose path template goes on after it (`/{scope}/providers/…`,
// a scope a resource manager takes as given): its value's `?` started the address's query before that text, so the
// request went to `/zqsubs/1?zqa=1/providers/zq.Thing/items&zqpage=2` (the text a part of the query's value). RFC
// 6570's reserved expansion writes it so, and OpenAPI holds a path value to no "?": where text follows, a value with
// one is refused before any request, naming the parameter, the rule and the value; one that ends the path keeps its
// own query.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import { createProviderClient } from "../call/client.js";
import { callOf } from "../spec/tool-description.js";
import type { MultiSegment } from "../spec/param-types.js";
import type { ToolSpec } from "../spec/tool-types.js";

const BASE = "https://api.zqscopes.test";

function scopedTool(kind: MultiSegment, path: string): ToolSpec {
  return bareTool("zq_list_things", {
    operationId: "zqListThings",
    path,
    auth: { type: "header", name: "X-Zq-Key", param: "apiKey" },
    server: { default: BASE, hosts: ["api.zqscopes.test"] },
    params: [
      { name: "apiKey", type: "string", required: true, secret: true, wire: { in: "auth" } },
      {
        name: "scope",
        type: "string",
        required: true,
        secret: false,
        wire: { in: "path", name: "scope", multiSegment: kind },
      },
      { name: "zqpage", type: "number", required: false, secret: false, wire: { in: "query", name: "zqpage" } },
    ],
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);
}

async function call(kind: MultiSegment, path: string, scope: string) {
  const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
  const params = { apiKey: "zq-key-0123456789", scope, zqpage: 2 };
  const result = await executeToolDefinition(scopedTool(kind, path), params, { fetch });
  return { result, seen };
}

describe("a link whose path template goes on after it", () => {
  it("sends a value without '?' as it is, the text after it, then the query", async () => {
    for (const kind of ["reserved", "as-given"] as const) {
      const { seen } = await call(kind, "/{scope}/providers/zq.Thing/items", "zqsubs/1/zqgroups/g 1");
      expect(seen.map((s) => s.url)).toEqual([`${BASE}/zqsubs/1/zqgroups/g%201/providers/zq.Thing/items?zqpage=2`]);
    }
  });

  it("refuses a value with '?' before any request, naming the parameter, the text after it and the value", async () => {
    for (const kind of ["reserved", "as-given"] as const) {
      const { result, seen } = await call(kind, "/{scope}/providers/zq.Thing/items", "zqsubs/1?zqa=1");
      expect(seen, kind).toEqual([]);
      expect(result, kind).toMatchObject({
        success: false,
        error: { type: "validation", param: "scope", rule: "pathSegment" },
      });
      expect(!result.success && result.error.message, kind).toMatch(
        new RegExp(
          String.raw`^scope: must not hold "\?" here: .*the path goes on after it ` +
            String.raw`\("/providers/zq\.Thing/items"\).*, got "zqsubs/1\?zqa=1"$`,
        ),
      );
    }
  });

  it("keeps a value's own query where the value ends the path", async () => {
    const { seen } = await call("reserved", "/zqv1/{scope}", "zqsubs/1?zqa=1");
    expect(seen.map((s) => s.url)).toEqual([`${BASE}/zqv1/zqsubs/1?zqa=1&zqpage=2`]);
  });

  // A resource id is written with its leading `/` (`/zqsubs/1/…`), the form the document's own words give it in: it
  // was refused as an empty first segment (`//` reads as a host), where AutoRest's clients join the two `/`.
  it("joins an as-given value's leading '/' with the template's: one '/', by a call and the typed client", async () => {
    const { seen, result } = await call("as-given", "/{scope}/providers/zq.Thing/items", "/zqsubs/1/zqgroups/g 1");
    expect(result).toMatchObject({ success: true });
    expect(seen.map((s) => s.url)).toEqual([`${BASE}/zqsubs/1/zqgroups/g%201/providers/zq.Thing/items?zqpage=2`]);
    const tool = callOf(scopedTool("as-given", "/{scope}/providers/zq.Thing/items"));
    const typed = scriptedFetch(json(200, { ok: true }));
    const client = createProviderClient<Record<string, never>>(
      tool.auth,
      { baseUrl: BASE, credential: "zq-key-0123456789", fetch: typed.fetch },
      { methods: { zqListThings: tool }, support: fullSupport },
    );
    const get = client.GET as unknown as (path: string, init: object) => Promise<unknown>;
    await get("/{scope}/providers/zq.Thing/items", { params: { path: { scope: "/zqsubs/1" } } });
    expect(typed.seen.map((s) => s.url)).toEqual([`${BASE}/zqsubs/1/providers/zq.Thing/items`]);
  });

  it("still refuses an empty segment after the join, a reserved value's leading '/' (RFC 6570: //)", async () => {
    const cases: [MultiSegment, string, string][] = [
      ["as-given", "/{scope}/providers/zq.Thing/items", "//zqhost/x"],
      ["as-given", "/zqv1-{scope}/items", "/zqsubs/1"],
      ["reserved", "/{scope}/providers/zq.Thing/items", "/zqsubs/1"],
    ];
    for (const [kind, path, scope] of cases) {
      const { result, seen } = await call(kind, path, scope);
      expect(seen, scope).toEqual([]);
      expect(!result.success && result.error.message, scope).toMatch(/^scope: must not be or hold a segment "", /);
    }
  });

  it("is refused alike by the typed client (create<Provider>Client's wire middleware), nothing sent", async () => {
    const tool = callOf(scopedTool("reserved", "/{scope}/providers/zq.Thing/items"));
    const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
    const client = createProviderClient<Record<string, never>>(
      tool.auth,
      { baseUrl: BASE, credential: "zq-key-0123456789", fetch },
      { methods: { zqListThings: tool }, support: fullSupport },
    );
    const get = client.GET as unknown as (path: string, init: object) => Promise<unknown>;
    const sent = get("/{scope}/providers/zq.Thing/items", { params: { path: { scope: "zqsubs/1?zqa=1" } } });
    await expect(sent).rejects.toThrow(/^scope: must not hold "\?" here: .*\/providers\/zq\.Thing\/items/);
    expect(seen).toEqual([]);
  });
});
