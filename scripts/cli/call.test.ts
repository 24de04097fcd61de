// `blockwright call`: argument parsing, secret references, exit codes, and
// the bin wiring, against a Prism mock of the book catalog.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMocks, type MockServers } from "../mocks.js";
import { parseCallArgs, runCall } from "./call.js";
import { resolveParamReferences } from "./references.js";

const bin = fileURLToPath(new URL("../../bin/blockwright.js", import.meta.url));
const run = promisify(execFile);
const KEY = "AIzaSyCliTestKey0042";

let mocks: MockServers;
beforeAll(async () => {
  mocks = await startMocks(["books"]);
});
afterAll(async () => {
  await mocks.close();
});

/** Run the command in-process, capturing what it prints. */
async function callCommand(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
  try {
    const code = await runCall(argv, env);
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe("parseCallArgs", () => {
  it("merges --params and --param, the latter winning", () => {
    expect(parseCallArgs(["books_search_volumes", "--params", '{"q":"a","maxResults":5}', "--param", "q=b=c", "--base-url", "http://127.0.0.1:1"])).toEqual({
      operationId: "books_search_volumes",
      params: { q: "b=c", maxResults: 5 },
      baseUrl: "http://127.0.0.1:1",
    });
  });

  for (const [argv, message] of [
    [[], "missing <operationId>"],
    [["x", "--param", "novalue"], "--param takes name=value"],
    [["x", "--params", "[1]"], "--params must be a JSON object"],
    [["x", "--bogus"], "unknown option --bogus"],
    [["x", "--timeout", "soon"], "--timeout takes a positive number"],
  ] as const) {
    it(`refuses ${JSON.stringify(argv)}`, () => {
      expect(() => parseCallArgs([...argv])).toThrow(message);
    });
  }
});

describe("secret references", () => {
  it("resolves {{NAME}} from the environment", () => {
    expect(resolveParamReferences({ apiKey: "{{BOOKS_KEY}}", q: "x" }, new Set(["apiKey"]), { BOOKS_KEY: "k1" })).toEqual({ apiKey: "k1", q: "x" });
  });
  it("refuses a literal secret without echoing it", () => {
    expect(() => resolveParamReferences({ apiKey: "AIzaLiteralSecret" }, new Set(["apiKey"]), {})).toThrow(/apiKey is a secret: pass it as a reference/);
    try {
      resolveParamReferences({ apiKey: "AIzaLiteralSecret" }, new Set(["apiKey"]), {});
    } catch (e) {
      expect((e as Error).message).not.toContain("AIzaLiteralSecret");
    }
  });
  it("names a missing variable", () => {
    expect(() => resolveParamReferences({ apiKey: "{{NOPE}}" }, new Set(["apiKey"]), {})).toThrow("apiKey: environment variable NOPE is not set");
  });
});

describe("blockwright call", () => {
  it("prints the result and exits 0 on success", async () => {
    const r = await callCommand(["books_get_volume", "--param", "apiKey={{BOOKS_KEY}}", "--param", "volumeId=zyTCAlFPjgYC", "--base-url", mocks.urls.books], { BOOKS_KEY: KEY });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ success: true, output: { metadata: { id: "zyTCAlFPjgYC" } } });
    expect(r.stdout).not.toContain(KEY);
  });

  it("exits 1 with the structured error when the tool fails", async () => {
    const r = await callCommand(["books_search_volumes", "--params", '{"q":"dune","maxResults":"41"}', "--param", "apiKey={{BOOKS_KEY}}", "--base-url", mocks.urls.books], { BOOKS_KEY: KEY });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      success: false,
      error: { type: "validation", provider: "books", operation: "books_search_volumes", param: "maxResults", rule: "maximum", message: "maxResults: must be at most 40 (allowed: 1–40), got 41" },
    });
  });

  it("exits 2 on a literal secret, without printing it", async () => {
    const r = await callCommand(["books_search_volumes", "--param", `apiKey=${KEY}`, "--param", "q=dune"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("apiKey is a secret");
    expect(r.stderr).not.toContain(KEY);
  });

  it("exits 2 on an unknown operation", async () => {
    const r = await callCommand(["books_delete_volume"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown operation "books_delete_volume"');
  });

  it("runs through the bin: --help exits 0, a call prints JSON", async () => {
    const help = await run(process.execPath, [bin, "--help"]);
    expect(help.stdout).toContain("Usage: blockwright <command>");
    const called = await run(process.execPath, [bin, "call", "books_search_volumes", "--param", "apiKey={{BOOKS_KEY}}", "--param", "q=dune", "--base-url", mocks.urls.books], {
      env: { ...process.env, BOOKS_KEY: KEY },
    });
    expect(JSON.parse(called.stdout)).toMatchObject({ success: true, output: { metadata: { count: 2 } } });
  });
});
