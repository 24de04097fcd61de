// What the runtime refuses of the values a call gives (the rest of refusals.test.ts, issue 7's sweep): a dot segment
// that would address another resource, blank or unbounded values, a loose base address, and a reply without the
// outputs the spec guarantees taken for a result.
import { describe, expect, it } from "vitest";
import { executeTool } from "../../test-support/runtime/packages.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { BOOKS_KEY, GAMMA_KEY, GRAPH_TOKEN, generate, otherOrigin } from "../../test-support/runtime/refusal-kit.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

// The origin a redirect points to: it must never receive anything.
const other = otherOrigin();

describe("path parameters", () => {
  for (const [id, params, param] of [
    ["books_get_volume", { apiKey: BOOKS_KEY }, "volumeId"],
    ["directory_get_user", { accessToken: GRAPH_TOKEN }, "userId"],
    ["docgen_check_status", { apiKey: GAMMA_KEY }, "generationId"],
  ] as const) {
    for (const segment of [".", ".."]) {
      it(
        `refuse ${id} ${param}=${JSON.stringify(segment)}` + ` (a dot segment would address another resource)`,
        async () => {
          const result = await executeTool(id, { ...params, [param]: segment } as never, { baseUrl: other.url });
          expect(result).toMatchObject({ success: false, error: { type: "validation", param, rule: "pathSegment" } });
          expect(other.received).toHaveLength(0);
        },
      );
    }
  }

  it("accept dots inside a value, which stay in one encoded segment", async () => {
    let seen = "";
    const result = await executeTool(
      "directory_get_user",
      { accessToken: GRAPH_TOKEN, userId: "adele.vance@contoso.com" },
      {
        baseUrl: other.url,
        fetch: async (r) => {
          seen = r.url;
          return new Response(JSON.stringify({ id: "u1", userPrincipalName: "adele.vance@contoso.com" }));
        },
      },
    );
    expect(result.success).toBe(true);
    expect(new URL(seen).pathname).toBe("/v1.0/users/adele.vance%40contoso.com");
  });
});

describe("blank and unbounded values", () => {
  for (const [label, id, params, param] of [
    ["a whitespace-only required query", "books_search_volumes", { apiKey: BOOKS_KEY, q: "   " }, "q"],
    ["a whitespace-only token (would send `Bearer `)", "directory_list_users", { accessToken: "   " }, "accessToken"],
    [
      "a tab-only required path value",
      "docgen_check_status",
      { apiKey: GAMMA_KEY, generationId: "\t" },
      "generationId",
    ],
  ] as const) {
    it(`refuse ${label}`, async () => {
      const result = await executeTool(id, params as never, { baseUrl: other.url });
      expect(result).toMatchObject({ success: false, error: { type: "validation", param, rule: "required" } });
      expect(other.received).toHaveLength(0);
    });
  }

  it("refuse a required comma list with no items", () => {
    const tool = {
      id: "t_x",
      routes: [],
      rules: [],
      auth: { type: "bearer", param: "token" },
      params: [
        {
          name: "ids",
          type: "string",
          title: "IDs",
          description: "",
          required: true,
          secret: false,
          visibility: "user-or-llm",
          wire: { in: "body", pointer: "/ids", split: { separator: "," } },
        },
      ],
    } as unknown as ToolSpec;
    expect(validateParams(tool, { ids: " , " })).toEqual({
      ok: false,
      issues: [{ param: "ids", rule: "required", message: "ids: is required, got a list with no items" }],
    });
    expect(validateParams(tool, { ids: " , a" })).toMatchObject({ ok: true, values: { ids: " , a" } });
  });

  it("leave out an optional comma list with no items instead of sending []", async () => {
    const bodies: unknown[] = [];
    await executeTool(
      "docgen_generate",
      { ...generate, folderIds: " , " },
      {
        baseUrl: other.url,
        fetch: async (r) => {
          bodies.push(await r.json());
          return new Response(JSON.stringify({ generationId: "g1" }));
        },
      },
    );
    expect(bodies).toEqual([{ inputText: generate.inputText, textMode: "generate", format: "presentation" }]);
  });

  it("refuse a 1 MB query value before any request", async () => {
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: BOOKS_KEY, q: "x".repeat(1_000_000) },
      { baseUrl: other.url },
    );
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "q", rule: "maxLength" } });
    if (!result.success) expect(result.error.message.length).toBeLessThan(300);
  });

  it("refuse an over-long credential", async () => {
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: "k".repeat(513), q: "x" },
      { baseUrl: other.url },
    );
    expect(result).toMatchObject({ success: false, error: { param: "apiKey", rule: "maxLength" } });
  });
});

describe("base addresses", () => {
  for (const [address, problem, shown] of [
    ["http://user:pa55word@127.0.0.1:9", "must not contain credentials", false],
    ["https://api.example.com?x=1", "must not contain a query or fragment", true],
    ["https://api.example.com#top", "must not contain a query or fragment", true],
    ["https://api.example.com/v2", "must be scheme and host only, without a path", true],
    ["http://api.example.com", "must use https (http is allowed only for loopback hosts)", true],
    ["ftp://127.0.0.1", "must use https (http is allowed only for loopback hosts)", true],
  ] as const) {
    it(`refuse baseUrl ${address.replace("pa55word", "***")}: ${problem}`, async () => {
      const result = await executeTool("books_search_volumes", { apiKey: BOOKS_KEY, q: "x" }, { baseUrl: address });
      expect(result).toMatchObject({ success: false, error: { type: "validation", rule: "baseUrl" } });
      if (result.success) return;
      expect(result.error.message).toContain(problem);
      expect(result.error.message.includes("pa55word")).toBe(false);
      expect(result.error.message.includes(address)).toBe(shown);
    });
  }

  it("apply the same rules to instanceUrl, with a bounded length", async () => {
    const base = { apiKey: "sf-token-0006", sobject: "Account", recordId: "001D000000IqhSLIAZ" };
    const long = `https://${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.example.com`;
    const result = await executeTool("crm_get_record", { ...base, instanceUrl: long });
    expect(result).toMatchObject({ success: false, error: { param: "instanceUrl", rule: "maxLength" } });
    const userinfo = await executeTool("crm_get_record", {
      ...base,
      instanceUrl: "https://me:pa55word@acme.my.salesforce.com",
    });
    expect(userinfo).toMatchObject({ success: false, error: { param: "instanceUrl", rule: "format" } });
    expect(JSON.stringify(userinfo)).not.toContain("pa55word");
  });
});

describe("replies without the outputs the spec guarantees", () => {
  for (const [label, body] of [
    ["an empty 200 body", ""],
    ["a body without the id", "{}"],
  ] as const) {
    it(`are upstream errors: ${label}`, async () => {
      const upstream = await server(() => ({ status: 200, body }));
      try {
        const result = await executeTool("docgen_generate", generate, { baseUrl: upstream.url });
        expect(result).toMatchObject({
          success: false,
          error: { type: "upstream", status: 200, code: "MISSING_OUTPUT", retryable: false },
        });
        if (!result.success)
          expect(result.error.message).toContain("$response.body#/generationId (output generationId)");
      } finally {
        await upstream.close();
      }
    });
  }
});
