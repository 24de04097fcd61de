// The runner against a loopback server it controls: concurrency of
// independent branches (and its bound), failure propagation, polling of job
// states, polling time-outs, redaction and cancellation.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers, registry } from "../../test-support/repo.js";
import { createRegistry } from "../registry/registry.js";
import { runWorkflow, type Workflow } from "../index.js";

const DELAY = 300;
let server: Server;
let base = "";
let inFlight = 0;
let maxInFlight = 0;
const polls = new Map<string, number>();
/** Every request the server received (path and query). */
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(req.url ?? "");
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/books/v1/volumes") {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const q = url.searchParams.get("q")!;
        // Three volumes, a page of two at a time: startIndex 0, 2, then an empty page.
        if (q === "paged") {
          const start = Number(url.searchParams.get("startIndex") ?? 0);
          const items = ["p1", "p2", "p3"].slice(start, start + 2).map((id) => ({ kind: "books#volume", id }));
          return reply(200, { kind: "books#volumes", totalItems: 3, ...(items.length ? { items } : {}) });
        }
        if (q === "fail")
          return reply(400, { error: { code: 400, message: "Invalid query", status: "INVALID_ARGUMENT" } });
        if (q === "echo-key")
          return reply(400, {
            error: { code: 400, message: `bad key ${url.searchParams.get("key")}`, status: "INVALID_ARGUMENT" },
          });
        reply(200, { kind: "books#volumes", totalItems: 1, items: [{ kind: "books#volume", id: `vol-${q}` }] });
      }, DELAY);
      return;
    }
    const volume = /^\/books\/v1\/volumes\/([^/]+)$/.exec(url.pathname);
    if (volume)
      return reply(200, { kind: "books#volume", id: decodeURIComponent(volume[1]!), volumeInfo: { title: "A title" } });
    const job = /^\/v1\.0\/generations\/([^/]+)$/.exec(url.pathname);
    if (job) {
      const id = job[1];
      const n = (polls.get(id!) ?? 0) + 1;
      polls.set(id!, n);
      if (id === "job-stuck" || (id === "job-ok" && n < 3)) return reply(200, { generationId: id, status: "pending" });
      return reply(200, {
        generationId: id,
        status: "completed",
        gammaUrl: `https://gamma.app/docs/${id}`,
        credits: { deducted: 5, remaining: 95 },
      });
    }
    reply(404, { message: "not found", statusCode: 404 });
  });
  // Idle connections are the client's to close (as the mocks do, src/mocks/mocks.ts): no reuse of one this server
  // closed.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const env = { BOOKS_KEY: "AIzaSyRunnerTestKey77", GAMMA_KEY: "sk-gamma-runner-test-5" };
const options = () => ({ registry, env, baseUrls: { books: base, docgen: base } });
const search = (q: string, targets: string[] = []): Workflow["blocks"][string] => ({
  type: "books",
  name: `Search ${q}`,
  inputs: { operation: "books_search_volumes", apiKey: "{{BOOKS_KEY}}", q },
  ...(targets.length ? { connections: { outgoing: targets.map((target) => ({ target })) } } : {}),
});
const status = (
  generationId: string,
  polling?: { intervalMs?: number; timeoutMs?: number },
): Workflow["blocks"][string] => ({
  type: "docgen",
  name: "Wait",
  inputs: { operation: "docgen_check_status", apiKey: "{{GAMMA_KEY}}", generationId },
  ...(polling ? { polling } : {}),
});

describe("concurrency", () => {
  it("runs two independent slow blocks in about the time of one", async () => {
    maxInFlight = 0;
    const result = await runWorkflow({ blocks: { a: search("one"), b: search("two") } }, options());
    expect(result.status).toBe("succeeded");
    // Both were in flight at once (no upper bound on time: it would depend on the machine's load).
    expect(maxInFlight).toBe(2);
    expect(result.durationMs).toBeGreaterThanOrEqual(DELAY);
  });

  it("respects the concurrency bound", async () => {
    maxInFlight = 0;
    const result = await runWorkflow(
      { blocks: { a: search("one"), b: search("two"), c: search("three") } },
      { ...options(), concurrency: 1 },
    );
    expect(result.status).toBe("succeeded");
    expect(maxInFlight).toBe(1);
    expect(result.durationMs).toBeGreaterThanOrEqual(DELAY * 3);
  });

  it("starts a block as soon as its own upstream block is done", async () => {
    const result = await runWorkflow(
      {
        blocks: {
          a: search("one", ["read"]),
          read: {
            type: "books",
            name: "Read",
            inputs: { operation: "books_get_volume", apiKey: "{{BOOKS_KEY}}", volumeId: "{{a.data[0].id}}" },
          },
        },
      },
      options(),
    );
    expect(result.blocks.map((b) => [b.id, b.status])).toEqual([
      ["a", "succeeded"],
      ["read", "succeeded"],
    ]);
    expect(result.blocks[1]!.outputs).toMatchObject({ data: { id: "vol-one" }, metadata: { id: "vol-one" } });
  });
});

describe("failure propagation", () => {
  it("skips what depends on a failed block and lets the sibling branch finish", async () => {
    const result = await runWorkflow(
      {
        blocks: {
          broken: search("fail", ["after"]),
          after: {
            type: "books",
            name: "After",
            inputs: { operation: "books_get_volume", apiKey: "{{BOOKS_KEY}}", volumeId: "{{broken.data[0].id}}" },
            connections: { outgoing: [{ target: "last" }] },
          },
          last: search("last"),
          sibling: search("sibling"),
        },
      },
      options(),
    );
    expect(result.status).toBe("failed");
    const by = Object.fromEntries(result.blocks.map((b) => [b.id, b]));
    expect(by.broken).toMatchObject({
      status: "failed",
      error: { type: "upstream", status: 400, code: "INVALID_ARGUMENT", message: "Invalid query" },
    });
    expect(by.after).toMatchObject({ status: "skipped", skippedBecause: ["broken"] });
    expect(by.last).toMatchObject({ status: "skipped", skippedBecause: ["after"] });
    expect(by.sibling).toMatchObject({ status: "succeeded", outputs: { metadata: { count: 1 } } });
  });
});

describe("pages", () => {
  it("a list block with allPages gathers every page; maxItems stops it", async () => {
    const block = (inputs: Record<string, unknown>): Workflow["blocks"][string] => ({
      type: "books",
      name: "All",
      inputs: { operation: "books_search_volumes", apiKey: "{{BOOKS_KEY}}", q: "paged", maxResults: 2, ...inputs },
    });
    requests.length = 0;
    const result = await runWorkflow(
      { blocks: { all: block({ allPages: true }), some: block({ allPages: "true", maxItems: "1" }) } },
      options(),
    );
    expect(result.status).toBe("succeeded");
    const by = Object.fromEntries(result.blocks.map((b) => [b.id, b]));
    expect(by.all).toMatchObject({
      status: "succeeded",
      outputs: { data: [{ id: "p1" }, { id: "p2" }, { id: "p3" }], metadata: { count: 3, totalItems: 3 } },
      pages: { count: 3, items: 3, complete: true },
    });
    expect(by.some).toMatchObject({
      status: "succeeded",
      outputs: { data: [{ id: "p1" }], metadata: { count: 1 } },
      pages: { count: 1, items: 1, complete: false },
    });
    // The page inputs never reach the wire.
    expect(requests.filter((r) => /allPages|maxItems/.test(r))).toEqual([]);
  });

  it("a page input that resolves to no whole number fails the block before its request", async () => {
    requests.length = 0;
    const result = await runWorkflow(
      {
        blocks: {
          first: { ...search("one"), connections: { outgoing: [{ target: "bad" }] } },
          bad: {
            type: "books",
            name: "Bad",
            inputs: {
              operation: "books_search_volumes",
              apiKey: "{{BOOKS_KEY}}",
              q: "paged",
              allPages: true,
              maxPages: "{{first.data[0].id}}",
            },
          },
        },
      },
      options(),
    );
    const bad = result.blocks.find((b) => b.id === "bad");
    expect(bad).toMatchObject({
      status: "failed",
      error: {
        type: "validation",
        param: "maxPages",
        rule: "minimum",
        message: 'maxPages: must be a whole number of at least 1, got "vol-one"',
      },
    });
    expect(requests.filter((r) => r.includes("q=paged"))).toEqual([]);
  });
});

describe("polling", () => {
  it("waits while the job is pending: pending, pending, completed", async () => {
    // 1 s is docgen's floor (minIntervalMs): the test waits through two intervals.
    const result = await runWorkflow({ blocks: { wait: status("job-ok", { intervalMs: 1000 }) } }, options());
    expect(result.status).toBe("succeeded");
    expect(result.blocks[0]).toMatchObject({
      status: "succeeded",
      polls: 2,
      outputs: { status: "completed", gammaUrl: "https://gamma.app/docs/job-ok" },
    });
    expect(polls.get("job-ok")).toBe(3);
  });

  it("fails with a timeout when the job stays pending", async () => {
    const result = await runWorkflow(
      { blocks: { wait: status("job-stuck", { intervalMs: 1000, timeoutMs: 150 }) } },
      options(),
    );
    expect(result.status).toBe("failed");
    expect(result.blocks[0]).toMatchObject({
      status: "failed",
      error: {
        type: "timeout",
        provider: "docgen",
        operation: "docgen_check_status",
        message: "the job was still pending after 150 ms of polling",
      },
      outputs: { status: "pending" },
    });
  });

  it("polls with the manifest's interval when the block does not override it", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runWorkflow(
      { blocks: { wait: status("job-stuck") } },
      { ...options(), signal: controller.signal },
    );
    // 5 s interval: cancelled during the first wait, after one call.
    expect(result.status).toBe("cancelled");
    expect(result.blocks[0]).toMatchObject({ status: "cancelled", error: { code: "ABORTED" } });
  });
});

describe("results", () => {
  it("never contain a secret, even one an upstream echoes", async () => {
    const result = await runWorkflow({ blocks: { a: search("echo-key") } }, options());
    expect(result.blocks[0]).toMatchObject({ status: "failed", error: { message: "bad key [redacted]" } });
    expect(JSON.stringify(result)).not.toContain(env.BOOKS_KEY);
  });

  it("refuse to start an invalid workflow", async () => {
    await expect(runWorkflow({ blocks: { a: { ...search("x"), type: "library" } } }, options())).rejects.toThrow(
      /unknown block type "library"/,
    );
  });
});

describe("references at run time", () => {
  it("fail the block when they find nothing, naming the reference and what was there", async () => {
    const before = requests.length;
    const result = await runWorkflow(
      {
        blocks: {
          a: search("short", ["next"]),
          next: {
            type: "books",
            name: "Second hit",
            inputs: { operation: "books_get_volume", apiKey: "{{BOOKS_KEY}}", volumeId: "{{a.data[1].id}}" },
          },
        },
      },
      options(),
    );
    expect(result.status).toBe("failed");
    expect(result.blocks[1]).toMatchObject({
      id: "next",
      status: "failed",
      error: {
        type: "validation",
        param: "volumeId",
        rule: "reference",
        message: "volumeId: {{a.data[1].id}} did not resolve: a.data has 1 item (indexes 0–0)",
      },
    });
    // Only the search reached the server: the parameter was not dropped and sent without it.
    expect(requests.slice(before).map((u) => u.split("?")[0])).toEqual(["/books/v1/volumes"]);
  });

  it("never read inherited properties", async () => {
    // With the outputs' shapes the workflow check refuses this reference before the run (invalid-workflows.ts);
    // without them (a registry of providers alone) the run itself must refuse it.
    const result = await runWorkflow(
      {
        blocks: {
          a: search("proto", ["next"]),
          next: {
            type: "books",
            name: "Next",
            inputs: { operation: "books_search_volumes", apiKey: "{{BOOKS_KEY}}", q: "{{a.data[0].constructor}}" },
          },
        },
      },
      { ...options(), registry: createRegistry(providers) },
    );
    expect(result.blocks[1]).toMatchObject({
      status: "failed",
      error: {
        rule: "reference",
        message: 'q: {{a.data[0].constructor}} did not resolve: a.data[0] has no "constructor" (it has kind, id)',
      },
    });
  });
});

describe("interrupts", () => {
  it("start nothing once the run is cancelled, and report those blocks as cancelled", async () => {
    const before = requests.length;
    const controller = new AbortController();
    controller.abort();
    const result = await runWorkflow(
      { blocks: { a: search("never", ["b"]), b: search("never2") } },
      { ...options(), signal: controller.signal },
    );
    expect(result.status).toBe("cancelled");
    expect(result.blocks.map((b) => [b.id, b.status])).toEqual([
      ["a", "cancelled"],
      ["b", "cancelled"],
    ]);
    expect(requests.length).toBe(before);
  });
});
