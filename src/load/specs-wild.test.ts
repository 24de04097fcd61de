// Two providers in the style found in the wild, written in YAML only
// (__fixtures__/specs-wild): a payments API (a form-only request body with
// nested keys, cursor pagination by the last item's id, Idempotency-Key,
// errors with param and decline_code) and an issue tracker (vendor media
// types, constant headers on every call, Link pagination, 422 errors with an
// errors list, a spec split over several files). They are generated as any
// provider is (golden.test.ts type-checks their packages), and their tools are run against
// Prism mocks of their specs, started and stopped here, asserting the exact
// wire. Where one static mock answer cannot play a scenario (a 503 before
// success, a last page), the test's fetch plays that part and hands every
// other request to the mock unchanged.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExecutor, fullSupport, type ToolSpec } from "@blockwright/runtime/internal";
import { startMocks, type MockServers } from "../mocks/mocks.js";
import { generate } from "../emit/generate-all.js";
import { loadProvider } from "../emit/link-provider.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const wild = join(root, "test-support/fixtures/specs-wild");
const zqpayments = await loadProvider(root, join(wild, "zqpayments"));
const tracker = await loadProvider(root, join(wild, "tracker"));
const toolsOf = (ir: typeof zqpayments) =>
  Object.fromEntries(ir.operations.map((o) => [o.tool.id, o.tool])) as Record<string, ToolSpec>;
const pay = createExecutor(toolsOf(zqpayments), fullSupport);
const track = createExecutor(toolsOf(tracker), fullSupport);
const KEY = "sk_test_4eC39HqLyjWDarjt";
const TOKEN = "tracker-token-1234";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let mocks: MockServers;
beforeAll(async () => {
  mocks = await startMocks(["zqpayments", "tracker"], { specsDir: wild });
});
afterAll(async () => {
  await mocks?.close();
});

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  status: number;
  violations: string | null;
}

/**
 * A fetch to the mocks that records each request and its answer; `play`
 * may answer a request itself, or change the mock's answer (then `sent`
 * records the mock's status).
 */
function recording(
  play: {
    before?: (request: Request, index: number) => Response | undefined;
    after?: (response: Response, index: number) => Promise<Response>;
  } = {},
) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const index = sent.length;
    const body = request.body ? await request.clone().text() : "";
    const record: Sent = {
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body,
      status: 0,
      violations: null,
    };
    sent.push(record);
    const played = play.before?.(request, index);
    if (played) {
      record.status = played.status;
      return played;
    }
    const response = await globalThis.fetch(request);
    record.status = response.status;
    record.violations = response.headers.get("sl-violations");
    return play.after ? play.after(response, index) : response;
  };
  return { fetch, sent };
}

const preferring = (prefer: string) => (request: Request) => {
  request.headers.set("Prefer", prefer);
  return undefined;
};

describe("generated from YAML only", () => {
  it("the fixtures are manifests and OpenAPI documents, nothing else", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [relative(wild, join(dir, f))],
      );
    expect(files(wild).sort()).toEqual([
      "tracker/components/errors.yaml",
      "tracker/components/issue.yaml",
      "tracker/manifest.yaml",
      "tracker/openapi.yaml",
      "zqpayments/manifest.yaml",
      "zqpayments/openapi.yaml",
    ]);
  });

  // Their packages are type-checked by src/emit/golden.test.ts, in the program of the golden files (a worker parses the
  // ~1,100 files it takes once).
  it("their packages: vendor media types and the bundled multi-file spec in the types, every entry point", async () => {
    const out = mkdtempSync(join(tmpdir(), "blockwright-wild-"));
    try {
      const { files } = await generate({ root, specsDir: wild, outDir: out });
      expect(files.get("tracker/index.d.ts")).toContain(
        `operations["issues/create"]["responses"][201]["content"]["application/vnd.tracker+json"]["number"]`,
      );
      expect(files.get("tracker/index.d.ts")).toMatch(/export declare namespace TrackerOpenApi \{.*Label/s);
      expect([...files.keys()].filter((p) => p.startsWith("tracker/")).sort()).toEqual([
        "tracker/LICENSE",
        "tracker/README.md",
        "tracker/ai-sdk.cjs",
        "tracker/ai-sdk.d.cts",
        "tracker/ai-sdk.d.ts",
        "tracker/ai-sdk.js",
        "tracker/index.cjs",
        "tracker/index.d.cts",
        "tracker/index.d.ts",
        "tracker/index.js",
        "tracker/langchain.cjs",
        "tracker/langchain.d.cts",
        "tracker/langchain.d.ts",
        "tracker/langchain.js",
        "tracker/openai-agents.cjs",
        "tracker/openai-agents.d.cts",
        "tracker/openai-agents.d.ts",
        "tracker/openai-agents.js",
        "tracker/package.json",
        "tracker/surface.json",
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe("zqpayments: a form body, an idempotency key, cursor pages, error details", () => {
  it("POSTs the form body the spec's encoding gives, with the key and the form Content-Type", async () => {
    const { fetch, sent } = recording();
    const result = await pay(
      "zqpayments_create_customer",
      {
        apiKey: KEY,
        email: "ada@example.com",
        name: "Ada Lovelace",
        line1: "12 Rue de Rivoli",
        city: "Paris",
        postalCode: "75001",
        country: "FR",
        metadata: { order: "6735", tier: "gold" },
        locales: "fr-FR, en",
      },
      { baseUrl: mocks.urls.zqpayments, fetch },
    );
    expect(result).toEqual({
      success: true,
      output: {
        data: {
          id: "cus_N3w",
          object: "customer",
          email: "ada@example.com",
          name: "Ada Lovelace",
          metadata: { order: "6735" },
        },
        metadata: { id: "cus_N3w" },
      },
    });
    expect(sent).toHaveLength(1);
    const c = sent[0]!;
    expect([c.method, c.url.pathname, c.url.search, c.status, c.violations]).toEqual([
      "POST",
      "/v1/customers",
      "",
      200,
      null,
    ]);
    expect(c.body).toBe(
      "email=ada%40example.com&name=Ada%20Lovelace&address%5Bline1%5D=12%20Rue%20de%20Rivoli&address%5Bcity%5D=Paris" +
        "&address%5Bpostal_code%5D=75001&address%5Bcountry%5D=FR&metadata%5Border%5D=6735&metadata%5Btier%5D=gold" +
        "&preferred_locales%5B0%5D=fr-FR&preferred_locales%5B1%5D=en",
    );
    expect(c.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(c.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(c.headers.get("idempotency-key")).toMatch(UUID);
  });

  it("retries a POST answered 503 with the same Idempotency-Key", async () => {
    const { fetch, sent } = recording({
      before: (_, i) =>
        i === 0
          ? new Response(JSON.stringify({ error: { type: "api_error", message: "Try again." } }), {
              status: 503,
              headers: { "content-type": "application/json", "retry-after": "0" },
            })
          : undefined,
    });
    const result = await pay(
      "zqpayments_create_customer",
      { apiKey: KEY, email: "ada@example.com" },
      { baseUrl: mocks.urls.zqpayments, fetch },
    );
    expect(result).toMatchObject({ success: true, output: { metadata: { id: "cus_N3w" } } });
    expect(sent.map((s) => s.status)).toEqual([503, 200]);
    expect(sent[0]!.headers.get("idempotency-key")).toMatch(UUID);
    expect(sent[1]!.headers.get("idempotency-key")).toBe(sent[0]!.headers.get("idempotency-key"));
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });

  it("pages by the id of the last customer while has_more", async () => {
    // The mock's first answer has has_more; it is asked for its last page once a cursor is sent.
    const { fetch, sent } = recording({
      before: (r) =>
        new URL(r.url).searchParams.has("starting_after") ? preferring("example=lastPage")(r) : undefined,
    });
    const result = await pay(
      "zqpayments_list_customers",
      { apiKey: KEY, limit: 2 },
      { baseUrl: mocks.urls.zqpayments, fetch, allPages: true },
    );
    expect(sent.map((s) => `${s.url.search} ${s.status} ${s.violations}`)).toEqual([
      "?limit=2 200 null",
      "?limit=2&starting_after=cus_B2 200 null",
    ]);
    expect(sent.every((s) => s.headers.get("idempotency-key") === null)).toBe(true);
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "cus_A1" }, { id: "cus_B2" }, { id: "cus_C3" }], metadata: { count: 3, hasMore: false } },
      pages: { count: 2, items: 3, complete: true },
    });
  });

  it("brings param and decline_code into the structured error", async () => {
    const { fetch } = recording({ before: preferring("code=402, example=cardDeclined") });
    const result = await pay(
      "zqpayments_create_customer",
      { apiKey: KEY, email: "ada@example.com" },
      { baseUrl: mocks.urls.zqpayments, fetch },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        status: 402,
        code: "card_declined",
        message: "Your card has insufficient funds.",
        requestId: "req_8f2Kx",
        retryable: false,
        details: { type: "card_error", param: "source", declineCode: "insufficient_funds" },
        idempotencyKey: expect.stringMatching(UUID),
      },
    });
  });
});

describe("tracker: vendor media types, constant headers, Link pages, a 422's errors", () => {
  const repo = { token: TOKEN, owner: "octo", repo: "hello" };

  it("sends Accept and the API version on every call, and the vendor Content-Type with the body", async () => {
    const { fetch, sent } = recording();
    const result = await track(
      "tracker_create_issue",
      { ...repo, title: "Found a bug", body: "It crashes.", labels: "bug, ui" },
      { baseUrl: mocks.urls.tracker, fetch },
    );
    expect(result).toEqual({
      success: true,
      output: {
        data: { id: 9, number: 1350, title: "Found a bug", state: "open", labels: [{ name: "bug" }] },
        metadata: { number: 1350 },
      },
    });
    const c = sent[0]!;
    expect([c.method, c.url.pathname, c.status, c.violations]).toEqual(["POST", "/repos/octo/hello/issues", 201, null]);
    expect(c.body).toBe('{"title":"Found a bug","body":"It crashes.","labels":["bug","ui"]}');
    expect(Object.fromEntries(c.headers)).toEqual({
      accept: "application/vnd.tracker+json",
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/vnd.tracker+json",
      // Who calls, as every one-off call of the tools says it (runtime/client/node-agent.ts).
      "user-agent": expect.stringMatching(/^blockwright\/\d/),
      "x-tracker-api-version": "2022-11-28",
    });
  });

  it("fetches page 2 from the Link header's rel=next, with the same headers", async () => {
    // The mock moves the example's Link to its own origin (mock-paging.ts); the fetch plays page 2 as the last one (no
    // Link).
    const mock = mocks.urls.tracker;
    const { fetch, sent } = recording({
      after: async (response, i) => {
        const headers = new Headers(response.headers);
        if (i > 0) headers.delete("link");
        return new Response(await response.text(), { status: response.status, headers });
      },
    });
    const result = await track(
      "tracker_list_issues",
      { ...repo, labels: "bug,ui" },
      { baseUrl: mock, fetch, allPages: true },
    );
    expect(sent.map((s) => `${s.method} ${s.url.href} ${s.status} ${s.violations}`)).toEqual([
      `GET ${mock}/repos/octo/hello/issues?labels=bug%2Cui 200 null`,
      `GET ${mock}/repos/octo/hello/issues?per_page=2&page=2 200 null`,
    ]);
    for (const s of sent) {
      expect(s.headers.get("accept")).toBe("application/vnd.tracker+json");
      expect(s.headers.get("x-tracker-api-version")).toBe("2022-11-28");
      expect(s.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    }
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ number: 1347 }, { number: 1348 }, { number: 1347 }, { number: 1348 }] },
      pages: { count: 2, items: 4, complete: true },
    });
  });

  it("refuses a rel=next on another origin than the request's", async () => {
    // The mock moves the example's Link (on the real host) to its own origin (mock-paging.ts): the fetch puts it back.
    const mock = mocks.urls.tracker!;
    const { fetch, sent } = recording({
      after: async (response) => {
        const headers = new Headers(response.headers);
        headers.set("link", headers.get("link")!.replaceAll(mock, "https://api.tracker.test"));
        return new Response(await response.text(), { status: response.status, headers });
      },
    });
    const result = await track("tracker_list_issues", repo, { baseUrl: mocks.urls.tracker, fetch, allPages: true });
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        code: "NEXT_PAGE_ELSEWHERE",
        page: 2,
        retryable: false,
        message:
          `tracker gave the next page at https://api.tracker.test, not ${mocks.urls.tracker}; ` +
          `it is not followed, so that the credential and the request never go to another address`,
      },
    });
  });

  it("gives labels one block input per meaning: a filter when listing, labels to add when creating", () => {
    const labels = tracker.block.inputs.filter((i) => i.id === "labels");
    expect(labels.map((i) => [i.description, i.condition?.value])).toEqual([
      ["Labels to add to the issue, comma-separated.", ["tracker_create_issue"]],
      ["Only issues with all of these labels, comma-separated.", ["tracker_list_issues"]],
    ]);
  });

  it("keeps a 422's errors list in the structured error", async () => {
    const { fetch } = recording({ before: preferring("code=422") });
    const result = await track("tracker_create_issue", { ...repo, title: "x" }, { baseUrl: mocks.urls.tracker, fetch });
    expect(result).toEqual({
      success: false,
      error: {
        type: "upstream",
        provider: "tracker",
        operation: "tracker_create_issue",
        status: 422,
        message: "Validation Failed",
        retryable: false,
        details: {
          documentationUrl: "https://docs.tracker.test/rest/issues#create-an-issue",
          errors: [{ resource: "Issue", field: "title", code: "missing_field" }],
        },
      },
    });
  });
});
