// An instance's address with the path it is served under: a self-hosted service behind a reverse proxy at a sub-path
// (`https://zqhost.zqshelves.test/zqbase`, as GitLab's relative URL, Jira's context path and Grafana's sub-path make
// it; openapi-fetch's baseUrl and the vendors' SDKs take such an address). The parameter refused any path. It is
// joined once now: no doubled or dropped "/", the document's server path after it, the part of it the address
// already ends with written once; one ending with the start of the operation's own path refused, naming the
// parameter, the rule and the value. The credential still goes only to the origin given, over https (http only on
// loopback).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";

const getBook = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const instanceUrl: ParamSpec = {
  name: "zqInstance",
  type: "string",
  title: "Instance",
  description: "The instance.",
  required: true,
  secret: false,
  visibility: "user-only",
  format: "base-url",
  maxLength: 255,
  wire: { in: "server" },
};
/** The shelf's book read at the caller's instance, the document's server path `/zqapi/v4` before the operation's. */
const atInstance: ToolSpec = {
  ...getBook,
  path: "/books/{bookId}",
  server: { param: "zqInstance", hosts: ["*.zqshelves.test"], basePath: "/zqapi/v4" },
  params: [...getBook.params, instanceUrl],
};

async function sent(zqInstance: string, tool: ToolSpec = atInstance) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "Dune", state: "ready" }));
  const result = await executeToolDefinition(tool, { apiKey: KEY, bookId: "b 1", zqInstance }, { fetch });
  return result.success ? (seen[0] as { url: string }).url : `refused: ${result.error.message}`;
}

describe("an instance address with the path it is served under", () => {
  it("is joined once: the document's server path after it, no doubled or dropped slash", async () => {
    for (const given of [
      "https://zqhost.zqshelves.test/zqbase",
      "https://zqhost.zqshelves.test/zqbase/",
      "https://zqhost.zqshelves.test//zqbase//",
      "https://zqhost.zqshelves.test/zqbase/zqapi/v4",
      "https://zqhost.zqshelves.test/zqbase/zqapi/v4/",
    ])
      expect(await sent(given), given).toBe("https://zqhost.zqshelves.test/zqbase/zqapi/v4/books/b%201");
    // The address's path ends with the start of the server's: written once (a Jira at /jira, its server …/jira/rest).
    expect(await sent("https://zqhost.zqshelves.test/zqbase/zqapi")).toBe(
      "https://zqhost.zqshelves.test/zqbase/zqapi/v4/books/b%201",
    );
    expect(await sent("https://zqhost.zqshelves.test/zq/base")).toBe(
      "https://zqhost.zqshelves.test/zq/base/zqapi/v4/books/b%201",
    );
    expect(await sent("https://zqhost.zqshelves.test")).toBe("https://zqhost.zqshelves.test/zqapi/v4/books/b%201");
    expect(await sent("http://127.0.0.1:9/zqbase")).toBe("http://127.0.0.1:9/zqbase/zqapi/v4/books/b%201");
  });

  it("joins an address again as the first time: each tool its own, a refusal refused again", async () => {
    // The join is kept per tool for its last address (instance-address.ts): one tool's never another's.
    const otherServer: ToolSpec = { ...atInstance, server: { ...atInstance.server, basePath: "/zqapi/v5" } };
    const given = "https://zqhost.zqshelves.test/zqbase";
    for (const round of [1, 2]) {
      expect(await sent(given), `${round}`).toBe("https://zqhost.zqshelves.test/zqbase/zqapi/v4/books/b%201");
      expect(await sent(given, otherServer), `${round}`).toBe(
        "https://zqhost.zqshelves.test/zqbase/zqapi/v5/books/b%201",
      );
      expect(await sent("https://zqhost.zqshelves.test/zqapi/v4/books"), `${round}`).toMatch(
        /^refused: zqInstance: its path ends with \/zqapi\/v4\/books,/,
      );
    }
  });

  it("ending with the start of the operation's own path: refused before any request", async () => {
    // The operation's literal path given too (`…/zqapi/v4/books`), as a pasted request address would.
    expect(await sent("https://zqhost.zqshelves.test/zqapi/v4/books")).toMatch(
      /^refused: zqInstance: its path ends with \/zqapi\/v4\/books,/,
    );
  });

  it("sends the credential only to the origin given, over https", async () => {
    expect(await sent("https://zqelsewhere.test/zqhost.zqshelves.test")).toMatch(
      /^refused: zqInstance: .* not to zqelsewhere\.test/,
    );
    expect(await sent("http://zqhost.zqshelves.test/zqbase")).toBe(
      "refused: zqInstance: must use https (http is allowed only for loopback hosts), got " +
        '"http://zqhost.zqshelves.test/zqbase"',
    );
    expect(await sent("https://u:zq-pass-0000001@zqhost.zqshelves.test/zqbase")).toBe(
      'refused: zqInstance: must not contain credentials, got "(address with credentials withheld)"',
    );
    expect(await sent("https://zqhost.zqshelves.test/zqbase?zq=1")).toBe(
      'refused: zqInstance: must not contain a query or fragment, got "https://zqhost.zqshelves.test/zqbase?zq=1"',
    );
  });

  it("withholds an address with credentials from the refusal of any rule it breaks (length, pattern)", async () => {
    const withheld = 'refused: zqInstance: must not contain credentials, got "(address with credentials withheld)"';
    const long = `https://u:zq-pass-0000001@zqhost.zqshelves.test/zqbase/${"z".repeat(300)}`;
    expect(await sent(long)).toBe(withheld);
    // A manifest's pattern (an instance without a path) is checked before the address's own rules.
    const pathless: ToolSpec = {
      ...atInstance,
      params: atInstance.params.map((p) => (p.name === "zqInstance" ? { ...p, pattern: "^[a-z]+://[^/]+/*$" } : p)),
    };
    expect(await sent("https://u:zq-pass-0000001@zqhost.zqshelves.test/zqbase", pathless)).toBe(withheld);
    expect(await sent("https://zqhost.zqshelves.test/zqbase", pathless)).toMatch(
      /^refused: zqInstance: must be a value matching .*, got "https:\/\/zqhost\.zqshelves\.test\/zqbase"$/,
    );
  });
});

describe("an instance's address with a pattern beside its format", () => {
  const noPath = {
    ...instanceUrl,
    pattern: "^[A-Za-z][A-Za-z0-9+.-]*://[^/]+/*$",
    patternHint: "an address without a path",
  } as ParamSpec;
  const tool: ToolSpec = { ...atInstance, params: [...getBook.params, noPath] };

  it("is told it is no address before the pattern is met, and a path by the pattern", async () => {
    expect(await sent("zqhost.zqshelves.test", tool)).toMatch(/^refused: zqInstance: must be an absolute address/);
    expect(await sent("ftp://zqhost.zqshelves.test", tool)).toMatch(/^refused: zqInstance: must use https/);
    expect(await sent("https://zqhost.zqshelves.test/zqbase", tool)).toMatch(
      // The hint says the rule; the pattern is the refusal's `expected` (rule-words.ts).
      /^refused: zqInstance: must be an address without a path, got "https:\/\/zqhost\.zqshelves\.test\/zqbase"$/,
    );
    expect(await sent("https://zqhost.zqshelves.test/", tool)).toBe(
      "https://zqhost.zqshelves.test/zqapi/v4/books/b%201",
    );
  });
});
