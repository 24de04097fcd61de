// A path value that is a link of the service's (wire.multiSegment `reserved`, RFC 6570's `{+name}`; `as-given`,
// AutoRest's `x-ms-skip-url-encoding`), as it goes on the wire: its reserved characters as they are, so that its own
// query is a query and not one path segment (a value's `?` sent as %3F was a resource nobody has), its triples kept,
// anything else encoded; a `#`, a dot segment (percent-encoded too) refused before any request, naming the parameter,
// the rule and the value; a whole address followed only on the call's own origin and under its base path.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { MultiSegment } from "../spec/param-types.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { reservedExpanded } from "./path-link.js";

const BASE = "https://api.zqlinks.test/zqbase";
const KEY = "zq-key-0123456789";

/** GET /zqv2/{link} on BASE, the key in a header, a query parameter `zqpage` beside the link. */
function linkTool(kind: MultiSegment): ToolSpec {
  return bareTool("zq_follow", {
    operationId: "zqFollow",
    path: "/zqv2/{link}",
    auth: { type: "header", name: "X-Zq-Key", param: "apiKey" },
    server: { default: BASE, hosts: ["api.zqlinks.test"] },
    params: [
      { name: "apiKey", type: "string", required: true, secret: true, wire: { in: "auth" } },
      {
        name: "link",
        type: "string",
        required: true,
        secret: false,
        wire: { in: "path", name: "link", multiSegment: kind },
      },
      { name: "zqpage", type: "number", required: false, secret: false, wire: { in: "query", name: "zqpage" } },
    ],
  } as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);
}

async function call(kind: MultiSegment, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
  const result = await executeToolDefinition(linkTool(kind), { apiKey: KEY, ...params }, { fetch });
  return { result, seen };
}

describe("a path value that is a link (multiSegment reserved, as-given)", () => {
  it("sends its reserved characters as they are: its own query is a query, its triples kept", async () => {
    for (const kind of ["reserved", "as-given"] as const) {
      const { seen } = await call(kind, { link: "a/b?c=1&d=%2F", zqpage: 2 });
      expect(seen.map((s) => s.url)).toEqual([`${BASE}/zqv2/a/b?c=1&d=%2F&zqpage=2`]);
      const url = new URL(seen[0]!.url);
      expect(url.pathname).toBe("/zqbase/zqv2/a/b");
      expect([...url.searchParams]).toEqual([
        ["c", "1"],
        ["d", "/"],
        ["zqpage", "2"],
      ]);
    }
  });

  it("is one segment's text still for a file path (multiSegment true): its ? & = encoded", async () => {
    const { seen } = await call(true, { link: "a/b?c=1&d=%2F" });
    expect(seen[0]!.url).toBe(`${BASE}/zqv2/a/b%3Fc%3D1%26d%3D%252F`);
  });

  it("percent-encodes what is neither reserved nor unreserved: a space, non-ASCII, a % of no triple", async () => {
    const { seen } = await call("as-given", { link: "zq docs/café/50%?q=a b" });
    expect(seen[0]!.url).toBe(`${BASE}/zqv2/zq%20docs/caf%C3%A9/50%25?q=a%20b`);
    expect(reservedExpanded("a\\b")).toBe("a%5Cb");
    expect(reservedExpanded("[::1]:8/@!$'()*+,;=")).toBe("[::1]:8/@!$'()*+,;=");
  });

  it("refuses a '#', a dot segment before its query (percent-encoded too), an empty one, unsent", async () => {
    const cases: [MultiSegment, string, RegExp][] = [
      [
        "reserved",
        "a/b#frag",
        /^link: must not hold "#": its reserved characters are sent as they are .*fragment.*, got "a\/b#frag"$/,
      ],
      ["as-given", "a/../../zqadmin", /^link: must not be or hold a segment "", "." or ".." before its query \(".."/],
      ["as-given", "a/%2e%2E/zqadmin", /segment "", "." or ".." before its query \("%2e%2E", segment 2\).*as-given/],
      ["reserved", "./a", /segment "", "." or ".."/],
      ["as-given", "//zqadmin", /segment "", "." or ".." before its query \("", segment 1\)/],
      ["as-given", "https://api.zqlinks.test/zqbase/../zqadmin", /segment "." or ".." before its query/],
    ];
    for (const [kind, link, message] of cases) {
      const { result, seen } = await call(kind, { link });
      expect(seen, link).toEqual([]);
      expect(result, link).toMatchObject({ success: false, error: { type: "validation", param: "link" } });
      expect(!result.success && result.error.message, link).toMatch(message);
    }
  });

  it("keeps dots and slashes that are no dot segment, and a query's own '..' and '/'", async () => {
    const { seen } = await call("reserved", { link: "a/..b/c.d?next=../x/./y" });
    expect(seen[0]!.url).toBe(`${BASE}/zqv2/a/..b/c.d?next=../x/./y`);
  });

  it("goes to a whole address (as-given) only on the call's own origin and under its base path", async () => {
    const own = `${BASE}/zqv2/zqrepo/uploads/7?zqstate=a1`;
    const { seen } = await call("as-given", { link: own, zqpage: 3 });
    expect(seen.map((s) => s.url)).toEqual([`${own}&zqpage=3`]);
    expect(seen[0]!.headers.get("x-zq-key")).toBe(KEY);
    const refusals: [string, RegExp][] = [
      [
        "https://zqevil.test/zqbase/x?k=1",
        new RegExp(
          "^link: is an address at https://zqevil\\.test, not at the call's own https://api\\.zqlinks\\.test .*" +
            "credential never goes to another origin$",
        ),
      ],
      ["http://api.zqlinks.test/zqbase/x", /not at the call's own https:\/\/api\.zqlinks\.test/],
      ["https://api.zqlinks.test/zqother/x", /outside the call's base path \/zqbase/],
      ["https://zq:pw@api.zqlinks.test/zqbase/x", /with a user or password in it/],
    ];
    for (const [link, message] of refusals) {
      const { result, seen: none } = await call("as-given", { link });
      expect(none, link).toEqual([]);
      expect(result, link).toMatchObject({
        success: false,
        error: { type: "validation", param: "link", rule: "host" },
      });
      expect(!result.success && result.error.message, link).toMatch(message);
    }
  });

  it("never takes a whole address for a reserved value: its '//' is an empty segment, refused", async () => {
    const { result, seen } = await call("reserved", { link: "https://zqevil.test/x" });
    expect(seen).toEqual([]);
    expect(result).toMatchObject({ success: false, error: { param: "link", rule: "pathSegment" } });
  });
});
