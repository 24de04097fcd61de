// `blockwright call` as a user runs it, in-process on the suite's shared Prism mocks: the result on stdout, the
// structured error, --all-pages, and the refusals (literal secrets, unknown operations) that come before any request.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { sharedMockUrls } from "../../test-support/shared-mocks.js";
import { tools } from "../../test-support/repo.js";
import { unknownNameHint } from "../common/problems/suggest.js";
import { resolveParamReferences } from "./support/references.js";

const KEY = "AIzaSyCliTestKey0042";

describe("blockwright call", () => {
  const books = async () => (await sharedMockUrls()).books!;

  it("reads --params - from standard input", async () => {
    const r = await cli(
      ["call", "books_get_volume", "--params", "-", "--param", "apiKey={{BOOKS_KEY}}", "--base-url", await books()],
      { env: { BOOKS_KEY: KEY }, stdin: '{"volumeId": "zyTCAlFPjgYC"}\n' },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, output: { metadata: { id: "zyTCAlFPjgYC" } } });
    expect(await cli(["call", "books_get_volume", "--params", "-"], { stdin: "[1]" })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--params must be a JSON object"),
    });
  });

  it("prints the result on stdout and exits 0 on success", async () => {
    const r = await cli(
      [
        "call",
        "books_get_volume",
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--param",
        "volumeId=zyTCAlFPjgYC",
        "--base-url",
        await books(),
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, output: { metadata: { id: "zyTCAlFPjgYC" } } });
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it("exits 1 with the structured error when the tool fails", async () => {
    const r = await cli(
      [
        "call",
        "books_search_volumes",
        "--params",
        '{"q":"dune","maxResults":"41"}',
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--base-url",
        await books(),
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      success: false,
      error: {
        type: "validation",
        provider: "books",
        operation: "books_search_volumes",
        param: "maxResults",
        rule: "maximum",
        message: "maxResults: must be at most 40 (allowed: 1–40), got 41",
      },
    });
  });

  it("exits 2 on a literal secret, without printing it", async () => {
    const r = await cli(["call", "books_search_volumes", "--param", `apiKey=${KEY}`, "--param", "q=dune"]);
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toContain("apiKey is a secret");
    expect(r.stderr).not.toContain(KEY);
  });

  it("refuses a __proto__ key in --params: the literal secret inside is never sent", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? "");
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await cli([
        "call",
        "books_search_volumes",
        "--params",
        '{"__proto__":{"apiKey":"literal-secret-0042"},"q":"dune"}',
        "--base-url",
        url,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("__proto__: not a parameter of books_search_volumes");
      expect(r.stdout + r.stderr).not.toContain("literal-secret-0042");
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("withholds a secret's value used in another parameter", async () => {
    const r = await cli(
      [
        "call",
        "books_search_volumes",
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--param",
        "q=dune",
        "--param",
        "maxResults={{BOOKS_KEY}}",
        "--base-url",
        await books(),
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.message).toBe('maxResults: must be a number, got "[redacted]"');
    expect(r.stdout).not.toContain(KEY);
  });

  describe("--all-pages", () => {
    const crm = [
      "call",
      "crm_query",
      "--param",
      "apiKey={{CRM_TOKEN}}",
      "--param",
      "query=SELECT Id, Name FROM Account",
    ];
    const env = { CRM_TOKEN: "00D5g000004ABCD!cli-token" };

    it("follows the pages of a list operation and prints one result with its pages", async () => {
      const r = await cli([...crm, "--param", `instanceUrl=${(await sharedMockUrls()).crm}`, "--all-pages"], { env });
      expect(r.code).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result).toMatchObject({
        success: true,
        output: { metadata: { totalSize: 3222, done: true } },
        pages: { count: 2, items: 5, complete: true },
      });
      expect(result.output.data).toHaveLength(5);
    });

    it("stops at --max-items", async () => {
      const r = await cli(
        [...crm, "--param", `instanceUrl=${(await sharedMockUrls()).crm}`, "--all-pages", "--max-items", "2"],
        { env },
      );
      expect(r.code).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result).toMatchObject({
        success: true,
        output: { metadata: { done: false } },
        pages: { count: 1, items: 2, complete: false },
      });
      expect(result.output.data).toHaveLength(2);
    });

    it("exits 2 for an operation that does not page, and for caps without --all-pages or not whole", async () => {
      expect(await cli(["call", "books_get_volume", "--all-pages"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          "--all-pages: books_get_volume returns one page only (operations that page: books_search_volumes)",
        ),
      });
      expect(await cli([...crm, "--max-items", "3"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("--max-items and --max-pages go with --all-pages"),
      });
      expect(await cli([...crm, "--all-pages", "--max-pages", "0"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--max-pages takes a positive whole number, got "0"'),
      });
    });
  });

  it("takes the upstream operationId one tool calls as that tool's id", async () => {
    const counts = new Map<string, number>();
    for (const t of Object.values(tools)) counts.set(t.operationId, (counts.get(t.operationId) ?? 0) + 1);
    const [id, tool] = Object.entries(tools).find(([i, t]) => t.operationId !== i && counts.get(t.operationId) === 1)!;
    // A parameter no tool has: refused naming the tool the upstream name was read as, before any request.
    const r = await cli(["call", tool.operationId, "--param", "zqnope=1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`zqnope: not a parameter of ${id} (parameters: `);
  });

  it("exits 2 on an unknown operation, listing the operations", async () => {
    const r = await cli(["call", "books_delete_volume"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      // The names listed in full where the project has few, else its provider's or their count (suggest.ts).
      `unknown operation "books_delete_volume"` +
        unknownNameHint("books_delete_volume", Object.keys(tools), "operation"),
    );
  });

  it("refuses a base address with credentials, without echoing them", async () => {
    const r = await cli(
      [
        "call",
        "books_search_volumes",
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--param",
        "q=x",
        "--base-url",
        "http://me:pa55word@127.0.0.1:1",
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    // A usage error (exit 2) before any request, as the help says of a bad option.
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--base-url must not contain credentials, got (address with credentials withheld)");
    expect(r.stdout + r.stderr).not.toContain("pa55word");
  });

  describe("secret references", () => {
    it("resolve {{NAME}} from the environment", () => {
      expect(
        resolveParamReferences({ apiKey: "{{BOOKS_KEY}}", q: "x" }, new Set(["apiKey"]), { BOOKS_KEY: "k1" }),
      ).toEqual({ apiKey: "k1", q: "x" });
    });
    it("name a missing variable", () => {
      expect(() => resolveParamReferences({ apiKey: "{{NOPE}}" }, new Set(["apiKey"]), {})).toThrow(
        "apiKey: environment variable NOPE is not set",
      );
    });
    // A secret named from a header in capitals (X-API-SECRET drafted as xAPISECRET) was suggested as
    // {{MY_X_A_P_I_S_E_C_R_E_T}}, a letter a word; the suggestion splits words as the generated packages' variables do.
    it("refuse a literal, suggesting a variable named by the parameter's words", () => {
      const refused = (name: string) => () => resolveParamReferences({ [name]: "zq-literal" }, new Set([name]), {});
      expect(refused("xAPISECRET")).toThrow("e.g. xAPISECRET={{MY_X_APISECRET}}; the literal value given was not used");
      expect(refused("apiKey")).toThrow("e.g. apiKey={{MY_API_KEY}};");
      expect(refused("client_secret")).toThrow("e.g. client_secret={{MY_CLIENT_SECRET}};");
    });
  });
});
