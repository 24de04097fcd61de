// A generated n8n node's execute (n8n.ts), with a context shaped as n8n's IExecuteFunctions and a real executor over
// fixture tools (test-support/runtime/n8n-context.ts): the parameters read where the node keeps them, the call
// executeTool makes, its output as the item, its failure as n8n's errors with the structured fields.
import { describe, expect, it } from "vitest";
import {
  callParts,
  fixtureTools,
  n8nContext,
  n8nErrors,
  NodeApiError,
  NodeOperationError,
  SHELF_KEY,
  shelfNode,
} from "../../test-support/runtime/n8n-context.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { type N8nNode, runN8nNode } from "./n8n.js";

describe("execute", () => {
  it(
    "reads the credential, the node's properties and its Additional Fields, " +
      "and gives executeTool's output as the item",
    async () => {
      const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
      const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
      const { ctx } = n8nContext(
        [
          {
            operation: "shelf_add_book",
            shelfId: "fiction",
            title: "Dune",
            additionalFields: { meta: '{"isbn":"9780441013593"}', tags: ["sf", "classic"] },
          },
        ],
        { apiKey: SHELF_KEY, baseUrl: "http://127.0.0.1:9" },
      );
      const out = await runN8nNode(ctx, executeTool, shelfNode, n8nErrors);
      expect(out).toEqual([[{ json: { bookId: "b9", state: "pending" }, pairedItem: { item: 0 } }]]);
      expect(seen[0]!.url).toBe("http://127.0.0.1:9/v2/shelves/fiction/books");
      expect(seen[0]!.headers.get("x-shelf-key")).toBe(SHELF_KEY);
      expect(JSON.parse(seen[0]!.body)).toMatchObject({
        title: "Dune",
        tags: ["sf", "classic"],
        meta: { isbn: "9780441013593" },
      });
    },
  );

  // As [parameter, field] pairs (what generate writes), and by parameter (a package generated before the pairs).
  it.each([
    ["pairs", [["apiKey", "apiKeySecret"]] as const],
    ["a record", { apiKey: "apiKeySecret" }],
  ])("reads a credential parameter from the field the node names for it, given as %s", async (_, fields) => {
    const { fetch, seen } = scriptedFetch(json(200, { total: 0, value: [] }));
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
    const renamed: N8nNode = { ...shelfNode, credentialFields: fields };
    const { ctx } = n8nContext([{ operation: "shelf_list_books", shelfId: "fiction", returnAll: true }], {
      apiKey: "not-the-field",
      apiKeySecret: SHELF_KEY,
      baseUrl: "",
    });
    await runN8nNode(ctx, executeTool, renamed, n8nErrors);
    expect(seen[0]!.headers.get("x-shelf-key")).toBe(SHELF_KEY);
  });

  it("sends to the https Base URL typed beside the key; http elsewhere and credentials in it refused", async () => {
    const sent = async (baseUrl: string) => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "b1", title: "t", state: "pending" }));
      const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
      const { ctx } = n8nContext([{ operation: "shelf_get_book", bookId: "b1" }], { apiKey: SHELF_KEY, baseUrl });
      const error = await runN8nNode(ctx, executeTool, shelfNode, n8nErrors).then(
        () => "",
        (e: Error) => e.message,
      );
      return { error, urls: seen.map((r) => r.url) };
    };
    expect(await sent("https://sandbox.zqshelf.test")).toEqual({
      error: "",
      urls: ["https://sandbox.zqshelf.test/v2/books/b1"],
    });
    expect(await sent("http://sandbox.zqshelf.test")).toMatchObject({ error: /^baseUrl: /, urls: [] });
    expect(await sent("https://zq:pw@sandbox.zqshelf.test")).toMatchObject({ error: /^baseUrl: /, urls: [] });
  });

  it("leaves out a credential field n8n keeps empty, and an Additional Field not added", async () => {
    const { fetch, seen } = scriptedFetch(json(200, { total: 0, value: [] }));
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
    const { ctx } = n8nContext([{ operation: "shelf_list_books", shelfId: "fiction", returnAll: true }], {
      apiKey: SHELF_KEY,
      baseUrl: "",
    });
    await runN8nNode(ctx, executeTool, shelfNode, n8nErrors);
    expect(seen[0]!.url).toBe("https://api.shelf.test/v2/shelves/fiction/books?$top=10");
  });

  it("gathers the pages of a list operation: every page with Return All, else up to Limit items", async () => {
    const node: N8nNode = {
      provider: "zqpayments",
      credential: "zqpaymentsApi",
      credentialParams: ["apiKey"],
      operations: { zqpayments_list_customers: { params: [], paging: { returnAll: "returnAll", limit: "limit" } } },
    };
    const page = (n: number, more: boolean) =>
      json(200, { data: Array.from({ length: 3 }, (_, i) => ({ id: `cus_${n}${i}` })), has_more: more });
    const run = async (item: Record<string, unknown>) => {
      const { fetch, seen } = scriptedFetch(page(1, true), page(2, true), page(3, false));
      const executeTool = createExecutor(fixtureTools("zqpayments"), { ...callParts, fetch } as never);
      const [[out]] = (await runN8nNode(
        n8nContext([{ operation: "zqpayments_list_customers", ...item }], { apiKey: "zq-key-0123456789" }).ctx,
        executeTool,
        node,
        n8nErrors,
      )) as unknown as [[{ json: { data: unknown[] } }]];
      return { count: out.json.data.length, requests: seen.length };
    };
    expect(await run({ returnAll: true })).toEqual({ count: 9, requests: 3 });
    expect(await run({ returnAll: false, limit: 4 })).toEqual({ count: 4, requests: 2 });
  });

  it(
    "reads a parameter from the property named otherwise (a name n8n's conventions give another meaning, " +
      "such as limit)",
    async () => {
      const node: N8nNode = {
        provider: "zqpayments",
        credential: "zqpaymentsApi",
        credentialParams: ["apiKey"],
        operations: {
          zqpayments_list_customers: {
            params: [{ name: "limit", property: "limitValue", in: "collection" }],
            collection: "additionalFields",
          },
        },
      };
      const { fetch, seen } = scriptedFetch(json(200, { data: [], has_more: false }));
      const executeTool = createExecutor(fixtureTools("zqpayments"), { ...callParts, fetch } as never);
      await runN8nNode(
        n8nContext([{ operation: "zqpayments_list_customers", limit: 50, additionalFields: { limitValue: 3 } }], {
          apiKey: "zq-key-0123456789",
        }).ctx,
        executeTool,
        node,
        n8nErrors,
      );
      expect(new URL(seen[0]!.url).searchParams.get("limit")).toBe("3");
    },
  );

  it("refuses JSON that does not parse before any request, as NodeOperationError naming the parameter", async () => {
    const { fetch, seen } = scriptedFetch(json(201, {}));
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
    const { ctx } = n8nContext(
      [{ operation: "shelf_add_book", shelfId: "s", title: "t", additionalFields: { meta: "{not json" } }],
      { apiKey: SHELF_KEY },
    );
    const thrown = await runN8nNode(ctx, executeTool, shelfNode, n8nErrors).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(NodeOperationError);
    expect((thrown as Error).message).toMatch(/^meta: must be valid JSON \(/);
    expect((thrown as NodeOperationError).options).toMatchObject({
      itemIndex: 0,
      description: "Parameter: meta. Rule: json",
    });
    expect(seen).toHaveLength(0);
  });

  it("words JSON that does not parse as every caller does, a credential in the text redacted", async () => {
    const { fetch, seen } = scriptedFetch(json(201, {}));
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
    const meta = `zq${SHELF_KEY}`;
    const { ctx } = n8nContext(
      [{ operation: "shelf_add_book", shelfId: "s", title: "t", additionalFields: { meta } }],
      { apiKey: SHELF_KEY },
    );
    const thrown = await runN8nNode(ctx, executeTool, shelfNode, n8nErrors).catch((e: unknown) => e);
    const called = await executeTool(
      "shelf_add_book" as never,
      { apiKey: SHELF_KEY, shelfId: "s", title: "t", meta } as never,
    );
    expect((thrown as Error).message).not.toContain(SHELF_KEY);
    expect((thrown as Error).message).toContain("[redacted]");
    expect(called.success ? "" : called.error.message).toBe((thrown as Error).message);
    expect(seen).toHaveLength(0);
  });

  it("takes text not JSON as the value of a json parameter whose forms include text (name or object)", async () => {
    const { shelf_add_book: add } = fixtureTools("shelf");
    const forms = [{ type: "string" }, { type: "json", jsonType: "object" }];
    const params = add!.params.map((p) => (p.name === "meta" ? { ...p, anyOf: forms } : p));
    const zqTools = { shelf_add_book: { ...add, params } as ToolSpec };
    const op = shelfNode.operations.shelf_add_book!;
    const orText = op.params.map((p) => (p.name === "meta" ? { ...p, orText: true } : p));
    const zqNode: N8nNode = { ...shelfNode, operations: { shelf_add_book: { ...op, params: orText } } };
    const sent = async (meta: string) => {
      const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "t", state: "pending" }));
      const executeTool = createExecutor(zqTools, { ...callParts, fetch } as never);
      const item = { operation: "shelf_add_book", shelfId: "s", title: "t", additionalFields: { meta } };
      await runN8nNode(n8nContext([item], { apiKey: SHELF_KEY }).ctx, executeTool, zqNode, n8nErrors);
      return (JSON.parse(seen[0]!.body) as { meta: unknown }).meta;
    };
    expect(await sent("zq-ash")).toBe("zq-ash");
    expect(await sent("2024")).toBe("2024");
    expect(await sent('{"zqVoice":"zq-1"}')).toEqual({ zqVoice: "zq-1" });
  });

  it("gives a value the runtime refuses as NodeOperationError, before any request", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
    const { ctx } = n8nContext([{ operation: "shelf_get_book", bookId: "" }], { apiKey: SHELF_KEY });
    const thrown = await runN8nNode(ctx, executeTool, shelfNode, n8nErrors).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(NodeOperationError);
    expect((thrown as Error).message).toContain("bookId");
    expect(seen).toHaveLength(0);
  });

  const upstream: [string, Response, object][] = [
    [
      "a 429 with Retry-After",
      json(429, { error: { code: "Throttled", message: "slow down" } }, { "retry-after": "3600" }),
      { cause: "rate-limited", retryAfterMs: 3_600_000 },
    ],
    ["a 401", json(401, { error: { code: "BadKey", message: "who are you" } }), { cause: "credential-invalid" }],
    ["a 503", json(503, { error: { code: "Down", message: "later" } }), { cause: "temporarily-unavailable" }],
  ];
  it.each(upstream)(
    "gives %s as NodeApiError with the structured error, its status and n8n's failure cause",
    async (_name, reply, failure) => {
      const { fetch } = scriptedFetch(reply);
      const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch, retries: 0 } as never);
      const { ctx } = n8nContext([{ operation: "shelf_get_book", bookId: "b1" }], { apiKey: SHELF_KEY });
      const thrown = (await runN8nNode(ctx, executeTool, shelfNode, n8nErrors).catch(
        (e: unknown) => e,
      )) as NodeApiError;
      expect(thrown).toBeInstanceOf(NodeApiError);
      expect(thrown.response).toMatchObject({
        type: "upstream",
        provider: "shelf",
        operation: "shelf_get_book",
        status: reply.status,
      });
      expect(thrown.options).toMatchObject({ httpCode: String(reply.status), itemIndex: 0, failure });
    },
  );

  it("gives a quota used up (a 403 the manifest's quota names) as a quota exhausted, not no cause", async () => {
    const quota = { from: [{ kind: "body" as const, pointer: ["error", "code"] }], codes: ["ZQ_LIMIT_USED"] };
    const zqTools = {
      ...fixtureTools("shelf"),
      shelf_get_book: { ...fixtureTools("shelf").shelf_get_book!, rateLimits: { quota } },
    };
    const { fetch } = scriptedFetch(json(403, { error: { code: "ZQ_LIMIT_USED", message: "used up" } }));
    const executeTool = createExecutor(zqTools, { ...callParts, fetch, retries: 0 } as never);
    const { ctx } = n8nContext([{ operation: "shelf_get_book", bookId: "b1" }], { apiKey: SHELF_KEY });
    const thrown = (await runN8nNode(ctx, executeTool, shelfNode, n8nErrors).catch((e: unknown) => e)) as NodeApiError;
    expect(thrown.response).toMatchObject({ status: 403, quotaExceeded: true, retryable: false });
    expect(thrown.options).toMatchObject({ httpCode: "403", failure: { cause: "quota-exhausted" } });
  });

  it("with Continue On Fail, gives each failure as its item's error and goes on", async () => {
    const { fetch } = scriptedFetch(
      json(404, { error: { code: "NotFound", message: "no book" } }),
      json(200, { id: "b2", title: "t", state: "ready" }),
    );
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch, retries: 0 } as never);
    const { ctx } = n8nContext(
      [
        { operation: "shelf_get_book", bookId: "b1" },
        { operation: "shelf_get_book", bookId: "b2" },
      ],
      { apiKey: SHELF_KEY },
      { continueOnFail: true },
    );
    const [items] = await runN8nNode(ctx, executeTool, shelfNode, n8nErrors);
    expect(items![0]).toMatchObject({
      json: { error: { type: "upstream", status: 404, code: "NotFound" } },
      pairedItem: { item: 0 },
    });
    expect(items![1]).toMatchObject({ json: { book: { id: "b2" } }, pairedItem: { item: 1 } });
  });

  it(
    "sends an input item's binary field as a file parameter, " +
      "and gives a downloaded file as the item's binary data",
    async () => {
      const node: N8nNode = {
        provider: "zqfiles",
        credential: "zqfilesApi",
        credentialParams: ["apiKey"],
        operations: {
          zqfiles_upload_image: { params: [{ name: "image", in: "node", as: "file" }] },
          zqfiles_download_file: { params: [{ name: "fileId", in: "node" }] },
        },
      };
      const pdf = new TextEncoder().encode("%PDF-1.7 zq");
      const { fetch, seen } = scriptedFetch(
        json(201, { id: "img-1" }),
        new Response(pdf, {
          status: 200,
          headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="zq.pdf"' },
        }),
      );
      const executeTool = createExecutor(fixtureTools("zqfiles"), { ...callParts, fetch } as never);
      const upload = n8nContext(
        [{ operation: "zqfiles_upload_image", image: "data" }],
        { apiKey: "files-key-0b1c2d3e4f" },
        { binary: { data: { bytes: new Uint8Array([137, 80, 78, 71]), fileName: "a.png", mimeType: "image/png" } } },
      );
      expect(await runN8nNode(upload.ctx, executeTool, node, n8nErrors)).toEqual([
        [{ json: { id: "img-1" }, pairedItem: { item: 0 } }],
      ]);
      expect(seen[0]!.headers.get("content-type")).toBe("image/png");
      const download = n8nContext([{ operation: "zqfiles_download_file", fileId: "f1" }], {
        apiKey: "files-key-0b1c2d3e4f",
      });
      const [[item]] = (await runN8nNode(download.ctx, executeTool, node, n8nErrors)) as unknown as [
        [{ json: Record<string, unknown>; binary: Record<string, unknown> }],
      ];
      expect(item.json).toEqual({ contentType: "application/pdf", filename: "zq.pdf", size: pdf.byteLength });
      expect(Object.keys(item.binary)).toEqual(["data"]);
      expect(download.prepared).toHaveLength(1);
      expect(download.prepared[0]).toMatchObject({ fileName: "zq.pdf", mimeType: "application/pdf" });
      expect(new Uint8Array(download.prepared[0]!.data as Uint8Array)).toEqual(pdf);
    },
  );

  it(
    "sends a list of files from the binary fields its property names, comma-separated, each its own part in order; " +
      "a field the item lacks is refused naming the parameter, nothing sent",
    async () => {
      const node: N8nNode = {
        provider: "zqfiles",
        credential: "zqfilesApi",
        credentialParams: ["apiKey"],
        operations: {
          zqfiles_upload_batch: {
            params: [
              { name: "files", in: "node", as: "files" },
              { name: "label", in: "collection" },
            ],
            collection: "additionalFields",
          },
        },
      };
      const binary = {
        zqFirst: { bytes: new TextEncoder().encode("zq one"), fileName: "one.txt", mimeType: "text/plain" },
        zqSecond: { bytes: new Uint8Array([137, 80, 78, 71]), fileName: "two.png", mimeType: "image/png" },
      };
      const { fetch, seen } = scriptedFetch(json(200, { count: 2 }));
      const executeTool = createExecutor(fixtureTools("zqfiles"), { ...callParts, fetch } as never);
      const upload = n8nContext(
        [{ operation: "zqfiles_upload_batch", files: " zqSecond, zqFirst ", additionalFields: { label: "zq" } }],
        { apiKey: "files-key-0b1c2d3e4f" },
        { binary },
      );
      expect(await runN8nNode(upload.ctx, executeTool, node, n8nErrors)).toEqual([
        [{ json: { count: 2 }, pairedItem: { item: 0 } }],
      ]);
      const body = await new Response(seen[0]!.body, { headers: seen[0]!.headers }).formData();
      const sent = body.getAll("files") as File[];
      // Each part's type is the file's own, as n8n's binary field gives it: the document names no encoding, so
      // OpenAPI's default (application/octet-stream) is for a file of no known type only.
      expect(sent.map((f) => [f.name, f.type])).toEqual([
        ["two.png", "image/png"],
        ["one.txt", "text/plain"],
      ]);
      expect(await sent[1]!.text()).toBe("zq one");
      expect(body.get("label")).toBe("zq");

      const missing = n8nContext(
        [{ operation: "zqfiles_upload_batch", files: "zqFirst,zqAbsent" }],
        { apiKey: "files-key-0b1c2d3e4f" },
        { binary },
      );
      const refusal = await runN8nNode(missing.ctx, executeTool, node, n8nErrors).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(NodeOperationError);
      expect((refusal as Error).message).toContain("files");
      expect((refusal as Error).message).toContain("zqAbsent");
      expect(seen).toHaveLength(1);
    },
  );
});
