// An operation whose security is `[]` takes no credential: its tool's calls send none (credential.ts
// `sendsNoCredential`). The typed client placed the provider's credential on every request, that operation's too (an
// authorize link answered by a redirect elsewhere got the API key in its Authorization header).
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import type { AuthSpec } from "../spec/auth-types.js";
import { callOf } from "../spec/tool-description.js";
import { createProviderClient } from "./client.js";

const BASE = "https://api.zqanon.test";
const KEY = "zq-key-0123456789";
const query = { name: "zqstate", type: "string", required: false, secret: false, wire: { in: "query", name: "state" } };
const key = { name: "apiKey", type: "string", required: false, secret: true, wire: { in: "auth" } };

/** A tool of provider zq at `path` taking its key as `auth`, `anonymous` when its operation takes none. */
const tool = (id: string, path: string, auth: AuthSpec, anonymous: boolean) =>
  bareTool(id, {
    path,
    auth,
    ...(anonymous ? { anonymous: true } : {}),
    server: { default: BASE, hosts: ["api.zqanon.test"] },
    params: [key, query],
  } as never);

const WAYS: [string, AuthSpec, (r: { url: string; headers: Headers }) => unknown][] = [
  ["a bearer token", { type: "bearer", param: "apiKey" }, (r) => r.headers.get("authorization")],
  ["a key header", { type: "header", name: "X-Zq-Key", param: "apiKey" }, (r) => r.headers.get("x-zq-key")],
  ["a key query parameter", { type: "query", name: "zqkey", param: "apiKey" }, (r) => new URL(r.url).search],
  [
    "a key header sent as a query parameter too",
    { type: "header", name: "X-Zq-Key", param: "apiKey", alsoSends: [{ in: "query", name: "zqalso" }] },
    (r) => [r.headers.get("x-zq-key"), new URL(r.url).search],
  ],
];

describe.each(WAYS)("an operation that takes no credential, beside one that takes %s", (_, auth, sent) => {
  const open = tool("zq_authorize", "/zqauthorize", auth, true);
  const guarded = tool("zq_list", "/zqlist", auth, false);

  it("gets none from a call, the other operation its key", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}), json(200, {}));
    for (const t of [open, guarded])
      expect(await executeToolDefinition(t, { apiKey: KEY, zqstate: "s1" }, { fetch })).toMatchObject({
        success: true,
      });
    expect(seen.map(sent).map((v) => String(v).includes(KEY))).toEqual([false, true]);
  });

  it("gets none from the typed client either, the other operation its key", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}), json(200, {}));
    const client = createProviderClient<Record<string, never>>(
      auth,
      { baseUrl: BASE, credential: KEY, fetch },
      { methods: { zqAuthorize: callOf(open), zqList: callOf(guarded) }, support: fullSupport },
    );
    const get = client.GET as unknown as (path: string, init: object) => Promise<{ response: Response }>;
    for (const path of ["/zqauthorize", "/zqlist"])
      expect((await get(path, { params: { query: { state: "s1" } } })).response.status).toBe(200);
    expect(seen.map(sent).map((v) => String(v).includes(KEY))).toEqual([false, true]);
    expect(seen.map((r) => new URL(r.url).searchParams.get("state"))).toEqual(["s1", "s1"]);
  });
});
