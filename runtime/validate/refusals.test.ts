// What the runtime refuses to do, each found by a bad-input and fault sweep
// (issue 7): follow redirects with a credential, read parameters through a
// prototype, print or return a secret, send a broken header (address another
// resource by a dot segment, send blank or unbounded values, accept a loose
// base address, or take an empty reply for a result: refusals-values.test.ts;
// requests that change state: state-changing-failures.test.ts).
import { describe, expect, it } from "vitest";
import { executeTool } from "../../test-support/runtime/packages.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { BOOKS_KEY, GAMMA_KEY, GRAPH_TOKEN, generate, otherOrigin } from "../../test-support/runtime/refusal-kit.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

// The origin a redirect points to: it must never receive anything.
const other = otherOrigin();

describe("redirects are never followed", () => {
  for (const [status, id, params, method] of [
    [302, "docgen_list_themes", { apiKey: GAMMA_KEY }, "GET"],
    [307, "docgen_generate", generate, "POST"],
    [301, "docgen_generate", generate, "POST"],
    [308, "books_search_volumes", { apiKey: BOOKS_KEY, q: "otters" }, "GET"],
  ] as const) {
    it(
      `a ${status} on a ${method} (${id}) is an upstream ` + `error naming the Location's origin; nothing reaches it`,
      async () => {
        const upstream = await server(() => ({ status, headers: { location: `${other.url}/steal?key=${BOOKS_KEY}` } }));
        try {
          const result = await executeTool(id, params as never, { baseUrl: upstream.url, retries: 0 });
          expect(result).toMatchObject({
            success: false,
            error: { type: "upstream", status, code: "REDIRECT", retryable: false },
          });
          if (result.success) return;
          expect(result.error.message).toContain(`pointing to ${other.url}`);
          expect(result.error.message).not.toContain("/steal");
          expect(JSON.stringify(result)).not.toContain(BOOKS_KEY);
          expect(upstream.received).toHaveLength(1);
          expect(upstream.received[0]!.method).toBe(method);
          expect(other.received).toHaveLength(0);
        } finally {
          await upstream.close();
        }
      },
    );
  }

  it("a same-origin redirect is refused too (a POST is never turned into a GET)", async () => {
    const upstream = await server((r) =>
      r.url === "/v1.0/generations"
        ? { status: 303, headers: { location: "/v1.0/generations/abc" } }
        : { status: 200, body: "{}" },
    );
    try {
      const result = await executeTool("docgen_generate", generate, { baseUrl: upstream.url });
      expect(result).toMatchObject({ success: false, error: { code: "REDIRECT", status: 303 } });
      expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v1.0/generations"]);
    } finally {
      await upstream.close();
    }
  });
});

describe("parameters are read as own properties only", () => {
  it("refuses a __proto__ key (as JSON.parse gives it) and sends nothing", async () => {
    const upstream = await server(() => ({ status: 200, body: "{}" }));
    try {
      const params = JSON.parse('{"__proto__": {"apiKey": "literal-secret-0004"}, "q": "otters"}');
      const result = await executeTool("books_search_volumes", params, { baseUrl: upstream.url });
      expect(result).toMatchObject({ success: false, error: { type: "validation" } });
      if (result.success) return;
      expect(result.error.issues ?? [result.error]).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ param: "__proto__", rule: "unknown" }),
          expect.objectContaining({ param: "apiKey", rule: "required" }),
        ]),
      );
      expect(JSON.stringify(result)).not.toContain("literal-secret-0004");
      expect(upstream.received).toHaveLength(0);
    } finally {
      await upstream.close();
    }
  });

  it("does not take an inherited value for a parameter", async () => {
    const params = Object.create({ apiKey: "inherited-secret-0005" }) as Record<string, unknown>;
    params.q = "otters";
    const result = await executeTool("books_search_volumes", params as never, { baseUrl: other.url });
    expect(result).toMatchObject({
      success: false,
      error: { param: "apiKey", rule: "required", message: "apiKey: is required" },
    });
  });
});

describe("secrets", () => {
  it("are redacted from outputs when the upstream echoes them", async () => {
    const upstream = await server((r) => ({
      status: 200,
      body: JSON.stringify({
        data: [{ id: "t1", name: `theme for ${r.headers["x-api-key"]}` }],
        hasMore: false,
        nextCursor: null,
      }),
    }));
    try {
      const result = await executeTool("docgen_list_themes", { apiKey: GAMMA_KEY }, { baseUrl: upstream.url });
      expect(result).toMatchObject({ success: true, output: { themes: [{ id: "t1", name: "theme for [redacted]" }] } });
      expect(JSON.stringify(result)).not.toContain(GAMMA_KEY);
    } finally {
      await upstream.close();
    }
  });

  it("shorter than 8 characters are refused before any request, without being shown", async () => {
    const result = await executeTool("docgen_list_themes", { apiKey: "sk-1234" }, { baseUrl: other.url });
    expect(result).toEqual({
      success: false,
      error: {
        type: "validation",
        provider: "docgen",
        operation: "docgen_list_themes",
        param: "apiKey",
        rule: "minLength",
        message: "apiKey: must be at least 8 characters long, got (secret value withheld)",
      },
    });
    expect(other.received).toHaveLength(0);
  });

  for (const [label, key] of [
    ["a CR/LF", "sk-gamma-abc\r\nX-Injected: 1"],
    ["a NUL", "sk-gamma-abc\u0000def"],
    ["a character outside Latin-1", "sk-gamma-ключ-1234"],
  ] as const) {
    it(`with ${label} are a validation error on the credential, not a retried network error`, async () => {
      const result = await executeTool("docgen_list_themes", { apiKey: key }, { baseUrl: other.url });
      expect(result).toMatchObject({
        success: false,
        error: { type: "validation", param: "apiKey", rule: "characters" },
      });
      if (!result.success) expect(result.error.message).toContain("(secret value withheld)");
      expect(other.received).toHaveLength(0);
    });
  }
});

describe("found by the derived contract suite (issue 10)", () => {
  it(
    "a one-letter secret is refused with a readable " + "error: short values are not redacted into every word",
    async () => {
      const result = await executeTool("docgen_list_themes", { apiKey: "a" }, { baseUrl: other.url });
      expect(result).toEqual({
        success: false,
        error: {
          type: "validation",
          provider: "docgen",
          operation: "docgen_list_themes",
          param: "apiKey",
          rule: "minLength",
          message: "apiKey: must be at least 8 characters long, got (secret value withheld)",
        },
      });
      expect(other.received).toHaveLength(0);
    },
  );

  for (const [label, id, params, param] of [
    ["in a query value", "books_search_volumes", { apiKey: BOOKS_KEY, q: "otters \ud800" }, "q"],
    ["in a path segment", "books_get_volume", { apiKey: BOOKS_KEY, volumeId: "\udc00abc" }, "volumeId"],
    ["in a body field", "docgen_generate", { ...generate, inputText: "otters \ud83e" }, "inputText"],
    ["in a credential", "books_search_volumes", { apiKey: "AIzaRefusalTestKey\ud800", q: "otters" }, "apiKey"],
  ] as const) {
    it(`half a surrogate pair ${label} is a validation error, not a thrown URIError`, async () => {
      const result = await executeTool(id, params, { baseUrl: other.url });
      expect(result).toMatchObject({ success: false, error: { type: "validation", param, rule: "characters" } });
      if (!result.success)
        expect(result.error.message).toContain(param === "apiKey" ? "(secret value withheld)" : "well-formed Unicode");
      expect(other.received).toHaveLength(0);
    });
  }

  it(
    "half a surrogate pair inside a JSON parameter (an item, a key) is a validation error naming where, " +
      "not a thrown URIError",
    () => {
      const tool = {
        id: "t",
        params: [
          {
            name: "expand",
            type: "json",
            jsonType: "array",
            required: true,
            secret: false,
            wire: { in: "query", name: "expand" },
          },
        ],
        rules: [],
        routes: [],
      } as unknown as ToolSpec;
      expect(validateParams(tool, { expand: ["ok", "\ud800"] })).toMatchObject({
        ok: false,
        issues: [
          {
            param: "expand",
            rule: "characters",
            message: 'expand[1]: must be well-formed Unicode (it holds half of a surrogate pair), got "\\ud800"',
          },
        ],
      });
      expect(validateParams(tool, { expand: [{ "a\udc00": 1 }] })).toMatchObject({
        ok: false,
        issues: [{ param: "expand", rule: "characters", message: expect.stringMatching(/^expand\[0\] key: /) }],
      });
      expect(validateParams(tool, { expand: ["otters 🦦"] })).toMatchObject({ ok: true });
    },
  );

  // A JSON object's parameter given a list was refused as "not a array" (issue 59: a published pipeline API's
  // run configuration).
  it("a JSON parameter of the wrong kind is refused naming the kind with its article", () => {
    const tool = {
      id: "t",
      params: [{ name: "config", type: "json", jsonType: "object", secret: false, wire: { in: "body" } }],
      rules: [],
      routes: [],
    } as unknown as ToolSpec;
    const refusal = (config: unknown) => {
      const r = validateParams(tool, { config });
      return r.ok ? "" : r.issues[0]!.message;
    };
    expect(refusal([1])).toBe("config: must be a JSON object, not an array, got array [1]");
    expect(refusal(7)).toMatch(/^config: must be a JSON object, not a number, got /);
  });

  it("a whole surrogate pair (an emoji) is still accepted", () => {
    const tool = {
      id: "t",
      params: [{ name: "q", type: "string", required: true, secret: false, wire: { in: "query", name: "q" } }],
      rules: [],
      routes: [],
    } as unknown as ToolSpec;
    expect(validateParams(tool, { q: "otters 🦦" })).toMatchObject({ ok: true, values: { q: "otters 🦦" } });
  });

  for (const [label, params] of [
    ["a credential with a trailing space", { apiKey: `${GAMMA_KEY} ` }],
    ["a credential with a leading tab", { apiKey: `\t${GAMMA_KEY}` }],
  ] as const) {
    it(`${label} is refused: the header would drop it and send another value`, async () => {
      const result = await executeTool("docgen_list_themes", params, { baseUrl: other.url });
      expect(result).toMatchObject({
        success: false,
        error: { type: "validation", param: "apiKey", rule: "characters" },
      });
      if (!result.success)
        expect(result.error.message).toBe(
          "apiKey: must not start or end with a space or tab (an HTTP header drops them), got (secret value withheld)",
        );
      expect(other.received).toHaveLength(0);
    });
  }

  it("a key sent in the query with a stray space is refused too", async () => {
    const result = await executeTool(
      "books_search_volumes",
      { apiKey: `${BOOKS_KEY} `, q: "otters" },
      { baseUrl: other.url },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "apiKey",
        rule: "characters",
        message: expect.stringContaining("a credential never does"),
      },
    });
  });

  it(
    "a query within its 8,000 characters that percent-encodes past the 16,384-byte request head is refused, " +
      "naming it",
    async () => {
      const query =
        `SELECT Id FROM Account WHERE Name IN (${Array.from({ length: 1300 }, () => "'中'").join(",")})`.slice(0, 8000);
      const result = await executeTool(
        "crm_query",
        { apiKey: "crm-token-refusal-04", instanceUrl: other.url, query },
        {},
      );
      expect(result).toMatchObject({
        success: false,
        error: {
          type: "validation",
          param: "query",
          rule: "requestSize",
          message: expect.stringMatching(
            new RegExp(
              String.raw`^query: the request's address and headers would take \d+ bytes, ` +
                String.raw`more than the 16384 crm accepts \(query takes \d+ of them, percent-encoded\)$`,
            ),
          ),
        },
      });
      expect(other.received).toHaveLength(0);
    },
  );

  it("the same query is refused when all pages are asked for (every page's request is measured)", async () => {
    const query =
      `SELECT Id FROM Account WHERE Name IN (${Array.from({ length: 1300 }, () => "'中'").join(",")})`.slice(0, 8000);
    const result = await executeTool(
      "crm_query",
      { apiKey: "crm-token-refusal-04", instanceUrl: other.url, query },
      { allPages: true },
    );
    expect(result).toMatchObject({
      success: false,
      error: { type: "validation", param: "query", rule: "requestSize" },
    });
    expect(other.received).toHaveLength(0);
  });

  it("8,000 plain characters of query fit, and are sent", async () => {
    const upstream = await server(() => ({
      status: 200,
      body: JSON.stringify({ totalSize: 0, done: true, records: [] }),
    }));
    try {
      const query = `SELECT Id FROM Account WHERE Name = 'x${"y".repeat(7960)}'`.padEnd(8000, " ");
      const result = await executeTool(
        "crm_query",
        { apiKey: "crm-token-refusal-04", instanceUrl: upstream.url, query },
        {},
      );
      expect(result.success).toBe(true);
      expect(upstream.received).toHaveLength(1);
    } finally {
      await upstream.close();
    }
  });

  it("a password (a secret in the body) may still start or end with a space", async () => {
    const upstream = await server(() => ({ status: 201, body: JSON.stringify({ id: "u1" }) }));
    try {
      const result = await executeTool(
        "directory_create_user",
        {
          accessToken: GRAPH_TOKEN,
          displayName: "Otter",
          mailNickname: "otter",
          userPrincipalName: "otter@example.com",
          password: " spaced pass ",
        },
        { baseUrl: upstream.url },
      );
      expect(result.success).toBe(true);
      expect(JSON.parse(upstream.received[0]!.body).passwordProfile.password).toBe(" spaced pass ");
    } finally {
      await upstream.close();
    }
  });
});
