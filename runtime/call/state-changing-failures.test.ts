// Requests that change state (issue 7): a failure after the request may have
// been applied is never retried and says so; one that was never sent, or a
// request the manifest declares read-only, is retried like a GET.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeTool } from "../../test-support/runtime/packages.js";
import { server } from "../../test-support/runtime/loopback-server.js";

const GAMMA_KEY = "sk-gamma-refusal-test-0001";
const generate = { apiKey: GAMMA_KEY, inputText: "A deck about otters", textMode: "generate" };

let other: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  // An address for the time-out case: its fetch never reaches it.
  other = await server(() => ({ status: 200, body: "{}" }));
});
afterAll(async () => {
  await other.close();
});

describe("failures of requests that change state", () => {
  it("a 500 on a POST is not retryable and may have been applied", async () => {
    const upstream = await server(() => ({
      status: 500,
      body: JSON.stringify({ message: "Internal error", statusCode: 500 }),
    }));
    try {
      const result = await executeTool("docgen_generate", generate, { baseUrl: upstream.url });
      expect(result).toMatchObject({
        success: false,
        error: { type: "upstream", status: 500, retryable: false, mayHaveBeenApplied: true },
      });
      expect(upstream.received).toHaveLength(1);
    } finally {
      await upstream.close();
    }
  });

  it("a connection reset on a POST is not retryable and may have been applied", async () => {
    const upstream = await server(() => "reset");
    try {
      const result = await executeTool("docgen_generate", generate, { baseUrl: upstream.url });
      expect(result).toMatchObject({
        success: false,
        error: { type: "network", retryable: false, mayHaveBeenApplied: true },
      });
      expect(upstream.received).toHaveLength(1);
    } finally {
      await upstream.close();
    }
  });

  it("a time-out on a POST is not retryable and may have been applied", async () => {
    const hang = (r: Request) =>
      new Promise<Response>((_, reject) =>
        r.signal.addEventListener("abort", () => reject(r.signal.reason), { once: true }),
      );
    const result = await executeTool("docgen_generate", generate, { baseUrl: other.url, fetch: hang, timeoutMs: 50 });
    expect(result).toMatchObject({
      success: false,
      error: { type: "timeout", retryable: false, mayHaveBeenApplied: true },
    });
  });

  it("a refused connection on a POST was never sent: retryable, not applied", async () => {
    const closed = await server(() => ({ status: 200 }));
    await closed.close();
    const result = await executeTool("docgen_generate", generate, { baseUrl: closed.url });
    expect(result).toMatchObject({ success: false, error: { type: "network", code: "ECONNREFUSED", retryable: true } });
    if (!result.success) expect(result.error.mayHaveBeenApplied).toBeUndefined();
  });

  it(
    "a POST the manifest declares read-only (a search) is " + "retried like a GET, and never 'may have been applied'",
    async () => {
      let n = 0;
      const upstream = await server(() =>
        n++ === 0
          ? {
              status: 503,
              headers: { "retry-after": "0" },
              body: JSON.stringify({ status: 503, error: { type: "unavailable", message: "busy" } }),
            }
          : { status: 200, body: JSON.stringify({ status: 200, data: [], total: 0 }) },
      );
      try {
        const result = await executeTool(
          "persondata_person_search",
          { apiKey: "pdl-key-refusal-0005", sql: "SELECT * FROM person WHERE job_company_website='stripe.com'" },
          { baseUrl: upstream.url },
        );
        expect(result.success).toBe(true);
        expect(upstream.received.map((r) => r.method)).toEqual(["POST", "POST"]);
      } finally {
        await upstream.close();
      }
    },
  );

  it("a wait for a retry that would outlast the deadline is not begun: the call ends, and so can the process", () => {
    // Held by a 10-minute Retry-After timer, the child would be killed at the time limit (status null).
    const script = `
      const { executeTool } = await import(\
${JSON.stringify(new URL("../../generated/docgen/index.js", import.meta.url).href)});
      const fetch = async () => new Response("{}", { status: 503, headers: { "retry-after": "600", "content-type": \
"application/json" } });
      const r = await executeTool("docgen_list_themes", { apiKey: ${JSON.stringify(GAMMA_KEY)} }, { fetch, timeoutMs: \
60_000, maxRetryDelayMs: 900_000 });
      console.log(r.success ? "succeeded" : r.error.status);`;
    // The built package (npm test builds first), as a user's process runs it.
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 300_000,
    });
    expect({ status: child.status, out: child.stdout.trim(), err: child.stderr }).toEqual({
      status: 0,
      out: "503",
      err: "",
    });
  });

  it("a reset on a GET stays retryable (and is retried)", async () => {
    let n = 0;
    const upstream = await server(() =>
      n++ === 0 ? "reset" : { status: 200, body: JSON.stringify({ data: [], hasMore: false, nextCursor: null }) },
    );
    try {
      const result = await executeTool("docgen_list_themes", { apiKey: GAMMA_KEY }, { baseUrl: upstream.url });
      expect(result.success).toBe(true);
      expect(upstream.received).toHaveLength(2);
    } finally {
      await upstream.close();
    }
  });
});
