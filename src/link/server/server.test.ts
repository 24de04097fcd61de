// The document's server path (`https://slack.com/api`: `/api`) honoured
// everywhere: server.default must carry it, the runtime adds it to an
// address given at call time, and a mock serves the operations under it;
// and the parameters the credential covers (auth.covers, or in the
// credential's own place), which nothing supplies and a mock does not ask for.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { startMocks } from "../../mocks/mocks.js";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import type { ProviderIR } from "../../model/ir.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-server-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
/** The shelf fixture with text edits, linked: its IR and specs folder, or its problems. */
async function linked(edits: FixtureEdit[]): Promise<{ ir: ProviderIR; specsDir: string } | { problems: string[] }> {
  const root = join(work, String(counter++));
  const dir = shelfCopy(root, edits);
  try {
    return { ir: await loadProvider(root, dir), specsDir: join(root, "specs") };
  } catch (e) {
    if (e instanceof GenerationErrors) return { problems: e.errors.map((x) => x.message) };
    throw e;
  }
}

const serverAt = (url: string) => ({
  file: "openapi.yaml" as const,
  find: "  - url: https://api.shelf.test\n",
  replace: `  - url: ${url}\n`,
});
const defaultAt = (url: string) => ({ find: "  default: https://api.shelf.test\n", replace: `  default: ${url}\n` });
const getBook = (ir: ProviderIR): ToolSpec => ir.operations.find((o) => o.tool.operationId === "getBook")!.tool;

/** Call getBook through the runtime, on the mock or the default address, recording the address it sent to. */
async function call(tool: ToolSpec, baseUrl?: string): Promise<{ ok: boolean; urls: string[]; error?: unknown }> {
  const urls: string[] = [];
  const result = await executeToolDefinition(
    tool,
    { apiKey: "test-key-0001", bookId: "b1" },
    {
      ...(baseUrl ? { baseUrl } : {}),
      fetch: async (request) => {
        urls.push(request.url);
        return baseUrl
          ? fetch(request)
          : new Response(JSON.stringify({ id: "b1", title: "T", state: "ready" }), {
              headers: { "content-type": "application/json" },
            });
      },
    },
  );
  return { ok: result.success, urls, ...(result.success ? {} : { error: result.error }) };
}

describe("the server's path", () => {
  it("must be in server.default, which is refused without it (never dropped)", async () => {
    expect(await linked([serverAt("https://api.shelf.test/api/")])).toEqual({
      problems: [
        expect.stringMatching(
          new RegExp(
            String.raw`^specs\/shelf\/manifest\.yaml:8:12: server\.default: specs\/shelf\/openapi\.yaml's server ` +
              String.raw`"https:\/\/api\.shelf\.test\/api\/" has the path \/api, which prefixes every operation's ` +
              String.raw`path: write it here \("https:\/\/api\.shelf\.test\/api"\)$`,
          ),
        ),
      ],
    });
    expect(await linked([defaultAt("https://api.shelf.test/api")])).toEqual({
      problems: [
        expect.stringMatching(
          new RegExp(
            String.raw`^specs\/shelf\/manifest\.yaml:8:12: server\.default: .*has no path, but ` +
              String.raw`"https:\/\/api\.shelf\.test\/api" has \/api: write the path in`,
          ),
        ),
      ],
    });
  });

  it("a variable without a default in the path is refused at the server's url", async () => {
    expect(
      await linked([serverAt("https://api.shelf.test/{version}"), defaultAt("https://api.shelf.test/v1")]),
    ).toEqual({
      problems: [
        expect.stringMatching(
          new RegExp(
            String.raw`^specs\/shelf\/openapi\.yaml:7:10: servers\.0\.url: the path of server ` +
              String.raw`"https:\/\/api\.shelf\.test\/\{version\}" has variable \{version\} without a default`,
          ),
        ),
      ],
    });
  });

  it("prefixes every request: the default address, an address given at call time, and the mock's routes", async () => {
    const result = await linked([
      {
        file: "openapi.yaml",
        find: "  - url: https://api.shelf.test\n",
        replace: "  - url: https://api.shelf.test/{base}\n    variables: { base: { default: api } }\n",
      },
      defaultAt("https://api.shelf.test/api"),
    ]);
    if (!("ir" in result)) throw new Error(result.problems.join("\n"));
    const tool = getBook(result.ir);
    expect(tool.server).toMatchObject({ default: "https://api.shelf.test/api", basePath: "/api" });
    expect(await call(tool)).toEqual({ ok: true, urls: ["https://api.shelf.test/api/v2/books/b1"] });
    const mocks = await startMocks(["shelf"], { specsDir: result.specsDir });
    try {
      const base = mocks.urls.shelf!;
      expect(await call(tool, base)).toEqual({ ok: true, urls: [`${base}/api/v2/books/b1`] });
      // The mock serves the operations under the server's path only, as the live API does.
      expect((await fetch(`${base}/v2/books/b1`, { headers: { "x-shelf-key": "test-key-0001" } })).status).toBe(404);
    } finally {
      await mocks.close();
    }
  });
});

describe("parameters the credential covers", () => {
  const tokenQuery = {
    file: "openapi.yaml" as const,
    find: "      operationId: getBook\n      parameters:\n",
    replace:
      "      operationId: getBook\n      parameters:\n        - { name: token, in: query, required: true, " +
      "schema: { type: string } }\n        - { name: X-Shelf-Key, in: header, required: true, schema: { type: " +
      "string } }\n",
  };

  it(
    "a required token the credential stands for needs auth.covers; one in the credential's own place is covered " +
      "without",
    async () => {
      expect(await linked([tokenQuery])).toEqual({
        problems: [
          expect.stringMatching(
            new RegExp(
              String.raw`^specs\/shelf\/manifest\.yaml:\d+:3: operations\.shelf_get_book: ` +
                String.raw`specs\/shelf\/openapi\.yaml requires query parameter "token" for "getBook", but no ` +
                "parameter or constant supplies it$",
            ),
          ),
        ],
      });
      expect(
        await linked([tokenQuery, { find: "  param: apiKey\n", replace: "  param: apiKey\n  covers: [tokn]\n" }]),
      ).toEqual({
        problems: [
          expect.stringMatching(
            new RegExp(
              String.raw`^specs\/shelf\/manifest\.yaml:12:12: auth\.covers\.0: no operation of the manifest ` +
                'declares a header, query or cookie parameter or a top-level body field "tokn"',
            ),
          ),
          expect.stringMatching(/requires query parameter "token" for "getBook"/),
        ],
      });
    },
  );

  it("is sent by no parameter, and a mock does not require it", async () => {
    const result = await linked([
      tokenQuery,
      { find: "  param: apiKey\n", replace: "  param: apiKey\n  covers: [token]\n" },
    ]);
    if (!("ir" in result)) throw new Error(result.problems.join("\n"));
    const tool = getBook(result.ir);
    expect(tool.params.map((p) => p.name)).not.toContain("token");
    const mocks = await startMocks(["shelf"], { specsDir: result.specsDir });
    try {
      const base = mocks.urls.shelf!;
      expect(await call(tool, base)).toEqual({ ok: true, urls: [`${base}/v2/books/b1`] });
    } finally {
      await mocks.close();
    }
  });
});

describe("the server's scheme", () => {
  it("is refused as http to a host other than loopback, at its place, naming the https address to write", async () => {
    expect(await linked([defaultAt("http://api.shelf.test")])).toEqual({
      problems: [
        'specs/shelf/manifest.yaml:8:12: server.default: "http://api.shelf.test" is http to a host other than ' +
          "loopback, which the runtime never calls (https only, http to loopback hosts): write " +
          '"https://api.shelf.test"',
      ],
    });
  });

  it("takes http to a loopback host (a local service, a mock)", async () => {
    const result = await linked([defaultAt("http://localhost:8108"), serverAt("http://localhost:8108")]);
    expect(result).toHaveProperty("ir");
  });
});
