// `blockwright verify` keeps under the request rate the manifest documents
// (rateLimits.requestsPerMinute): its requests start at least 60000 / rate
// ms apart, --interval or not, and its first line says which spacing holds.
// On a project of the fixture provider (shelf) declaring 600 a minute, and
// a loopback server playing its service.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-verify-rate-"));
const env = { SHELF_KEY: "shelf-key-0123456789" };
const book = { id: "b7", title: "Dune Messiah", state: "ready", rank: 3 };

let upstream: Awaited<ReturnType<typeof server>>;
let dir: string;
beforeAll(async () => {
  upstream = await server((r) => {
    if (r.url.startsWith("/v2/shelves/")) return { status: 200, body: JSON.stringify({ total: 1, value: [book] }) };
    return { status: 200, body: JSON.stringify(book) };
  });
  // The fixture provider, declaring a rate of 600 a minute: 100 ms between two requests.
  dir = join(tmp, "shelf");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, [{ find: "\nerrors:\n", replace: "\nrateLimits: { requestsPerMinute: 600 }\nerrors:\n" }]);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Verify on the loopback service, with the times (performance.now()) at which its requests to it left. */
async function verify(...more: string[]) {
  const sentAt: number[] = [];
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(upstream.url)) sentAt.push(performance.now());
    return fetch(input, init);
  });
  const before = upstream.received.length;
  const run = await cli(["verify", "shelf", "--base-url", upstream.url, "--param", "apiKey={{SHELF_KEY}}", ...more], {
    cwd: dir,
    env,
  });
  return { ...run, sentAt, received: upstream.received.slice(before) };
}

describe("blockwright verify under the manifest's rateLimits.requestsPerMinute", () => {
  it("spaces its requests 60000 / rate ms apart when --interval asks less, and says so", async () => {
    const r = await verify("--interval", "0");
    expect(r.stderr).toMatch(
      new RegExp(
        String.raw`^blockwright verify: shelf on http:\/\/127\.0\.0\.1:\d+, at most 10 requests, 100 ms apart` +
          String.raw` \(the manifest's rateLimits\.requestsPerMinute: 600\)$`,
        "m",
      ),
    );
    expect(r.code).toBe(0);
    expect(r.received.length).toBeGreaterThanOrEqual(2);
    expect(new Set(r.received.map((q) => q.method))).toEqual(new Set(["GET"]));
    expect(r.sentAt).toHaveLength(r.received.length);
    // A lower bound only (the machine may be busy): each request left at least 100 ms after the one before.
    for (const [i, at] of r.sentAt.entries())
      if (i > 0) expect(at - (r.sentAt[i - 1] as number)).toBeGreaterThanOrEqual(100);
  });

  it("keeps a longer --interval, and then does not name the manifest", async () => {
    const r = await verify("--interval", "150");
    expect(r.stderr).toMatch(/, at most 10 requests, 150 ms apart$/m);
    expect(r.code).toBe(0);
    expect(r.sentAt.length).toBeGreaterThanOrEqual(2);
    for (const [i, at] of r.sentAt.entries())
      if (i > 0) expect(at - (r.sentAt[i - 1] as number)).toBeGreaterThanOrEqual(150);
  });
});
