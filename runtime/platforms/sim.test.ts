// Sim's request builders, transformResponse and block parameters (sim.ts):
// the request is executeTool's, built once for the values Sim passes to every
// builder; Sim's own keys and a block's empty inputs are not the tool's; an
// answer reads as executeTool reads it; directExecution is executeTool's call.
import { afterEach, describe, expect, it, vi } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import type { ExecuteOptions } from "../call/call-types.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { simBlockParams, simRequest } from "./sim.js";

const KEY = "shelf-key-7f3a9c2e51";
const tools = (fixture: "shelf" | "zqfiles"): Record<string, ToolSpec> =>
  Object.fromEntries(irFixture(fixture).operations.map((o) => [o.tool.id, o.tool]));
const { rateLimits: _processLimiter, ...parts } = fullSupport;
const shelf = createExecutor(tools("shelf"), parts);
const names = (id: string) => [...tools("shelf")[id]!.params.map((p) => p.name), "baseUrl"];

describe("the request builders", () => {
  it("are the request executeTool sends, built once for the values Sim passes to each", async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: "b9", title: "Dune", state: "pending" }));
    const params = {
      apiKey: KEY,
      shelfId: "fiction",
      title: "Dune",
      tags: "sf, classic",
      baseUrl: "http://127.0.0.1:9",
    };
    await shelf(
      "shelf_add_book" as never,
      { apiKey: KEY, shelfId: "fiction", title: "Dune", tags: "sf, classic" } as never,
      { fetch, baseUrl: "http://127.0.0.1:9" },
    );
    const request = simRequest(shelf, "shelf_add_book", names("shelf_add_book"), "baseUrl");
    // Sim adds its own keys (the execution's context), and leaves an input no one filled empty.
    const values = { ...params, _context: { workflowId: "wf-1" }, format: "" };
    expect({ url: request.url(values), method: request.method(values), body: request.body(values) }).toEqual({
      url: seen[0]!.url,
      method: "POST",
      body: seen[0]!.body,
    });
    expect(new Headers(request.headers(values))).toEqual(seen[0]!.headers);
  });

  it("throw what the runtime refuses, naming the parameter, before any request", () => {
    const request = simRequest(shelf, "shelf_get_book", names("shelf_get_book"));
    expect(() => request.url({ apiKey: KEY, bookId: "x".repeat(5000) })).toThrow(/^bookId: /);
  });

  it("send to the https baseUrl typed beside the key; plain http elsewhere and credentials in it refused", () => {
    const request = simRequest(shelf, "shelf_get_book", names("shelf_get_book"), "baseUrl");
    const url = (baseUrl: string) => request.url({ apiKey: KEY, bookId: "b1", baseUrl });
    expect(url("https://sandbox.zqshelf.test")).toBe("https://sandbox.zqshelf.test/v2/books/b1");
    expect(() => url("http://sandbox.zqshelf.test")).toThrow(/^baseUrl: /);
    expect(() => url("https://zq:pw@sandbox.zqshelf.test")).toThrow(/^baseUrl: /);
  });

  it("throw JSON text that does not parse in the runtime's words, the credential in it redacted", () => {
    const request = simRequest(shelf, "shelf_add_book", names("shelf_add_book"));
    const values = simBlockParams({ apiKey: KEY, shelfId: "s", title: "t", meta: `zq${KEY}` }, { meta: "json" });
    expect(() => request.url(values)).toThrow(/^meta: must be valid JSON \(.*\[redacted\]/);
    expect(() => request.url(values)).not.toThrow(KEY);
  });

  it("throw for a body that is not text (a file), which Sim's executor sends only as text", () => {
    const files = createExecutor(tools("zqfiles"), parts);
    const request = simRequest(files, "zqfiles_upload_image", ["apiKey", "image"]);
    expect(() => request.body({ apiKey: "files-key-0b1c2d3e4f", image: new Uint8Array([1]) })).toThrow(
      /image: a file is read before its request is built/,
    );
  });
});

describe("transformResponse", () => {
  it("gives executeTool's output for the same answer, and a failure as Sim's error", async () => {
    const params = { apiKey: KEY, shelfId: "fiction" };
    const answer = () => json(200, { total: 1, value: [{ id: "b1", title: "Dune", state: "ready" }] });
    const { fetch } = scriptedFetch(answer());
    const direct = await shelf("shelf_list_books" as never, params as never, { fetch });
    const request = simRequest(shelf, "shelf_list_books", names("shelf_list_books"));
    request.url(params);
    expect(await request.transformResponse(answer(), params)).toEqual({
      success: true,
      output: direct.success ? direct.output : null,
    });
    const failed = await request.transformResponse(
      json(500, { error: { code: "Boom", message: `broken for ${KEY}` } }),
      params,
    );
    expect(failed).toMatchObject({ success: false, output: {} });
    expect(failed.error).not.toContain(KEY);
  });
});

describe("directExecution", () => {
  it("is executeTool's call: the address as baseUrl, Sim's keys and empty inputs left out, the signal", async () => {
    const answer = () => json(200, { id: "b7", title: "Dune", state: "ready" });
    const direct = await shelf("shelf_get_book" as never, { apiKey: KEY, bookId: "b7" } as never, {
      fetch: scriptedFetch(answer()).fetch,
      baseUrl: "http://127.0.0.1:9",
    });
    const { fetch, seen } = scriptedFetch(answer());
    const calls: unknown[][] = [];
    const execute = Object.assign(
      (id: never, params: never, options: ExecuteOptions = {}) => {
        calls.push([id, params, options]);
        return shelf(id, params, { ...options, fetch });
      },
      { prepare: shelf.prepare },
    );
    const request = simRequest(execute, "shelf_get_book", names("shelf_get_book"), "baseUrl");
    const run = new AbortController();
    const values = { apiKey: KEY, bookId: "b7", baseUrl: "http://127.0.0.1:9", _context: { workflowId: "wf-1" } };
    expect(direct.success).toBe(true);
    expect(await request.directExecution({ ...values, format: "" }, run.signal)).toEqual({
      success: true,
      output: direct.success ? direct.output : null,
    });
    expect(calls).toEqual([
      ["shelf_get_book", { apiKey: KEY, bookId: "b7" }, { baseUrl: "http://127.0.0.1:9", signal: run.signal }],
    ]);
    expect(new URL(seen[0]!.url).origin).toBe("http://127.0.0.1:9");
    run.abort();
    const aborted = await request.directExecution(values, run.signal);
    expect(aborted).toEqual({ success: false, output: {}, error: "the call was cancelled" });
  });
});

describe("directExecution of a file parameter", () => {
  afterEach(() => vi.unstubAllEnvs());
  it("holds its address to the public internet (a model's or not) unless BLOCKWRIGHT_FILE_HOSTS allows", async () => {
    const zqfiles = createExecutor(tools("zqfiles"), parts);
    const { fetch, seen } = scriptedFetch(
      new Response("zq,1\n"),
      json(200, { id: "zq-file-1", filename: "x", bytes: 3 }),
    );
    const execute = Object.assign(
      (id: never, params: never, options: ExecuteOptions = {}) => zqfiles(id, params, { ...options, fetch }),
      { prepare: zqfiles.prepare },
    );
    const request = simRequest(execute, "zqfiles_upload_file", ["apiKey", "file", "purpose"], {
      files: { file: "file" },
    });
    const values = { apiKey: "files-key-0b1c2d3e4f", file: "https://10.0.0.5/zq.csv", purpose: "batch" };
    expect(await request.directExecution(values)).toEqual({
      success: false,
      output: {},
      error: expect.stringMatching(
        /^file: a model's file address must be on the public internet, got host 10\.0\.0\.5 /,
      ),
    });
    expect(seen).toEqual([]);
    vi.stubEnv("BLOCKWRIGHT_FILE_HOSTS", " zqdb.internal, 10.0.0.5 ");
    expect(await request.directExecution(values)).toEqual({ success: true, output: { id: "zq-file-1", bytes: 3 } });
    expect(seen.map((r) => r.url)).toEqual(["https://10.0.0.5/zq.csv", "https://api.zqfiles.test/files"]);
  });
});

describe("the block's parameters", () => {
  it("turn a short input's text into the number or boolean its parameter takes, and leave other text as it is", () => {
    expect(
      simBlockParams(
        { operation: "x_list", top: "25", eventual: "true", shelfId: "42", limit: "lots", empty: "" },
        { top: "number", eventual: "boolean", limit: "number", empty: "number" },
      ),
    ).toEqual({
      operation: "x_list",
      top: 25,
      eventual: true,
      shelfId: "42",
      limit: "lots",
      empty: undefined,
    });
  });

  it("type a name whose parameters differ between operations as the block's operation's parameter is", () => {
    const types = { zqLevel: { zq_list_a: "number" }, zqFlag: { zq_list_a: "boolean", zq_list_c: "json" } } as const;
    const values = { zqLevel: "42", zqFlag: "true" };
    expect(simBlockParams({ operation: "zq_list_a", ...values }, types)).toEqual({
      operation: "zq_list_a",
      zqLevel: 42,
      zqFlag: true,
    });
    // Operation b's parameters of those names are text: its values stay text.
    expect(simBlockParams({ operation: "zq_list_b", ...values }, types)).toEqual({ operation: "zq_list_b", ...values });
    expect(simBlockParams({ operation: "zq_list_c", zqFlag: '{"zq":1}' }, types)).toEqual({
      operation: "zq_list_c",
      zqFlag: { zq: 1 },
    });
    expect(simBlockParams(values, types)).toEqual(values);
  });

  it("turn a json input's text whose forms include text into the object or list it spells, other text as it is", () => {
    expect(
      simBlockParams(
        { zqVoice: '{"id":"zq-v1"}', zqName: "zq-ash", zqList: " [1, 2] ", zqBroken: "{zq", zqNumber: "2024" },
        { zqVoice: "json", zqName: "json", zqList: "json", zqBroken: "json", zqNumber: "json" },
      ),
    ).toEqual({ zqVoice: { id: "zq-v1" }, zqName: "zq-ash", zqList: [1, 2], zqBroken: "{zq", zqNumber: "2024" });
  });
});
