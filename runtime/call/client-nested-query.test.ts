// A query value the tools write as JSON text (a parameter with `content: application/json`) or with brackets may hold
// lists and objects inside. openapi-fetch writes the query before any middleware runs, and its writer throws on a
// value nested in another ("Deeply-nested arrays/objects aren't supported"): the typed client refused a call the tool
// sends. The tools' writer writes those values; openapi-fetch's still writes (and refuses) the ones no tool names.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import { callOf } from "../spec/tool-description.js";
import { createProviderClient } from "./client.js";

const BASE = "https://api.zqnested.test";
const jsonQuery = (name: string, jsonType: string) => ({
  name,
  type: "json",
  jsonType,
  required: false,
  secret: false,
  wire: { in: "query", name, encoding: { style: "form", explode: true, json: true } },
});
const tool = bareTool("zq_nodes", {
  operationId: "zqNodes",
  path: "/zqnodes",
  server: { default: BASE, hosts: ["api.zqnested.test"] },
  anonymous: true,
  params: [jsonQuery("zqwhere", "array"), jsonQuery("zqquery", "object")],
} as never);
const values = {
  zqwhere: [{ zqattr: "host name", zqvalue: "a&b=c+d/é" }],
  zqquery: { zqjoin: "or", zqwhere: [] },
};
// Each value as its JSON text, percent-encoded (a query parameter's `content`: RFC 3986 for the text of its type).
const WANT =
  `${BASE}/zqnodes?zqwhere=${encodeURIComponent(JSON.stringify(values.zqwhere))}` +
  `&zqquery=${encodeURIComponent(JSON.stringify(values.zqquery))}`;

function typedClient(fetch: ReturnType<typeof scriptedFetch>["fetch"]) {
  const client = createProviderClient<Record<string, never>>(
    callOf(tool).auth,
    { baseUrl: BASE, credential: "zq-unused", fetch },
    { methods: { zqNodes: callOf(tool) }, support: fullSupport },
  );
  return client.GET as unknown as (path: string, init: object) => Promise<{ response: Response }>;
}

describe("a JSON query value holding lists and objects", () => {
  it("is sent as its JSON text by a call", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    expect(await executeToolDefinition(tool, values, { fetch })).toMatchObject({ success: true });
    expect(seen.map((s) => s.url)).toEqual([WANT]);
  });

  it("is sent as the call sends it by the typed client, not refused by openapi-fetch's writer", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const { response } = await typedClient(fetch)("/zqnodes", { params: { query: values } });
    expect(response.status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual([WANT]);
  });

  it("is sent as the call sends it by the typed client where it is a list field of a deepObject", async () => {
    const field = {
      name: "zqids",
      type: "json",
      jsonType: "array",
      required: false,
      secret: false,
      wire: {
        in: "query",
        name: "zqfilter[id]",
        of: { name: "zqfilter", field: "id" },
        encoding: { style: "deepObject", explode: true },
      },
    };
    const deep = bareTool("zq_leagues", {
      operationId: "zqLeagues",
      path: "/zqleagues",
      server: tool.server,
      anonymous: true,
      params: [field],
    } as never);
    const { fetch, seen } = scriptedFetch(json(200, {}), json(200, {}));
    expect(await executeToolDefinition(deep, { zqids: [3, 4] }, { fetch })).toMatchObject({ success: true });
    const client = createProviderClient<Record<string, never>>(
      callOf(deep).auth,
      { baseUrl: BASE, credential: "zq-unused", fetch },
      { methods: { zqLeagues: callOf(deep) }, support: fullSupport },
    );
    const get = client.GET as unknown as (path: string, init: object) => Promise<{ response: Response }>;
    expect((await get("/zqleagues", { params: { query: { zqfilter: { id: [3, 4] } } } })).response.status).toBe(200);
    const [byCall, byClient] = seen.map((s) => s.url);
    expect(byClient).toBe(byCall);
    expect(new URL(byCall ?? "").searchParams.getAll("zqfilter[id][1]")).toEqual(["4"]);
  });

  it("is still refused by openapi-fetch's writer where no tool names it, on a bound operation or another", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    for (const path of ["/zqnodes", "/zqunbound"]) {
      const sent = typedClient(fetch)(path, { params: { query: { zqother: { zqinner: [1] } } } });
      await expect(sent).rejects.toThrow(/Deeply-nested arrays\/objects/);
    }
    expect(seen).toEqual([]);
  });
});
