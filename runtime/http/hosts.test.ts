import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ExecuteOptions } from "../call/single-call.js";
import { allowedHostProblem, hostPatternProblem, hostRefusal, matchesHost } from "./hosts.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const book = () => json(200, { id: "b1", title: "Dune", state: "ready" });

/** The same tool reached at the caller's own instance (a base-url parameter), at hosts matching `*.shelves.test`. */
const instanceUrl: ParamSpec = {
  name: "instanceUrl",
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
const perCustomer: ToolSpec = {
  ...getBook,
  server: { param: "instanceUrl", hosts: ["*.shelves.test"] },
  params: [...getBook.params, instanceUrl],
};

async function call(tool: ToolSpec, params: Record<string, unknown>, options: ExecuteOptions = {}) {
  const { fetch, seen } = scriptedFetch(book());
  const result = await executeToolDefinition(tool, { apiKey: KEY, bookId: "b1", ...params }, { fetch, ...options });
  return { result, sent: seen.map((s) => new URL(s.url).origin) };
}

describe("a baseUrl", () => {
  it("may name the default's host, or a loopback one (mocks)", async () => {
    for (const baseUrl of [
      "https://api.shelf.test",
      "http://127.0.0.1:4010",
      "http://localhost:4010",
      "http://[::1]:4010",
      "https://127.0.0.2",
    ]) {
      expect((await call(getBook, {}, { baseUrl })).result.success, baseUrl).toBe(true);
    }
  });

  it("naming another host is refused before any request, saying how to allow it", async () => {
    const { result, sent } = await call(getBook, {}, { baseUrl: "https://api.elsewhere.test" });
    expect(sent).toEqual([]);
    expect(result).toEqual({
      success: false,
      error: {
        type: "validation",
        provider: "shelf",
        operation: "shelf_get_book",
        param: "baseUrl",
        rule: "host",
        message:
          "baseUrl: shelf sends its credential only to api.shelf.test or a loopback host, " +
          "not to api.elsewhere.test; to send it there, allow the host (allowHosts, " +
          "--allow-host api.elsewhere.test)",
      },
    });
  });

  it("naming another host goes there once the caller allows it, by name or by pattern", async () => {
    for (const allowHosts of [["api.elsewhere.test"], ["*.elsewhere.test"], ["*"]]) {
      const { result, sent } = await call(getBook, {}, { baseUrl: "https://api.elsewhere.test", allowHosts });
      expect(result.success, allowHosts.join()).toBe(true);
      expect(sent).toEqual(["https://api.elsewhere.test"]);
    }
  });

  it("naming a private or link-local IP address is refused, even with *, unless allowed by that address", async () => {
    for (const [baseUrl, host] of [
      ["https://10.0.0.5", "10.0.0.5"],
      ["https://169.254.169.254", "169.254.169.254"],
      ["https://192.168.1.1:8443", "192.168.1.1"],
      ["https://[fe80::1]", "[fe80::1]"],
      ["https://0x0a.0.0.5", "10.0.0.5"],
    ] as const) {
      const refused = await call(getBook, {}, { baseUrl, allowHosts: ["*", "*.internal.test"] });
      expect(refused.result, baseUrl).toMatchObject({ success: false, error: { param: "baseUrl", rule: "host" } });
      expect(refused.sent).toEqual([]);
      if (!refused.result.success)
        expect(refused.result.error.message).toContain(`not to ${host} (an IP address only by name, not by a pattern)`);
      expect((await call(getBook, {}, { baseUrl, allowHosts: [host] })).result.success, baseUrl).toBe(true);
    }
  });

  it("refuses an allowHosts entry that is not a host pattern, before any request", async () => {
    for (const pattern of ["https://api.elsewhere.test", "*.test", "API.ELSEWHERE.TEST", "a*.test", ""]) {
      const { result, sent } = await call(
        getBook,
        {},
        { baseUrl: "https://api.elsewhere.test", allowHosts: [pattern] },
      );
      expect(result, pattern).toMatchObject({
        success: false,
        error: { type: "validation", param: "allowHosts", rule: "format" },
      });
      expect(sent).toEqual([]);
    }
  });
});

describe("an address parameter (a per-customer instance)", () => {
  it("may name a host matching server.hosts: one label before the domain", async () => {
    const { result, sent } = await call(perCustomer, { instanceUrl: "https://acme.shelves.test" });
    expect(result.success).toBe(true);
    expect(sent).toEqual(["https://acme.shelves.test"]);
  });

  for (const [address, host] of [
    ["https://evil.test", "evil.test"],
    ["https://a.b.shelves.test", "a.b.shelves.test"],
    ["https://shelves.test", "shelves.test"],
    ["https://acme.shelves.test.evil.test", "acme.shelves.test.evil.test"],
    ["https://acmeshelves.test", "acmeshelves.test"],
  ]) {
    it(`naming ${host} is refused before any request, the parameter named`, async () => {
      const { result, sent } = await call(perCustomer, { instanceUrl: address });
      expect(sent).toEqual([]);
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "validation",
          param: "instanceUrl",
          rule: "host",
          message:
            `instanceUrl: shelf sends its credential only to *.shelves.test or a loopback host, not to ${host}; ` +
            `to send it there, allow the host (allowHosts, --allow-host ${host})`,
        },
      });
    });
  }

  it("is not checked when a baseUrl replaces it: the baseUrl is", async () => {
    expect(
      (await call(perCustomer, { instanceUrl: "https://placeholder.invalid" }, { baseUrl: "http://127.0.0.1:4010" }))
        .result.success,
    ).toBe(true);
  });
});

describe("host patterns", () => {
  it("match one label for a wildcard, names exactly, IP addresses only exactly", () => {
    expect(matchesHost("*.my.example.com", "acme.my.example.com")).toBe(true);
    expect(matchesHost("*.my.example.com", "a.b.my.example.com")).toBe(false);
    expect(matchesHost("*.my.example.com", "my.example.com")).toBe(false);
    expect(matchesHost("*", "10.0.0.5")).toBe(false);
    expect(matchesHost("10.0.0.5", "10.0.0.5")).toBe(true);
  });

  it("of a manifest are names or wildcards over two labels or more; a caller's may also be * or an address", () => {
    expect(hostPatternProblem("*.example.com")).toBeUndefined();
    expect(hostPatternProblem("*.com")).toBeDefined();
    expect(hostPatternProblem("*")).toBeDefined();
    expect(allowedHostProblem("*")).toBeUndefined();
    expect(hostPatternProblem("10.0.0.5")).toBe("must be a host name, not an IP address");
    expect(allowedHostProblem("10.0.0.5")).toBeUndefined();
    expect(allowedHostProblem("[::1]")).toBeUndefined();
    expect(allowedHostProblem("*.example.com")).toBeUndefined();
    expect(allowedHostProblem("*.com")).toBe(
      "must be a lower-case host name (api.example.com) or a wildcard for one label of one (*.example.com), " +
        "*, or an IP address",
    );
    expect(allowedHostProblem(7)).toBe("must be a host name");
  });
});

describe("a verdict on an address, kept per tool", () => {
  // hostRefusal keeps its verdicts per tool and address when the caller allows no more hosts: the kept verdicts
  // must be the ones it would give afresh, whatever the order of the calls and however many addresses come.
  const tool = { provider: "shelf", server: { param: "instanceUrl", hosts: ["*.shelves.test"] } };
  it("gives the same verdict on the second asking, and the callers' allowed hosts are never answered from it", () => {
    const refused = hostRefusal(tool, "https://elsewhere.example");
    expect(refused).toMatch(/not to elsewhere\.example/);
    expect(hostRefusal(tool, "https://elsewhere.example")).toBe(refused);
    expect(hostRefusal(tool, "https://elsewhere.example", ["elsewhere.example"])).toBeUndefined();
    expect(hostRefusal(tool, "https://elsewhere.example")).toBe(refused);
    expect(hostRefusal(tool, "https://acme.shelves.test")).toBeUndefined();
  });
  it("stays right past the number of addresses it keeps, and apart for another tool of other hosts", () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100; i++) {
        expect(hostRefusal(tool, `https://t${i}.shelves.test`)).toBeUndefined();
        expect(hostRefusal(tool, `https://t${i}.other.test`)).toMatch(/not to t\d+\.other\.test/);
      }
    }
    const other = { provider: "other", server: { default: "https://t1.other.test" } };
    expect(hostRefusal(other, "https://t1.other.test")).toBeUndefined();
    expect(hostRefusal(other, "https://t1.shelves.test")).toMatch(
      /^other sends its credential only to t1\.other\.test/,
    );
  });
});
