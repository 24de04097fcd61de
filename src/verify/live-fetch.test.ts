import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { neverEndingServer, server } from "../../test-support/runtime/loopback-server.js";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "../judge/judge.js";
import { liveLink, Refused } from "./live-fetch.js";

let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  upstream = await server((r) => ({ status: 200, body: JSON.stringify({ method: r.method, url: r.url }) }));
});
afterAll(() => upstream.close());

describe("the live fetch", () => {
  it("sends a safe request to the service and keeps the exchange", async () => {
    const link = liveLink({ origins: new Set([upstream.url]), maxRequests: 5, intervalMs: 0 });
    const { fetch, exchanges } = link.fetchFor(false);
    const response = await fetch(
      new Request(`${upstream.url}/v1/things?x=1`, { headers: { accept: "application/json" } }),
    );
    expect(await response.json()).toEqual({ method: "GET", url: "/v1/things?x=1" });
    expect(exchanges).toEqual([
      expect.objectContaining({
        method: "GET",
        url: `${upstream.url}/v1/things?x=1`,
        status: 200,
        responseBody: JSON.stringify({ method: "GET", url: "/v1/things?x=1" }),
      }),
    ]);
    expect(exchanges[0]?.requestHeaders.accept).toBe("application/json");
    expect(link.sent()).toBe(1);
  });

  it("sends nothing that could write for a call that may not, and nothing to another origin", async () => {
    const before = upstream.received.length;
    const link = liveLink({ origins: new Set([upstream.url]), maxRequests: 5, intervalMs: 0 });
    const { fetch, exchanges } = link.fetchFor(false);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      await expect(fetch(new Request(`${upstream.url}/v1/things`, { method, body: "{}" }))).rejects.toThrow(
        new Refused(`${method} /v1/things could change data: name the operation with --allow-writes to send it`),
      );
    }
    await expect(fetch(new Request("http://127.0.0.2:9/v1/things"))).rejects.toThrow(
      /verify sends requests only to http:\/\/127\.0\.0\.1:\d+, not to http:\/\/127\.0\.0\.2:9/,
    );
    expect(upstream.received.length).toBe(before);
    expect(exchanges).toEqual([]);
    expect(link.sent()).toBe(0);
  });

  it("sends a write when the call may, and an OAuth 2 token request in any case", async () => {
    const link = liveLink({ origins: new Set([upstream.url]), maxRequests: 5, intervalMs: 0 });
    const writes = link.fetchFor(true);
    expect((await writes.fetch(new Request(`${upstream.url}/v1/things`, { method: "POST", body: "{}" }))).status).toBe(
      200,
    );
    const reads = link.fetchFor(false);
    const token = new Request(`${upstream.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=a",
    });
    expect((await reads.fetch(token)).status).toBe(200);
    expect(reads.exchanges[0]?.token).toBe(true);
    // A form POST without a grant is no token request.
    await expect(
      reads.fetch(
        new Request(`${upstream.url}/v1/things`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "name=x",
        }),
      ),
    ).rejects.toThrow(Refused);
  });

  it("stops at the request budget, and spaces its requests", async () => {
    const link = liveLink({ origins: new Set([upstream.url]), maxRequests: 2, intervalMs: 150 });
    const { fetch } = link.fetchFor(false);
    const started = performance.now();
    await fetch(new Request(`${upstream.url}/a`));
    await fetch(new Request(`${upstream.url}/b`));
    // A lower bound only: however busy the machine, the second request waited its interval.
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    await expect(fetch(new Request(`${upstream.url}/c`))).rejects.toThrow(
      new Refused("the request budget is spent (--max-requests 2)"),
    );
    expect(link.sent()).toBe(2);
  });

  it("stops waiting when interrupted", async () => {
    const controller = new AbortController();
    const link = liveLink({
      origins: new Set([upstream.url]),
      maxRequests: 5,
      intervalMs: 600_000,
      signal: controller.signal,
    });
    const { fetch } = link.fetchFor(false);
    await fetch(new Request(`${upstream.url}/a`));
    const second = fetch(new Request(`${upstream.url}/b`));
    controller.abort();
    await expect(second).rejects.toThrow(new Refused("interrupted"));
    expect(link.sent()).toBe(1);
  });

  it(
    "sends no request the judge refuses (it lists it, " + "unsent), and follows an address an answer gave as it is",
    async () => {
      const document = new OpenApiDocument(
        parseYamlSource(
          JSON.stringify({
            openapi: "3.1.0",
            info: { title: "t", version: "1" },
            paths: {
              "/v1/things": {
                get: {
                  parameters: [
                    { name: "ids", in: "query", explode: false, schema: { type: "array", items: { type: "integer" } } },
                  ],
                  responses: { "200": { description: "ok" } },
                },
              },
            },
          }),
          "judged.json",
        ),
      );
      const link = liveLink({
        origins: new Set([upstream.url]),
        maxRequests: 5,
        intervalMs: 0,
        judge: requestJudge(document, { credential: "present" }),
      });
      const before = upstream.received.length;
      const { fetch, refused } = link.fetchFor(false);
      await expect(fetch(new Request(`${upstream.url}/v1/things?ids=1&ids=2`))).rejects.toThrow(
        /the request judge refused GET \/v1\/things: \[explode\] \/query\/ids/,
      );
      expect(refused).toEqual([
        {
          line: "GET /v1/things?ids=1&ids=2",
          refusals: [expect.objectContaining({ rule: "explode", pointer: "/query/ids", sent: "ids=1&ids=2" })],
        },
      ]);
      expect(upstream.received.length).toBe(before);
      expect((await fetch(new Request(`${upstream.url}/v1/things?ids=1,2`))).status).toBe(200);
      // A next page's address the service gave (its query its own) is followed as it is, not judged.
      const paging = await server(() => ({ status: 200, body: JSON.stringify({ next: "/v1/things?ids=3&ids=4" }) }));
      try {
        const pages = liveLink({
          origins: new Set([paging.url]),
          maxRequests: 5,
          intervalMs: 0,
          judge: requestJudge(document, { credential: "present" }),
        }).fetchFor(false);
        // The first answer read to its end, as the runtime reads it: only an answer read whole is kept, its addresses
        // known.
        const first = await pages.fetch(new Request(`${paging.url}/v1/things?ids=1,2`));
        expect(first.status).toBe(200);
        expect(JSON.parse(await first.text())).toEqual({ next: "/v1/things?ids=3&ids=4" });
        expect((await pages.fetch(new Request(`${paging.url}/v1/things?ids=3&ids=4`))).status).toBe(200);
        expect(pages.refused).toEqual([]);
      } finally {
        await paging.close();
      }
    },
  );

  it(
    "leaves an answer's body to the runtime's reader: an endless one stops at the tool's reply limit, " +
      "a dripping one at the call's deadline, neither kept",
    async () => {
      for (const mode of ["endless", "drip"] as const) {
        const endless = await neverEndingServer(mode);
        try {
          const link = liveLink({ origins: new Set([endless.url]), maxRequests: 5, intervalMs: 0 });
          const { fetch, exchanges } = link.fetchFor(false);
          // No signal: the deadline alone must stop the body (verify's library callers may give none).
          const shelf = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
          const tool = { ...shelf, server: { ...shelf.server, replyBytes: 64 * 1024 } };
          const result = await executeToolDefinition(
            tool,
            { apiKey: "zq-live-key-1", bookId: "b-1" },
            { baseUrl: endless.url, fetch, retries: 0, timeoutMs: mode === "drip" ? 300 : 60_000 },
          );
          expect(result.success).toBe(false);
          if (mode === "endless")
            expect(!result.success && result.error).toMatchObject({
              code: "REPLY_TOO_LARGE",
              message: expect.stringContaining("more than 65536 bytes"),
            });
          else expect(!result.success && result.error).toMatchObject({ type: "timeout" });
          await endless.closed;
          expect(exchanges).toEqual([]);
          expect(link.sent()).toBe(1);
        } finally {
          await endless.close();
        }
      }
    },
  );
});
