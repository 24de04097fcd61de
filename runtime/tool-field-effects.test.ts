// Each optional field of a tool definition (the fields concepts add) has an
// effect: set on a tool, the runtime behaves otherwise than without it. The
// table is keyed by every ToolSpec field and an optional one must have an
// effect, so a field added to the tool definition does not compile until its
// effect is shown here (the error names it); a field every tool has may say
// instead which tests show what it does. A concept that reads its field yet
// does nothing with it fails here.
import { describe, expect, it } from "vitest";
import { irFixture, type IrFixture } from "../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "./execute/execute.js";
import { toolDescription } from "./llm/llm-tools.js";
import { oauthParams } from "./oauth/flows.js";
import { toolBehavior } from "./spec/behavior.js";
import type { ToolSpec } from "./spec/tool-types.js";
import { asksForDefault } from "./workflow/mock-answer.js";

const tool = (fixture: IrFixture, id: string): ToolSpec =>
  irFixture(fixture).operations.find((o) => o.tool.id === id)!.tool;
const getBook = tool("shelf", "shelf_get_book");
const createCustomer = tool("zqpayments", "zqpayments_create_customer");
const listCustomers = tool("zqpayments", "zqpayments_list_customers");
const downloadFile = tool("zqfiles", "zqfiles_download_file");
const uploadFile = tool("zqfiles", "zqfiles_upload_file");
const storeCreate = tool("store", "store_create_customer");
const SHELF = { apiKey: "shelf-key-7f3a9c2e51", bookId: "b1" };
const PAYMENTS = { apiKey: "sk_test_4eC39HqLyjWDarjt" };
const book = () => json(200, { id: "b1", title: "Dune", state: "ready" });

/** A tool whose field is set (`set`) or left out, and what of the runtime's behaviour it changes. */
interface Effect<K extends keyof ToolSpec> {
  base: ToolSpec;
  set: NonNullable<ToolSpec[K]>;
  observe: (tool: ToolSpec) => unknown;
}

/** Where the behaviour of a field every tool has is tested (it cannot be left out). */
interface Core {
  core: string;
}

type Effects = { readonly [K in keyof ToolSpec]-?: undefined extends ToolSpec[K] ? Effect<K> : Core };

/** A call's result and the requests it sent (method, address, Content-Type and the headers named). */
async function call(
  t: ToolSpec,
  params: Record<string, unknown>,
  replies: Parameters<typeof scriptedFetch>,
  options: { allPages?: boolean; headers?: string[]; signal?: AbortSignal } = {},
) {
  const { fetch, seen } = scriptedFetch(...replies);
  const result = await executeToolDefinition(t, params, {
    fetch,
    retries: 0,
    ...(options.allPages ? { allPages: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const sent = seen.map((r) => ({
    method: r.method,
    url: r.url,
    type: r.headers.get("content-type"),
    ...Object.fromEntries((options.headers ?? []).map((h) => [h, r.headers.get(h)])),
  }));
  return {
    result: result.success
      ? { success: true, output: result.output }
      : { success: false, type: result.error.type, code: result.error.code },
    sent,
  };
}

/** An upstream that never answers, until the call's signal gives up. */
const silent = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(new Error("aborted"))));

const EFFECTS: Effects = {
  id: { core: "llm-tools.test.ts (tool names), execute.test.ts (errors name the operation)" },
  provider: { core: "execute.test.ts (an executor's tools by provider), upstream-error.test.ts (errors name it)" },
  title: { core: "llm-tools.test.ts (the LLM tool's title)" },
  description: { core: "llm-tools.test.ts (the LLM tool's description)" },
  operationId: { core: "no runtime module reads it (tool-field-readers.ts READ_BY_NO_MODULE)" },
  method: { core: "execute.test.ts, behavior.test.ts (the request's method, what may be repeated)" },
  path: { core: "request-url.test.ts (the request's address)" },
  server: { core: "hosts.test.ts, reply-body.test.ts (where calls go, how much they read)" },
  auth: { core: "support.test.ts, execute.test.ts (where the credential goes)" },
  params: { core: "refusals.test.ts, wire-style.test.ts (what is checked and sent)" },
  routes: { core: "execute.test.ts (another operation serves a matching value)" },
  constants: { core: "execute.test.ts (values every call sends)" },
  rules: { core: "refusals.test.ts (rules across parameters)" },
  // A header of the file's part (OpenAPI `encoding.<field>.headers`), written in the part's head.
  partHeaders: {
    base: uploadFile,
    set: [{ field: "file", name: "X-Zq-Part-Origin", value: "zq-origin-1" }],
    observe: async (t) => {
      const { fetch, seen } = scriptedFetch(json(200, { id: "f1", bytes: 3 }));
      const file = new Blob([new Uint8Array([1, 2, 3])], { type: "application/pdf" });
      await executeToolDefinition(
        t,
        { apiKey: "zqfiles-key-0123456789", file, purpose: "batch" },
        { fetch, retries: 0 },
      );
      return seen.map((r) => /X-Zq-Part-Origin: .*/.exec(r.body)?.[0]);
    },
  },
  successStatuses: { core: "execute.test.ts (what a success is), placeholder.test.ts (mock answers)" },
  responses: { core: "placeholder.test.ts (what a mock can answer)" },
  outputs: { core: "output-types.test.ts, execute.test.ts (what a result holds)" },
  outcomes: { core: "execute.test.ts (a status that is a result)" },
  errors: { core: "upstream-error.test.ts (how an error reply reads)" },
  anonymous: {
    base: getBook,
    set: true,
    // The credential given is not sent when the operation takes none.
    observe: (t) => call(t, SHELF, [book()], { headers: ["x-shelf-key"] }),
  },
  authOptional: {
    base: getBook,
    set: true,
    // A call without the credential (its parameter optional, as the linker makes it) is sent, with none.
    observe: (t) =>
      call(
        { ...t, params: t.params.map((p) => (p.name === "apiKey" ? { ...p, required: false } : p)) },
        { bookId: "b1" },
        [book()],
        { headers: ["x-shelf-key"] },
      ),
  },
  oauth: {
    base: getBook,
    set: {
      flows: [
        {
          grant: "clientCredentials",
          tokenUrl: "https://auth.zqshelf.test/token",
          clientId: "zqClientId",
          clientSecret: "zqClientSecret",
        },
      ],
    },
    observe: (t) => [...oauthParams(t)],
  },
  defaultResponse: {
    base: storeCreate,
    set: storeCreate.defaultResponse!,
    observe: (t) => asksForDefault(t, { code: "default" }),
  },
  rateLimits: {
    base: getBook,
    set: { pauseMs: 60_000 },
    // A 429 that says nothing of when: the provider's pause, else the runtime's short backoff.
    observe: async (t) => {
      const result = await executeToolDefinition(t, SHELF, {
        fetch: scriptedFetch(json(429, { error: { code: "TooMany", message: "Slow down" } })).fetch,
        retries: 0,
      });
      return result.success ? undefined : result.error.retryAfterMs;
    },
  },
  polling: { base: getBook, set: getBook.polling!, observe: (t) => toolDescription(t) },
  behavior: { base: getBook, set: { readOnly: false, destructive: true }, observe: (t) => toolBehavior(t) },
  deprecated: {
    base: getBook,
    set: "zq: use shelf_list_books, which gives the same fields.",
    observe: (t) => toolDescription(t),
  },
  body: {
    base: createCustomer,
    set: createCustomer.body!,
    observe: (t) => call(t, { ...PAYMENTS, email: "zq@example.test" }, [json(200, { id: "cus_1" })]),
  },
  idempotency: {
    base: createCustomer,
    set: createCustomer.idempotency!,
    observe: (t) =>
      call(t, { ...PAYMENTS, email: "zq@example.test" }, [json(200, { id: "cus_1" })], {
        headers: ["idempotency-key"],
      }),
  },
  pagination: {
    base: listCustomers,
    set: listCustomers.pagination!,
    observe: (t) =>
      call(
        t,
        PAYMENTS,
        [
          json(200, { object: "list", has_more: true, data: [{ id: "cus_1" }] }),
          json(200, { object: "list", has_more: false, data: [{ id: "cus_2" }] }),
        ],
        { allPages: true },
      ),
  },
  download: {
    base: downloadFile,
    set: downloadFile.download!,
    // The file's types asked for (Accept) and its name read: bytes that come without it are read as a file too
    // (reply-failures.ts otherForm).
    observe: (t) =>
      call(
        t,
        { apiKey: "zqfiles-key-0123456789", fileId: "f1" },
        [
          new Response(new Uint8Array([37, 80, 68, 70]), {
            status: 200,
            headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="zq.pdf"' },
          }),
        ],
        { headers: ["accept"] },
      ),
  },
  // Read as items, one per line: the body a stream, not one JSON document (which the second line would break).
  stream: {
    base: getBook,
    set: { status: 200, mediaTypes: ["application/x-ndjson"], itemBytes: 1024 },
    observe: (t) =>
      call(t, SHELF, [
        new Response('{"id":"b1"}\n{"id":"b2"}\n', {
          status: 200,
          headers: { "content-type": "application/x-ndjson" },
        }),
      ]),
  },
  // A text answer whose text happens to be JSON is the output's text, not the JSON value it spells (which the output's
  // type check refuses).
  answerText: {
    base: {
      ...getBook,
      outputs: [
        {
          path: "zqtext",
          type: "string",
          description: "The answer's text.",
          optional: false,
          source: { expression: "$response.body", ref: { kind: "body", pointer: [] } },
        },
      ],
    },
    set: true,
    observe: (t) => call(t, SHELF, [new Response('{"a":1}', { headers: { "content-type": "text/plain" } })]),
  },
  // An Accept of the types the answers declare, where the runtime's own `application/json` could bring another.
  accept: {
    base: getBook,
    set: "application/vnd.zq+json",
    observe: (t) => call(t, SHELF, [book()], { headers: ["accept"] }),
  },
  timeoutMs: {
    base: getBook,
    set: 20,
    // An upstream that never answers: the operation's deadline ends the call (a time-out) before the caller's cancel
    // does.
    observe: (t) => call(t, SHELF, [silent], { signal: AbortSignal.timeout(500) }).then((r) => r.result),
  },
};

describe("every optional tool field", () => {
  const effects = (Object.entries(EFFECTS) as [keyof ToolSpec, Effect<keyof ToolSpec> | Core][]).filter(
    (e): e is [keyof ToolSpec, Effect<keyof ToolSpec>] => "base" in e[1],
  );

  it("has an effect shown in the table (the compiler demands one for each)", () => {
    expect(effects.map(([field]) => field).length).toBeGreaterThanOrEqual(12);
  });

  for (const [field, effect] of effects) {
    it(`${field}: set, the runtime behaves otherwise`, async () => {
      const without = { ...effect.base };
      delete without[field];
      const withField = { ...effect.base, [field]: effect.set } as ToolSpec;
      expect(await effect.observe(withField)).not.toEqual(await effect.observe(without));
    });
  }
});
