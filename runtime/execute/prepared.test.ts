// A request its host sends (prepared.ts): the request is the one executeTool
// sends, the host's answer reads as executeTool's own, and what needs an
// asynchronous preparation is refused before anything, naming the parameter.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import type { ToolResult } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { createExecutor } from "./executor.js";
import { fullSupport } from "./full-support.js";
import type { PreparedRequest } from "./prepared.js";

const tools = (fixture: "shelf" | "zqfiles" | "zqpayments"): Record<string, ToolSpec> =>
  Object.fromEntries(irFixture(fixture).operations.map((o) => [o.tool.id, o.tool]));
const { rateLimits: _processLimiter, ...parts } = fullSupport;
const shelf = createExecutor(tools("shelf"), parts);
const KEY = "shelf-key-7f3a9c2e51";

function prepared(result: ReturnType<typeof shelf.prepare>): PreparedRequest {
  if ("failed" in result) throw new Error(`refused: ${result.failed.error.message}`);
  return result as PreparedRequest;
}

describe("the request a host sends", () => {
  const calls: [string, Record<string, unknown>][] = [
    ["shelf_list_books", { apiKey: KEY, shelfId: "fiction", eventual: true, top: 5 }],
    ["shelf_get_book", { apiKey: KEY, bookId: "b 1/2" }],
    [
      "shelf_add_book",
      { apiKey: KEY, shelfId: "fiction", title: "Dune", tags: " sf, classic ", meta: '{"isbn":"9780441013593"}' },
    ],
  ];
  it.each(calls)("%s: is the request executeTool sends", async (id, params) => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    await shelf(id as never, params as never, { fetch, baseUrl: "http://127.0.0.1:9", retries: 0 });
    const { request } = prepared(shelf.prepare(id as never, params as never, { baseUrl: "http://127.0.0.1:9" }));
    const sent = seen[0]!;
    expect({ method: request.method, url: request.url, body: request.body ?? "" }).toEqual({
      method: sent.method,
      url: sent.url,
      body: sent.body,
    });
    expect(new Headers(request.headers)).toEqual(sent.headers);
  });

  it(
    "reads the host's answer as executeTool reads the same answer: outputs, an outcome's status, " +
      "an upstream error",
    async () => {
      const params = { apiKey: KEY, shelfId: "fiction" };
      const answers = [
        () => json(200, { total: 1, value: [{ id: "b1", title: "Dune", state: "ready" }] }),
        () => json(404, { error: { code: "NotFound", message: "no such shelf" } }),
        () => json(500, { error: { code: "Boom", message: `failed for ${KEY}` } }, { "x-request-id": "r-1" }),
      ];
      for (const answer of answers) {
        const { fetch } = scriptedFetch(answer());
        const direct: ToolResult<object> = await shelf("shelf_list_books" as never, params as never, {
          fetch,
          retries: 0,
        });
        const hosted = await prepared(shelf.prepare("shelf_list_books" as never, params as never)).answer(answer());
        expect(hosted).toEqual(direct);
      }
      // The credential in the upstream's message is withheld, as executeTool withholds it.
      const failed = await prepared(shelf.prepare("shelf_list_books" as never, params as never)).answer(answers[2]!());
      expect(JSON.stringify(failed)).not.toContain(KEY);
    },
  );
});

describe("refused before anything is sent", () => {
  it("bad values, named as executeTool names them", () => {
    const result = shelf.prepare("shelf_get_book" as never, { apiKey: KEY } as never);
    expect(result).toMatchObject({
      failed: { success: false, error: { type: "validation", param: "bookId", rule: "required" } },
    });
  });

  it("an unknown operation", () => {
    expect(shelf.prepare("shelf_burn_books" as never, {} as never)).toMatchObject({
      failed: { error: { type: "validation", rule: "operation" } },
    });
  });

  it("a file parameter: its bytes are read before the request is built", () => {
    const files = createExecutor(tools("zqfiles"), parts);
    const result = files.prepare(
      "zqfiles_upload_image" as never,
      { apiKey: "files-key-0b1c2d3e4f", image: new Uint8Array([1, 2, 3]) } as never,
    );
    expect(result).toMatchObject({ failed: { error: { type: "validation", param: "image", rule: "file" } } });
  });

  it("a token an OAuth 2 flow would obtain, naming the access token parameter; a token given is sent", async () => {
    const tracker = createExecutor(fixtureTools("tracker-oauth"), parts);
    const repo = { owner: "octo", repo: "hello" };
    const byFlow = tracker.prepare(
      "tracker_list_issues" as never,
      { ...repo, tenant: "contoso", clientId: "app-1", clientSecret: "client-secret-5f1e9a7c" } as never,
    );
    expect(byFlow).toMatchObject({ failed: { error: { type: "validation", rule: "oauth" } } });
    expect(JSON.stringify(byFlow)).not.toContain("client-secret-5f1e9a7c");
    const given = prepared(
      tracker.prepare("tracker_list_issues" as never, { ...repo, token: "access-token-9f8e7d6c" } as never),
    );
    expect(given.request.headers.Authorization ?? given.request.headers.authorization).toBe(
      "Bearer access-token-9f8e7d6c",
    );
  });

  it("all pages: a host sends one request", () => {
    expect(
      shelf.prepare("shelf_list_books" as never, { apiKey: KEY, shelfId: "s" } as never, { allPages: true } as never),
    ).toMatchObject({ failed: { error: { param: "allPages", rule: "pagination" } } });
  });
});

describe("an idempotency key", () => {
  it("is sent by the host and named by a failure of its answer", async () => {
    const payments = createExecutor(tools("zqpayments"), parts);
    const ids = Object.keys(tools("zqpayments"));
    const id = ids.find((i) => tools("zqpayments")[i]!.idempotency)!;
    const tool = tools("zqpayments")[id]!;
    const params = Object.fromEntries(
      tool.params.filter((p) => p.required).map((p) => [p.name, p.example ?? (p.type === "number" ? 1 : "zq-value-1")]),
    );
    const result = payments.prepare(id as never, params as never, { idempotencyKey: "key-12345" });
    const { request, answer } = prepared(result as never);
    expect(request.headers[tool.idempotency!.header]).toBe("key-12345");
    const failed = await answer(json(503, { error: { message: "busy" } }));
    expect(failed).toMatchObject({ success: false, error: { idempotencyKey: "key-12345" } });
  });
});
