// The guard every listener of the command sits behind: a request naming no
// address is refused before the listener, and a listener that throws (at once
// or later, when async) costs its request a 500, never the process.
import { createServer, type RequestListener } from "node:http";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MALFORMED_HEADS, rawRequest, statusOf } from "../../test-support/raw-request.js";
import { filesUnder } from "./files.js";
import { guardedListener, nodeHttp, requestTarget } from "./request-guard.js";

async function serving(listener: RequestListener, run: (url: string) => Promise<void>) {
  const server = createServer(listener);
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}

describe("a guarded listener", () => {
  it("refuses a request naming no address with 400 before the listener, and logs its request line", async () => {
    const logs: string[] = [];
    let reached = 0;
    await serving(
      guardedListener(
        (_req, res) => {
          reached++;
          res.end("ok");
        },
        (l) => logs.push(l),
      ),
      async (url) => {
        for (const head of MALFORMED_HEADS) expect(statusOf(await rawRequest(url, head)), head).toBe(400);
        expect(reached).toBe(0);
        expect(statusOf(await rawRequest(url, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))).toBe(
          200,
        );
      },
    );
    expect(logs).toHaveLength(MALFORMED_HEADS.length);
    expect(logs[0]).toBe("refused a request naming no address: POST http://[::1, Host 127.0.0.1 (400)");
  });

  it("answers 500 for a listener that throws, at once or in a promise, and goes on serving", async () => {
    const logs: string[] = [];
    await serving(
      guardedListener(
        (req, res) => {
          if (req.url === "/now") throw new Error("zq thrown at once");
          if (req.url === "/later") return Promise.reject(new Error("zq rejected later")) as unknown as undefined;
          res.end("ok");
        },
        (l) => logs.push(l),
      ),
      async (url) => {
        expect((await fetch(`${url}/now`)).status).toBe(500);
        expect((await fetch(`${url}/later`)).status).toBe(500);
        expect((await fetch(`${url}/fine`)).status).toBe(200);
      },
    );
    expect(logs).toEqual([
      "a request could not be answered (500): zq thrown at once",
      "a request could not be answered (500): zq rejected later",
    ]);
  });

  it("reads the address a request names under its Host", () => {
    expect(requestTarget({ url: "/a?b=1", headers: { host: "zq.example:8080" } })?.href).toBe(
      "http://zq.example:8080/a?b=1",
    );
    expect(requestTarget({ url: "/a", headers: { host: "[::1" } })).toBeUndefined();
    expect(requestTarget({ url: "http://[::1", headers: {} })).toBeUndefined();
  });
});

describe("node:http, as every listener of the command takes it", () => {
  it("is Node's http module, and no module of src/ imports it as an ES module (its namespace loads undici)", () => {
    expect(nodeHttp()).toBe(createRequire(import.meta.url)("node:http"));
    // A type import is erased; a value import, static or dynamic, builds the namespace and calls every getter of it.
    const valueImport = /^import (?!type )[^;]*from "node:http";|(?<!typeof )import\("node:http"\)/m;
    const src = fileURLToPath(new URL("..", import.meta.url));
    const importers = filesUnder(src, new Set(["__fixtures__", "__snapshots__"]))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .filter((file) => valueImport.test(readFileSync(join(src, file), "utf8")));
    expect(importers).toEqual([]);
  });
});

describe("a guarded listener's reading of the address", () => {
  /** Whether the guard hands a request on, for each [Host, target] in turn, and the URLs made meanwhile. */
  function handedOn(requests: [string | undefined, string][]): { passed: boolean[]; urls: number } {
    const passed: boolean[] = [];
    let reached = false;
    const guard = guardedListener(
      () => {
        reached = true;
      },
      () => {},
    );
    const Url = globalThis.URL;
    let urls = 0;
    globalThis.URL = class extends Url {
      constructor(...args: ConstructorParameters<typeof Url>) {
        super(...args);
        urls++;
      }
    };
    try {
      for (const [host, url] of requests) {
        reached = false;
        const req = { method: "GET", url, headers: host === undefined ? {} : { host }, destroy() {} };
        const res = { headersSent: true, destroy() {} };
        guard(req as never, res as never);
        passed.push(reached);
      }
    } finally {
      globalThis.URL = Url;
    }
    return { passed, urls };
  }

  it("reads a Host once, and a target in origin form under it without a URL", () => {
    const first = handedOn([["127.0.0.1:5100", "/zq?a=1"]]);
    const many = handedOn(Array.from({ length: 20 }, (_, i) => ["127.0.0.1:5100", `/zq/${i}?a=${i}`]));
    expect(first).toEqual({ passed: [true], urls: 2 });
    expect(many.passed.every((p) => p)).toBe(true);
    expect(many.urls).toBe(2);
  });

  it("hands on what requestTarget reads as an address, and only that, a Host read or not", () => {
    const hosts = fc.constantFrom(undefined, "127.0.0.1:5100", "zq.example", "[::1", "zq example", "[::1]:80");
    const targets = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }).map((t) => `/${t}`),
      fc.constantFrom("//zq.example/a", "/\\zq", "/\t/zq", "/\\\\[::1", "//[::1", "http://[::1", "*", "/%zz"),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(hosts, targets), { minLength: 1, maxLength: 8 }), (requests) => {
        // Each request twice: the second under a Host the guard has read.
        const twice = requests.flatMap((r) => [r, r]);
        const expected = twice.map(
          ([host, url]) => requestTarget({ url, headers: host ? { host } : {} }) !== undefined,
        );
        expect(handedOn(twice).passed).toEqual(expected);
      }),
      { seed: 20_261_201, numRuns: 100 },
    );
  });
});
